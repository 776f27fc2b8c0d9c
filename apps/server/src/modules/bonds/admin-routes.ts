import * as calls from '@piazza/contract/calls/bonds';
import type { AdminBondDetail, AdminBondRow } from '@piazza/contract/calls/bonds-shapes';
import { couponMinor, withheldMinor } from '@piazza/core/bonds/bond-math';
import { formatAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement } from '../../http/implement';
import { dayOfIso } from '../../market/calendar/civil-date';
import {
  type GovernmentBond,
  governmentBonds,
  governmentBondTaxBpOn,
} from '../../market/catalogue/government-bonds';
import type { Services } from '../../services';
import { bondByIsin, bondViewOf, eur } from './bond-rows';
import { bondQuote, isoDay, romeDay } from './quotes';

/*
 * The back office's bonds screen (decision 064), for finance: every bond of the catalogue with today's quote and
 * what investors hold of it; one bond's holders, the coupons and redemptions its jobs paid (totals per date, from
 * their rows), the next coupon the platform will pay on today's holdings and the redemption due at maturity.
 */

const milli = (m: bigint): string => formatAmount(m, 3);

interface Holding {
  holders: number;
  nominal: bigint;
}

async function holdingsByIsin(q: Queryable): Promise<Map<string, Holding>> {
  const rows = await q.query<{ isin: string; holders: bigint; nominal: bigint }>(
    `select isin, count(*)::bigint as holders, sum(nominal)::bigint as nominal
       from bond_positions where nominal > 0 group by isin`,
  );
  return new Map(rows.map((r) => [r.isin, { holders: Number(r.holders), nominal: r.nominal }]));
}

function rowOf(bond: GovernmentBond, day: number, held: Holding | undefined): AdminBondRow {
  const state = day >= bond.maturityDay ? 'matured' : day < bond.issueDay ? 'notIssued' : 'quoted';
  const base = {
    isin: bond.isin,
    kind: bond.kind,
    coupon: formatAmount(BigInt(bond.couponBasisPoints), 2),
    couponsPerYear: bond.frequency,
    issueDate: isoDay(bond.issueDay),
    maturityDate: isoDay(bond.maturityDay),
    holders: held?.holders ?? 0,
    nominalHeld: eur(held?.nominal ?? 0n),
    state,
    valueDate: isoDay(day),
  } as const;
  if (state !== 'quoted') {
    return {
      ...base,
      nextCoupon: null,
      price: null,
      bid: null,
      ask: null,
      accruedPer100: null,
      yieldGross: null,
      yieldNet: null,
    };
  }
  const quote = bondQuote(bond, day);
  const view = bondViewOf(bond, quote);
  return {
    ...base,
    valueDate: view.settlementDate,
    nextCoupon: view.nextCoupon,
    price: milli(quote.midMilli),
    bid: view.bid,
    ask: view.ask,
    accruedPer100: view.accruedPer100,
    yieldGross: view.yieldGross,
    yieldNet: view.yieldNet,
  };
}

async function detailOf(q: Queryable, bond: GovernmentBond, day: number): Promise<AdminBondDetail> {
  const holders = await q.query<{ userId: number; account: string; nominal: bigint; cost: bigint }>(
    `select p.user_id as "userId", u.account, p.nominal, p.cost
       from bond_positions p join users u on u.id = p.user_id
      where p.isin = $1 and p.nominal > 0
      order by p.nominal desc, p.user_id`,
    [bond.isin],
  );
  const coupons = await q.query<{
    day: number;
    investors: bigint;
    nominal: bigint;
    gross: bigint;
    withheld: bigint;
    net: bigint;
  }>(
    `select coupon_day as day, count(*)::bigint as investors, sum(nominal)::bigint as nominal,
            sum(gross)::bigint as gross, sum(withheld)::bigint as withheld, sum(net)::bigint as net
       from bond_coupons where isin = $1 group by coupon_day order by coupon_day desc`,
    [bond.isin],
  );
  const [redeemed] = await q.query<{
    investors: bigint;
    nominal: bigint | null;
    withheld: bigint | null;
    net: bigint | null;
  }>(
    `select count(*)::bigint as investors, sum(nominal)::bigint as nominal, sum(withheld)::bigint as withheld,
            sum(net)::bigint as net
       from bond_redemptions where isin = $1`,
    [bond.isin],
  );
  const payments: AdminBondDetail['payments'] = [];
  if (redeemed && redeemed.investors > 0n) {
    payments.push({
      kind: 'redemption',
      date: isoDay(bond.maturityDay),
      investors: Number(redeemed.investors),
      nominal: eur(redeemed.nominal ?? 0n),
      gross: eur(redeemed.nominal ?? 0n),
      withheld: eur(redeemed.withheld ?? 0n),
      net: eur(redeemed.net ?? 0n),
    });
  }
  for (const c of coupons) {
    payments.push({
      kind: 'coupon',
      date: isoDay(c.day),
      investors: Number(c.investors),
      nominal: eur(c.nominal),
      gross: eur(c.gross),
      withheld: eur(c.withheld),
      net: eur(c.net),
    });
  }

  const nominalHeld = holders.reduce((sum, h) => sum + h.nominal, 0n);
  const row = rowOf(bond, day, { holders: holders.length, nominal: nominalHeld });
  // The next coupon as the job will pay it: to the nominal settled before its date (a buy of the last two business
  // days settles after it, a sale's seller is still paid), each investor's coupon and withholding rounded alone.
  let nextCoupon: AdminBondDetail['nextCoupon'] = null;
  if (row.nextCoupon !== null) {
    const couponDay = dayOfIso(row.nextCoupon);
    const entitled = await q.query<{ nominal: bigint }>(
      `select sum(case when side = 'buy' then nominal else -nominal end)::bigint as nominal
         from bond_trades where isin = $1 and settle_day < $2
        group by user_id having sum(case when side = 'buy' then nominal else -nominal end) > 0`,
      [bond.isin, couponDay],
    );
    const rate = governmentBondTaxBpOn(couponDay);
    let gross = 0n;
    let withheld = 0n;
    let nominal = 0n;
    for (const h of entitled) {
      const g = couponMinor(bond, h.nominal);
      nominal += h.nominal;
      gross += g;
      withheld += withheldMinor(g, rate);
    }
    nextCoupon = {
      date: row.nextCoupon,
      investors: entitled.length,
      nominal: eur(nominal),
      gross: eur(gross),
      withheld: eur(withheld),
      net: eur(gross - withheld),
    };
  }
  return {
    bond: row,
    holders: holders.map((h) => ({
      userId: h.userId,
      account: h.account,
      nominal: eur(h.nominal),
      cost: eur(h.cost),
    })),
    payments,
    nextCoupon,
    redemption: { date: isoDay(bond.maturityDay), investors: holders.length, nominal: eur(nominalHeld) },
  };
}

export function mountBondAdminCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, calls.adminBonds, async (ctx) => {
    const day = romeDay(clock.now());
    const held = await holdingsByIsin(ctx.db);
    const list = [...governmentBonds]
      .sort((a, b) => a.maturityDay - b.maturityDay || (a.isin < b.isin ? -1 : 1))
      .map((b) => rowOf(b, day, held.get(b.isin)));
    return { list };
  });

  implement(app, services, calls.adminBond, async (ctx) =>
    detailOf(ctx.db, bondByIsin(ctx.input.isin), romeDay(clock.now())),
  );
}
