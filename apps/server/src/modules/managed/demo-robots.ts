import { calendarFor } from '../../market/calendar/calendar-for';
import type { Services } from '../../services';
import { closeBook, tradeBook } from './book-days';
import { saveRobot } from './robot-admin';
import { buy } from './subscriptions';

/*
 * Demo mode's AI Multiplier (issue 13): at the first start with no product yet, one product per strategy,
 * launched 15 sessions ago, each with a demo investor's subscription at launch; then the books' days are
 * replayed session by session — the open's trades through the order path, the settlement of the shares
 * bought, the close's NAV and P&L — exactly as the jobs would have run them. Every figure on the pages is so
 * measured from executed trades from the first start; nothing is typed in.
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

export async function seedDemoRobots(services: Services, investorId: number): Promise<void> {
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
  for (const session of replayed) {
    const open = session.open + 40 * minute;
    await services.jobs.runNow('settlement', 'demo seed', open);
    for (const id of ids) await tradeBook(services, id, session, open);
    for (const id of ids) await closeBook(services, id, session);
  }
}
