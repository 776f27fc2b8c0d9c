import * as calls from '@piazza/contract/calls/bonds';
import type { BondMovementView, BondPositionView, EtfView } from '@piazza/contract/calls/bonds-shapes';
import { accruedInterestMinor } from '@piazza/core/bonds/bond-math';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { type EtfFacts, etfFacts, etfFactsOf } from '../../market/catalogue/etfs';
import {
  type GovernmentBond,
  governmentBondOf,
  governmentBonds,
} from '../../market/catalogue/government-bonds';
import { quoteOrNull } from '../../market/market-service';
import { quoteToWire } from '../../market/to-wire';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradePinGuard } from '../security';
import { mountBondAdminCalls } from './admin-routes';
import { bondViewOf, eur, ticketOf } from './bond-rows';
import { bondJobs } from './jobs';
import { type BondQuote, bondQuote, isoDay, romeDay } from './quotes';
import { tradeBond } from './trades';

/* ETFs' facts and the government bonds' quotes, tickets, trades and positions (issue 20, decisions 052–053). */

function mountEtfCalls(app: FastifyInstance, services: Services): void {
  const { market } = services;

  async function etfViewOf(f: EtfFacts): Promise<EtfView> {
    const instrument = market.instrument(f.symbol);
    const quote = instrument ? await quoteOrNull(market, f.symbol) : null;
    return {
      symbol: f.symbol,
      ticker: f.ticker,
      name: f.name,
      isin: f.isin,
      issuer: f.issuer,
      benchmark: f.benchmark,
      assetClass: f.assetClass,
      structure: f.structure,
      ter: formatAmount(BigInt(f.terBp), 2),
      replication: f.replication,
      distribution: f.distribution,
      fundCurrency: f.fundCurrency,
      currency: 'EUR',
      kidUrl: f.kidUrl,
      quote: instrument && quote ? quoteToWire(instrument, quote) : null,
    };
  }

  implement(app, services, calls.etfList, async (ctx) => {
    const { assetClass, maxTer, currency } = ctx.input;
    const maxTerBp = maxTer === undefined ? null : Number(parseAmount(maxTer, 2));
    const chosen = etfFacts
      .filter((f) => assetClass === undefined || f.assetClass === assetClass)
      .filter((f) => maxTerBp === null || f.terBp <= maxTerBp)
      .filter((f) => currency === undefined || f.fundCurrency === currency)
      .sort((a, b) => a.terBp - b.terBp || a.name.localeCompare(b.name));
    return { list: await Promise.all(chosen.map(etfViewOf)) };
  });

  implement(app, services, calls.etfInfo, async (ctx) => {
    const facts = etfFactsOf(ctx.input.symbol);
    if (!facts) throw new Refusal('etf.notFound', [ctx.input.symbol]);
    return etfViewOf(facts);
  });
}

/** Today's quote, or par with nothing accrued for a bond matured and not yet redeemed. */
function quoteOrPar(bond: GovernmentBond, day: number): BondQuote {
  if (day < bond.maturityDay) return bondQuote(bond, day);
  return {
    day,
    valueDay: day,
    tradable: false,
    bidMilli: 100_000n,
    askMilli: 100_000n,
    midMilli: 100_000n,
    accruedPer100: 0,
    yieldGross: 0,
    yieldNet: 0,
    nextCoupon: null,
  };
}

function mountBondCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;
  const tradePin = tradePinGuard(services);

  implement(app, services, calls.bondList, async (ctx) => {
    const day = romeDay(clock.now());
    const list = governmentBonds
      .filter((b) => b.issueDay <= day && day < b.maturityDay)
      .filter((b) => ctx.input.kind === undefined || b.kind === ctx.input.kind)
      .sort((a, b) => a.maturityDay - b.maturityDay)
      .map((b) => ({ b, quote: bondQuote(b, day) }))
      // In its last days a bond no longer trades: a trade would settle on or after its redemption.
      .filter(({ quote }) => quote.tradable)
      .map(({ b, quote }) => bondViewOf(b, quote));
    return { list };
  });

  implement(app, services, calls.bondTicket, async (ctx) => {
    const { isin, side, nominal } = ctx.input;
    return ticketOf(isin, side, nominal, romeDay(clock.now())).view;
  });

  for (const [call, side] of [
    [calls.userBondBuy, 'buy'],
    [calls.userBondSell, 'sell'],
  ] as const) {
    implement(
      app,
      services,
      call,
      async (ctx) =>
        tradeBond(ctx.q, side, {
          userId: userOf(ctx).id,
          isin: ctx.input.isin,
          nominal: ctx.input.nominal,
          nowMs: clock.now(),
        }),
      { guard: tradePin },
    );
  }

  implement(app, services, calls.userBondPositions, async (ctx) => {
    const day = romeDay(clock.now());
    const rows = await ctx.db.query<{ isin: string; nominal: bigint; cost: bigint }>(
      'select isin, nominal, cost from bond_positions where user_id = $1 and nominal > 0 order by isin',
      [userOf(ctx).id],
    );
    const list: BondPositionView[] = [];
    for (const r of rows) {
      const bond = governmentBondOf(r.isin);
      if (!bond) continue;
      const quote = quoteOrPar(bond, day);
      const accrued = day < bond.maturityDay ? accruedInterestMinor(bond, r.nominal, day) : 0n;
      const value = (r.nominal * quote.bidMilli * 2n + 100_000n) / 200_000n;
      list.push({
        bond: bondViewOf(bond, quote),
        nominal: eur(r.nominal),
        cost: eur(r.cost),
        value: eur(value),
        accrued: eur(accrued),
        currency: 'EUR',
      });
    }
    return { list };
  });

  implement(app, services, calls.userBondMovements, async (ctx) => {
    const rows = await ctx.db.query<{
      kind: BondMovementView['kind'];
      id: bigint;
      isin: string;
      day: number;
      nominal: bigint;
      amount: bigint;
      withheld: bigint;
      at: Date;
    }>(
      `select * from (
         select side as kind, id, isin, settle_day as day, nominal,
                case when side = 'buy' then -total else total end as amount, 0::bigint as withheld, created_at as at
           from bond_trades where user_id = $1
         union all
         select 'coupon', id, isin, coupon_day, nominal, net, withheld, paid_at from bond_coupons where user_id = $1
         union all
         select 'redemption', id, isin, null, nominal, net, withheld, paid_at from bond_redemptions where user_id = $1
       ) m order by at desc, kind limit 200`,
      [userOf(ctx).id],
    );
    const list: BondMovementView[] = [];
    for (const r of rows) {
      const bond = governmentBondOf(r.isin);
      if (!bond) continue;
      list.push({
        id: `${r.kind}:${r.id}`,
        kind: r.kind,
        isin: r.isin,
        bondKind: bond.kind,
        coupon: formatAmount(BigInt(bond.couponBasisPoints), 2),
        maturityDate: isoDay(bond.maturityDay),
        date: isoDay(r.day ?? (r.kind === 'redemption' ? bond.maturityDay : romeDay(r.at.getTime()))),
        nominal: eur(r.nominal),
        amount: eur(r.amount),
        withheld: eur(r.withheld),
      });
    }
    return { list };
  });
}

export async function registerBonds(app: FastifyInstance, services: Services): Promise<void> {
  mountEtfCalls(app, services);
  mountBondCalls(app, services);
  mountBondAdminCalls(app, services);
  for (const job of bondJobs(services)) services.jobs.define(job);
}
