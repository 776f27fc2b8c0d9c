import { averageInvested } from '@piazza/core/documents/average-invested';
import { mulDiv } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import { localDayOf } from '../../market/calendar/zoned-time';
import { documentZone } from './periods';

/*
 * The MiFID II yearly report of costs and charges (art. 50 of Regulation 2017/565), from the ledger: per
 * currency, what the investor paid the platform in the year by kind, and that total as a percentage of the
 * average invested. The average invested is the mean, over the days of the year the investor had money with
 * us (to the report's end), of what they had paid in less what they had taken out by each day's end (deposits,
 * rewards, withdrawals paid): a figure the ledger gives exactly, where a market value would need prices of
 * every day. Taxes are not costs of the service (they are on the tax certificate).
 */

export interface CostFigures {
  asset: string;
  scale: number;
  /** Trading, contract and option fees: every fee but a withdrawal's. */
  service: bigint;
  withdrawal: bigint;
  /** Interest booked on the investor's loans. */
  financing: bigint;
  total: bigint;
  averageInvested: bigint;
  /** total / averageInvested in basis points (1/100 of a percent), or null with nothing invested. */
  percentBp: bigint | null;
}

const flowBills = ['deposit', 'withdrawal', 'platform_reward'];

export async function costFigures(
  q: Queryable,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<CostFigures[]> {
  const fees = await q.query<{ asset: string; scale: number; withdrawal: boolean; amount: bigint }>(
    `with mine as (
       select distinct j.id, j.bill_type
         from journal_entries j
         join postings p on p.entry_id = j.id
         join accounts a on a.id = p.account_id
        where a.owner_type = 'user' and a.owner_id = $1 and j.created_at >= $2 and j.created_at < $3)
     select a.asset, s.scale, (m.bill_type = 'withdrawal_fee') as withdrawal, sum(p.amount)::int8 as amount
       from mine m join postings p on p.entry_id = m.id join accounts a on a.id = p.account_id
       join assets s on s.code = a.asset
      where a.owner_type = 'platform' and a.purpose = 'fees'
      group by a.asset, s.scale, (m.bill_type = 'withdrawal_fee')`,
    [userId, new Date(fromMs), new Date(toMs)],
  );
  // Loan interest is booked between platform accounts (the loan's and interest income): the loan names its owner.
  const interest = await q.query<{ asset: string; scale: number; amount: bigint }>(
    `select a.asset, s.scale, sum(p.amount)::int8 as amount
       from journal_entries j
       join postings p on p.entry_id = j.id
       join accounts a on a.id = p.account_id
       join assets s on s.code = a.asset
      where j.bill_type = 'loan_interest' and a.owner_type = 'platform' and a.purpose = 'interest-income'
        and j.created_at >= $2 and j.created_at < $3
        and j.ref_type = 'loan' and j.ref_id in (select id::text from loans where user_id = $1)
      group by a.asset, s.scale`,
    [userId, new Date(fromMs), new Date(toMs)],
  );
  const flows = await q.query<{ asset: string; scale: number; at: Date; amount: bigint }>(
    `select a.asset, s.scale, j.created_at as at, sum(p.amount)::int8 as amount
       from journal_entries j
       join postings p on p.entry_id = j.id
       join accounts a on a.id = p.account_id
       join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1 and j.bill_type = any($2::text[]) and j.created_at < $3
        and s.kind <> 'security'
      group by a.asset, s.scale, j.id, j.created_at
      order by j.created_at, j.id`,
    [userId, flowBills, new Date(toMs)],
  );

  const out = new Map<string, CostFigures>();
  const of = (asset: string, scale: number): CostFigures => {
    let c = out.get(asset);
    if (!c) {
      c = {
        asset,
        scale: Number(scale),
        service: 0n,
        withdrawal: 0n,
        financing: 0n,
        total: 0n,
        averageInvested: 0n,
        percentBp: null,
      };
      out.set(asset, c);
    }
    return c;
  };
  for (const f of fees) {
    const c = of(f.asset, f.scale);
    if (f.withdrawal) c.withdrawal += f.amount;
    else c.service += f.amount;
  }
  for (const i of interest) of(i.asset, i.scale).financing += i.amount;

  const firstDay = localDayOf(documentZone, fromMs);
  const lastDay = localDayOf(documentZone, toMs - 1);
  const byAsset = new Map<string, { scale: number; at: Date; amount: bigint }[]>();
  for (const f of flows) byAsset.set(f.asset, [...(byAsset.get(f.asset) ?? []), f]);
  for (const [asset, list] of byAsset) {
    const dated = list.map((f) => ({ day: localDayOf(documentZone, f.at.getTime()), amount: f.amount }));
    const average = averageInvested(dated, firstDay, lastDay);
    if (average === null) continue;
    of(asset, (list[0] as { scale: number }).scale).averageInvested = average;
  }

  for (const c of out.values()) {
    c.total = c.service + c.withdrawal + c.financing;
    c.percentBp = c.averageInvested > 0n ? mulDiv(c.total, 10_000n, c.averageInvested, 'halfEven') : null;
  }
  return [...out.values()]
    .filter((c) => c.total !== 0n || c.averageInvested !== 0n)
    .sort((a, b) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
}
