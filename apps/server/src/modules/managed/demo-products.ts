import { calendarFor } from '../../market/calendar/calendar-for';
import type { Services } from '../../services';
import { closeBook, tradeBook } from './book-days';
import { fundTicket, saveFund, saveManager } from './fund-admin';
import { saveRobot } from './robot-admin';
import { buy } from './subscriptions';

/*
 * Demo mode's managed products (issue 13): at the first start with no product yet, one product per strategy,
 * launched 15 sessions ago, each with a demo investor's subscription at launch; then the books' days are
 * replayed session by session — the open's trades through the order path, the settlement of the shares
 * bought, the close's NAV and P&L — exactly as the jobs would have run them. Every figure on the pages is so
 * measured from executed trades from the first start; nothing is typed in.
 *
 * Two copy-trading funds ride the same replay: one whose manager trades by hand (its tickets placed on the
 * first and eighth sessions, as a manager would from the back office), one bound to the trend strategy.
 */

const sessionsBack = 15;
const minute = 60_000;

const demoProducts = [
  {
    name: 'Trend Italia',
    strategy: 'trend' as const,
    basket: 'ENI.MI,ENEL.MI,ISP.MI,UCG.MI,STLAM.MI',
    level: 1,
    periodDays: 90,
    lockDays: 30,
    earlyExit: true,
    minAmount: '500.00',
    maxAmount: '100000.00',
    managementFeePercent: '1.50',
  },
  {
    name: 'Ritorno alla media',
    strategy: 'meanReversion' as const,
    basket: 'G.MI,TEN.MI,PST.MI,SRG.MI,TRN.MI',
    level: 2,
    periodDays: 60,
    lockDays: 14,
    earlyExit: true,
    minAmount: '1000.00',
    maxAmount: '50000.00',
    managementFeePercent: '1.20',
  },
  {
    name: 'Breakout Blue Chip',
    strategy: 'breakout' as const,
    basket: 'RACE.MI,LDO.MI,PRY.MI,MONC.MI,STMMI.MI',
    level: 3,
    periodDays: 30,
    lockDays: 30,
    earlyExit: false,
    minAmount: '1000.00',
    maxAmount: '25000.00',
    managementFeePercent: '2.00',
  },
  {
    name: 'Indice a volatilità controllata',
    strategy: 'volatilityTarget' as const,
    basket: 'ENI.MI,ENEL.MI,ISP.MI,UCG.MI,RACE.MI,G.MI,STLAM.MI,TEN.MI',
    level: 1,
    periodDays: 180,
    lockDays: 7,
    earlyExit: true,
    minAmount: '100.00',
    maxAmount: '200000.00',
    managementFeePercent: '0.80',
  },
];

const demoAmounts = [1_500_000n, 1_000_000n, 800_000n, 2_000_000n];

export async function seedDemoProducts(services: Services, investorId: number): Promise<void> {
  const { db, clock } = services;
  const [count] = await db.query<{ n: number }>('select count(*)::int as n from products');
  if ((count?.n ?? 0) > 0) return;
  const calendar = calendarFor('XMIL');
  const now = clock.now();
  const sessions = calendar.sessionsBetween(now - 40 * 86_400_000, now).filter((s) => s.close <= now);
  const replayed = sessions.slice(-sessionsBack);
  const first = replayed[0];
  if (!first) return;
  const launchMs = first.open + 5 * minute;
  try {
    await services.market.quote('ENI.MI', launchMs);
  } catch (err) {
    // No market to replay on (a feed that cannot answer): the products wait for a start that has one.
    services.log.warn({ err }, 'demo AI products not seeded: the market cannot answer');
    return;
  }

  const ids: number[] = [];
  for (const [i, terms] of demoProducts.entries()) {
    const robot = await db.tx((q) => saveRobot(q, services, terms, null, launchMs));
    ids.push(robot.id);
    await db.tx((q) =>
      buy(q, services, {
        kind: 'robot',
        userId: investorId,
        productId: robot.id,
        amount: demoAmounts[i] ?? 100_000n,
        acknowledgeRisk: true,
        nowMs: launchMs + 5 * minute,
      }),
    );
  }
  const funds = await seedDemoFunds(services, investorId, launchMs);
  ids.push(funds.strategyFundId);
  const held = new Map<string, number>();
  for (const [day, session] of replayed.entries()) {
    const open = session.open + 40 * minute;
    await services.jobs.runNow('settlement', 'demo seed', open);
    for (const id of ids) await tradeBook(services, id, session, open);
    for (const ticket of await ticketsOn(services, day, open + minute, held)) {
      await db.tx((q) =>
        fundTicket(q, services, {
          ...ticket,
          fundId: funds.manualFundId,
          operatorId: null,
          nowMs: open + minute,
        }),
      );
    }
    for (const id of [...ids, funds.manualFundId]) await closeBook(services, id, session);
  }
}

