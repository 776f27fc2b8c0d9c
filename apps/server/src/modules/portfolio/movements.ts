import type { HoldingChange } from '@piazza/core/portfolio/daily-values';
import type { Queryable } from '../../db/db';

/*
 * The investor's balance changes read from the ledger (decision 058): all of their accounts together, so a
 * move between their own accounts (spot → frozen → locked, margin in and out) nets to nothing, and what is
 * left is what came in or went out of their wealth.
 */

/**
 * Money crossing the boundary of the investor's wealth that is not a result of investing: deposits and
 * withdrawals, a loan's principal in and its repayment out, and the platform's rewards (a starting balance or
 * a bonus is money given, not earned by investing). Everything else (fills, fees, taxes, interest) is
 * performance.
 */
export const flowBillTypes = [
  'deposit',
  'withdrawal',
  'loan_disbursal',
  'loan_repayment',
  'platform_reward',
] as const;

export interface Movement extends HoldingChange {
  /** True for deposits and withdrawals (and loans), which are money in or out, not profit. */
  flow: boolean;
}

export interface MovementsAnswer {
  movements: Movement[];
  /** Decimals of each asset moved. */
  scales: Map<string, number>;
  /** The first posting's time, or null for an account that never moved. */
  firstMs: number | null;
}

/**
 * The user's net balance changes per asset, per UTC day and kind (flow or not), timed at the day's first
 * such entry: enough to rebuild each day's close and each day's flows, in one grouped read.
 */
export async function movementsOf(q: Queryable, userId: number): Promise<MovementsAnswer> {
  const rows = await q.query<{ asset: string; scale: number; firstAt: Date; amount: bigint; flow: boolean }>(
    `select p.asset, s.scale, min(je.created_at) as "firstAt", sum(p.amount)::bigint as amount,
            je.bill_type = any($2::text[]) as flow
       from postings p
       join accounts a on a.id = p.account_id
       join journal_entries je on je.id = p.entry_id
       join assets s on s.code = p.asset
      where a.owner_type = 'user' and a.owner_id = $1
      group by p.asset, s.scale, date_trunc('day', je.created_at at time zone 'UTC'), je.bill_type = any($2::text[])
      order by min(je.created_at)`,
    [userId, [...flowBillTypes]],
  );
  const scales = new Map<string, number>();
  const movements: Movement[] = [];
  for (const r of rows) {
    scales.set(r.asset, r.scale);
    if (r.amount === 0n) continue;
    movements.push({ t: r.firstAt.getTime(), asset: r.asset, deltaMinor: r.amount, flow: r.flow });
  }
  return { movements, scales, firstMs: rows[0] ? rows[0].firstAt.getTime() : null };
}

/** One trade of a share from the ledger: the share's change and the cash's, fee included. */
export interface ShareTrade {
  t: number;
  orderId: string;
  assetMinor: bigint;
  cashMinor: bigint;
}

/**
 * The user's fills of `symbol` paid in `currency`: each fill's entry (`stock-order:{id}:fill:{n}`) with its fee
 * entry (`…:fee`), the share's and the currency's postings summed over the user's accounts.
 */
export async function shareTradesOf(
  q: Queryable,
  userId: number,
  symbol: string,
  currency: string,
): Promise<ShareTrade[]> {
  const rows = await q.query<{ key: string; orderId: string; at: Date; asset: string; amount: bigint }>(
    `select regexp_replace(je.idempotency_key, ':fee$', '') as key, je.ref_id as "orderId",
            min(je.created_at) as at, p.asset, sum(p.amount)::bigint as amount
       from journal_entries je
       join postings p on p.entry_id = je.id
       join accounts a on a.id = p.account_id
      where a.owner_type = 'user' and a.owner_id = $1 and je.ref_type = 'stock_order'
        and je.bill_type in ('spot_buy', 'spot_sell', 'trade_fee') and p.asset in ($2, $3)
      group by 1, 2, p.asset
      order by min(je.id)`,
    [userId, symbol, currency],
  );
  const byKey = new Map<string, ShareTrade>();
  for (const r of rows) {
    const trade = byKey.get(r.key) ?? {
      t: r.at.getTime(),
      orderId: r.orderId,
      assetMinor: 0n,
      cashMinor: 0n,
    };
    if (r.asset === symbol) trade.assetMinor += r.amount;
    else trade.cashMinor += r.amount;
    trade.t = Math.min(trade.t, r.at.getTime());
    byKey.set(r.key, trade);
  }
  return [...byKey.values()].filter((t) => t.assetMinor !== 0n).sort((a, b) => a.t - b.t);
}

/**
 * What a buy paid from euros exchanged (decision 057): the order's exchange entry `stock-order:{id}:fx`, as
 * euros out and dollars in, per order. The rate the investor actually got, spread included.
 */
export async function orderExchangesOf(
  q: Queryable,
  userId: number,
): Promise<Map<string, { eurMinor: bigint; usdMinor: bigint }>> {
  const rows = await q.query<{ orderId: string; asset: string; amount: bigint }>(
    `select je.ref_id as "orderId", p.asset, sum(p.amount)::bigint as amount
       from journal_entries je
       join postings p on p.entry_id = je.id
       join accounts a on a.id = p.account_id
      where a.owner_type = 'user' and a.owner_id = $1 and je.ref_type = 'stock_order'
        and je.idempotency_key like 'stock-order:%:fx' and p.asset in ('EUR', 'USD')
      group by je.ref_id, p.asset`,
    [userId],
  );
  const out = new Map<string, { eurMinor: bigint; usdMinor: bigint }>();
  for (const r of rows) {
    const x = out.get(r.orderId) ?? { eurMinor: 0n, usdMinor: 0n };
    if (r.asset === 'EUR') x.eurMinor -= r.amount;
    else x.usdMinor += r.amount;
    out.set(r.orderId, x);
  }
  return out;
}
