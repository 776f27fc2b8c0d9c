import type { billView } from '@piazza/contract/calls/funding-shapes';
import type { BillType, UserAccountPurpose } from '@piazza/contract/enums';
import type { ListOf } from '@piazza/contract/wire';
import { formatAmount } from '@piazza/core/money';
import type { z } from 'zod';
import type { Queryable } from '../../db/db';

/*
 * Funds detail (DESIGN.md §5): the user's bills are their postings, read straight from the ledger, each with
 * the balance its account had right after it (a running sum over that account's postings in posting order).
 */

type BillView = z.output<typeof billView>;

export interface BillFilter {
  userId: number;
  billTypes?: readonly BillType[] | undefined;
  asset?: string | undefined;
  purpose?: UserAccountPurpose | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  page: number;
  size: number;
}

interface BillRow {
  id: bigint;
  entryId: bigint;
  billType: BillType;
  purpose: UserAccountPurpose;
  asset: string;
  scale: number;
  amount: bigint;
  balanceAfter: bigint;
  refType: string | null;
  refId: string | null;
  createdAt: Date;
}

export async function userBills(q: Queryable, f: BillFilter): Promise<ListOf<BillView>> {
  const params: unknown[] = [f.userId];
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.billTypes) add('j.bill_type = any(?::text[])', f.billTypes);
  if (f.asset) add('l.asset = ?', f.asset);
  if (f.purpose) add('l.purpose = ?', f.purpose);
  if (f.fromMs !== undefined) add('j.created_at >= ?', new Date(f.fromMs));
  if (f.toMs !== undefined) add('j.created_at < ?', new Date(f.toMs));
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  // The running balance is computed over every posting of the account before any filter is applied.
  const lines = `with lines as (
      select p.id, p.entry_id, a.purpose, a.asset, p.amount,
             sum(p.amount) over (partition by p.account_id order by p.id) as balance_after
        from postings p join accounts a on a.id = p.account_id
       where a.owner_type = 'user' and a.owner_id = $1)`;
  const from = 'lines l join journal_entries j on j.id = l.entry_id join assets s on s.code = l.asset';
  const [count] = await q.query<{ n: bigint }>(
    `${lines} select count(*)::int8 as n from ${from} ${clause}`,
    params,
  );
  const rows = await q.query<BillRow>(
    `${lines}
     select l.id, l.entry_id as "entryId", j.bill_type as "billType", l.purpose, l.asset, s.scale, l.amount,
            l.balance_after::int8 as "balanceAfter", j.ref_type as "refType", j.ref_id as "refId",
            j.created_at as "createdAt"
       from ${from} ${clause}
      order by l.id desc limit ${f.size} offset ${(f.page - 1) * f.size}`,
    params,
  );
  return {
    list: rows.map((r) => ({
      id: r.id.toString(),
      entryId: r.entryId.toString(),
      billType: r.billType,
      purpose: r.purpose,
      asset: r.asset,
      amount: formatAmount(r.amount, Number(r.scale)),
      balanceAfter: formatAmount(r.balanceAfter, Number(r.scale)),
      refType: r.refType,
      refId: r.refId,
      createdAt: r.createdAt.getTime(),
    })),
    total: Number(count?.n ?? 0n),
    page: f.page,
    size: f.size,
  };
}