/**
 * The manual fund's tickets by replayed session: about nine tenths of its €10,000 into the basket on the
 * first, half the ENI and a quarter of the SRG sold on the eighth. Quantities follow the prices of the day.
 */
async function ticketsOn(
  services: Services,
  day: number,
  atMs: number,
  held: Map<string, number>,
): Promise<{ symbol: string; side: 'buy' | 'sell'; quantity: number }[]> {
  if (day === 0) {
    const budget: [string, number][] = [
      ['ENI.MI', 2500],
      ['ENEL.MI', 2500],
      ['SRG.MI', 2000],
      ['TRN.MI', 2000],
    ];
    const tickets = [];
    for (const [symbol, euros] of budget) {
      const quote = await services.market.quote(symbol, atMs);
      const scale = 10 ** (services.market.instrument(symbol)?.priceScale ?? 2);
      const quantity = Math.floor((euros * scale) / Number(quote.last));
      held.set(symbol, quantity);
      tickets.push({ symbol, side: 'buy' as const, quantity });
    }
    return tickets;
  }
  if (day === 7) {
    return [
      { symbol: 'ENI.MI', side: 'sell', quantity: Math.floor((held.get('ENI.MI') ?? 0) / 2) },
      { symbol: 'SRG.MI', side: 'sell', quantity: Math.floor((held.get('SRG.MI') ?? 0) / 4) },
    ];
  }
  return [];
}

async function seedDemoFunds(
  services: Services,
  investorId: number,
  launchMs: number,
): Promise<{ manualFundId: number; strategyFundId: number }> {
  const { db } = services;
  const chiara = await db.tx((q) =>
    saveManager(
      q,
      {
        name: 'Chiara Bassi',
        bio: 'Vent’anni sulle azioni italiane, energia e reti: compra società che pagano dividendi e le tiene.',
      },
      null,
      launchMs,
    ),
  );
  const luca = await db.tx((q) =>
    saveManager(
      q,
      {
        name: 'Luca Ferri',
        bio: 'Segue la tendenza delle blue chip di Piazza Affari con una regola scritta nel codice, senza eccezioni.',
      },
      null,
      launchMs,
    ),
  );
  const manual = await db.tx((q) =>
    saveFund(
      q,
      services,
      {
        managerId: chiara.id,
        name: 'Energia Italia',
        mode: 'manual',
        basket: 'ENI.MI,ENEL.MI,SRG.MI,TRN.MI',
        minAmount: '100.00',
        managementFeePercent: '1.00',
      },
      null,
      launchMs,
    ),
  );
  const strategy = await db.tx((q) =>
    saveFund(
      q,
      services,
      {
        managerId: luca.id,
        name: 'Momentum Blue Chip',
        mode: 'strategy',
        strategy: 'trend',
        basket: 'RACE.MI,LDO.MI,PRY.MI,UCG.MI,ISP.MI',
        minAmount: '100.00',
        managementFeePercent: '1.20',
      },
      null,
      launchMs,
    ),
  );
  for (const fund of [manual, strategy]) {
    await db.tx((q) =>
      buy(q, services, {
        kind: 'fund',
        userId: investorId,
        productId: fund.id,
        amount: 1_000_000n,
        acknowledgeRisk: true,
        nowMs: launchMs + 6 * minute,
      }),
    );
  }
  return { manualFundId: manual.id, strategyFundId: strategy.id };
}
