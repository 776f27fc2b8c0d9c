import type { BillType } from '@piazza/contract/enums';
import type { Queryable } from '../../db/db';

/*
 * A monthly statement's figures, read from the ledger alone (DESIGN.md §5): each account's balance before the
 * period, what came in and went out during it, and its balance at the end (the sum of its postings up to
 * then); the shares and coins held at the end; every movement of the period with the balance after it (as
 * funds detail shows it); and the fees and taxes paid, per currency.
 */

export interface AccountFigures {
  purpose: string;
  asset: string;
  scale: number;
  kind: string;
  opening: bigint;
  inflow: bigint;
  outflow: bigint;
  closing: bigint;
}

export interface Movement {
  postingId: bigint;
  entryId: bigint;
  at: Date;
  billType: BillType;
  purpose: string;
  asset: string;
  scale: number;
  amount: bigint;
  balanceAfter: bigint;
  refType: string | null;
  refId: string | null;
}

/** Fees (what the platform's fee accounts received from this investor's entries) and taxes, per currency. */
export interface FeesAndTaxes {
  asset: string;
  scale: number;
  fees: bigint;
  taxGains: bigint;
  taxFtt: bigint;
  taxStamp: bigint;
}

export interface StatementFigures {
  accounts: AccountFigures[];
  holdings: { asset: string; scale: number; quantity: bigint }[];
  movements: Movement[];
  feesAndTaxes: FeesAndTaxes[];
}

/** The investor's accounts as they stood at `fromMs` and `toMs`, and what moved between. */
export async function accountFigures(
  q: Queryable,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<AccountFigures[]> {
  const rows = await q.query<AccountFigures>(
    `select a.purpose, a.asset, s.scale, s.kind,
            coalesce(sum(p.amount) filter (where j.created_at < $2), 0)::int8 as opening,
            coalesce(sum(p.amount) filter (where j.created_at >= $2 and j.created_at < $3 and p.amount > 0), 0)::int8
              as inflow,
            coalesce(-sum(p.amount) filter (where j.created_at >= $2 and j.created_at < $3 and p.amount < 0), 0)::int8
              as outflow,
            coalesce(sum(p.amount) filter (where j.created_at < $3), 0)::int8 as closing
       from accounts a
       join postings p on p.account_id = a.id
       join journal_entries j on j.id = p.entry_id
       join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1
      group by a.purpose, a.asset, s.scale, s.kind
     having count(*) filter (where j.created_at < $3) > 0
      order by case s.kind when 'fiat' then 0 when 'crypto' then 1 else 2 end, a.asset, a.purpose`,
    [userId, new Date(fromMs), new Date(toMs)],
  );
  return rows.map((r) => ({ ...r, scale: Number(r.scale) }));
}

export async function movements(
  q: Queryable,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<Movement[]> {
  // The balance after each posting runs over every posting of its account, as funds detail computes it.
  const rows = await q.query<Movement>(
    `with lines as (
       select p.id, p.entry_id, a.purpose, a.asset, p.amount,
              sum(p.amount) over (partition by p.account_id order by p.id) as balance_after
         from postings p join accounts a on a.id = p.account_id
        where a.owner_type = 'user' and a.owner_id = $1)
     select l.id as "postingId", l.entry_id as "entryId", j.created_at as at, j.bill_type as "billType",
            l.purpose, l.asset, s.scale, l.amount, l.balance_after::int8 as "balanceAfter",
            j.ref_type as "refType", j.ref_id as "refId"
       from lines l join journal_entries j on j.id = l.entry_id join assets s on s.code = l.asset
      where j.created_at >= $2 and j.created_at < $3
      order by l.id`,
    [userId, new Date(fromMs), new Date(toMs)],
  );
  return rows.map((r) => ({ ...r, scale: Number(r.scale) }));
}

/**
 * Fees and taxes of the investor's entries between two instants, per currency: a fee is what a platform `fees`
 * account received in an entry that moved one of the investor's accounts; a tax is what the investor's
 * accounts paid in an entry of a tax bill (less any refund of one).
 */
export async function feesAndTaxes(
  q: Queryable,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<FeesAndTaxes[]> {
  const rows = await q.query<{ asset: string; scale: number; bucket: string; amount: bigint }>(
    `with mine as (
       select distinct j.id, j.bill_type
         from journal_entries j
         join postings p on p.entry_id = j.id
         join accounts a on a.id = p.account_id
        where a.owner_type = 'user' and a.owner_id = $1 and j.created_at >= $2 and j.created_at < $3)
     select a.asset, s.scale, 'fees' as bucket, sum(p.amount)::int8 as amount
       from mine m join postings p on p.entry_id = m.id join accounts a on a.id = p.account_id
       join assets s on s.code = a.asset
      where a.owner_type = 'platform' and a.purpose = 'fees'
      group by a.asset, s.scale
     union all
     select a.asset, s.scale, m.bill_type as bucket, (-sum(p.amount))::int8 as amount
       from mine m join postings p on p.entry_id = m.id join accounts a on a.id = p.account_id
       join assets s on s.code = a.asset
      where m.bill_type in ('tax_gains', 'tax_ftt', 'tax_stamp') and a.owner_type = 'user' and a.owner_id = $1
      group by a.asset, s.scale, m.bill_type`,
    [userId, new Date(fromMs), new Date(toMs)],
  );
  const byAsset = new Map<string, FeesAndTaxes>();
  for (const r of rows) {
    const f = byAsset.get(r.asset) ?? {
      asset: r.asset,
      scale: Number(r.scale),
      fees: 0n,
      taxGains: 0n,
      taxFtt: 0n,
      taxStamp: 0n,
    };
    if (r.bucket === 'fees') f.fees += r.amount;
    else if (r.bucket === 'tax_gains') f.taxGains += r.amount;
    else if (r.bucket === 'tax_ftt') f.taxFtt += r.amount;
    else f.taxStamp += r.amount;
    byAsset.set(r.asset, f);
  }
  return [...byAsset.values()].sort((a, b) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
}

export async function statementFigures(
  q: Queryable,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<StatementFigures> {
  const accounts = await accountFigures(q, userId, fromMs, toMs);
  const held = new Map<string, { asset: string; scale: number; quantity: bigint }>();
  for (const a of accounts) {
    if (a.kind === 'fiat' || a.closing === 0n) continue;
    const h = held.get(a.asset) ?? { asset: a.asset, scale: a.scale, quantity: 0n };
    h.quantity += a.closing;
    held.set(a.asset, h);
  }
  return {
    accounts,
    holdings: [...held.values()],
    movements: await movements(q, userId, fromMs, toMs),
    feesAndTaxes: await feesAndTaxes(q, userId, fromMs, toMs),
  };
}
