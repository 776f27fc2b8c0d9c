import type { Queryable } from '../db/db';
import { type Breach, type LedgerCheck, registeredLedgerChecks } from './ledger-check';

/*
 * The invariants of DESIGN.md §5, each a query for its breaches. The database constraints already prevent
 * most of them; these checks prove it on the data itself, so a constraint dropped by mistake, a hand-made
 * fix or a bug in a later module is caught.
 */

const entriesBalance: LedgerCheck = {
  name: 'entry-unbalanced',
  rule: 'the postings of every journal entry sum to zero per asset',
  async find(q) {
    const rows = await q.query<{ entryId: bigint; asset: string; sum: string }>(
      `select entry_id as "entryId", asset, sum(amount)::text as sum from postings
        group by entry_id, asset having sum(amount) <> 0 order by entry_id, asset`,
    );
    return rows.map((r) => ({
      subject: `entry ${r.entryId}`,
      detail: `${r.asset} postings sum to ${r.sum}, not 0`,
    }));
  },
};

const entriesHavePostings: LedgerCheck = {
  name: 'entry-without-postings',
  rule: 'every journal entry has postings',
  async find(q) {
    const rows = await q.query<{ entryId: bigint; key: string }>(
      `select e.id as "entryId", e.idempotency_key as key from journal_entries e
        where not exists (select 1 from postings p where p.entry_id = e.id) order by e.id`,
    );
    return rows.map((r) => ({ subject: `entry ${r.entryId}`, detail: `no postings (key ${r.key})` }));
  },
};

const balancesMatchPostings: LedgerCheck = {
  name: 'balance-mismatch',
  rule: 'every account balance equals the sum of its postings',
  async find(q) {
    const rows = await q.query<{ accountId: bigint; name: string; balance: string; sum: string }>(
      `select a.id as "accountId", a.owner_type || ':' || a.owner_id || ':' || a.purpose || ':' || a.asset as name,
              a.balance::text as balance, coalesce(sum(p.amount), 0)::text as sum
         from accounts a left join postings p on p.account_id = a.id
        group by a.id having a.balance <> coalesce(sum(p.amount), 0) order by a.id`,
    );
    return rows.map((r) => ({
      subject: `account ${r.accountId} (${r.name})`,
      detail: `balance ${r.balance} but its postings sum to ${r.sum}`,
    }));
  },
};

const usersNotNegative: LedgerCheck = {
  name: 'user-negative',
  rule: 'no user account is below zero',
  async find(q) {
    const rows = await q.query<{ accountId: bigint; name: string; balance: string }>(
      `select id as "accountId", owner_id || ':' || purpose || ':' || asset as name, balance::text as balance
         from accounts where owner_type = 'user' and balance < 0 order by id`,
    );
    return rows.map((r) => ({
      subject: `account ${r.accountId} (user:${r.name})`,
      detail: `balance ${r.balance}`,
    }));
  },
};

const postingAssetMatchesAccount: LedgerCheck = {
  name: 'posting-asset-mismatch',
  rule: "every posting is in its account's asset",
  async find(q) {
    const rows = await q.query<{ postingId: bigint; entryId: bigint; asset: string; accountAsset: string }>(
      `select p.id as "postingId", p.entry_id as "entryId", p.asset, a.asset as "accountAsset"
         from postings p join accounts a on a.id = p.account_id where p.asset <> a.asset order by p.id`,
    );
    return rows.map((r) => ({
      subject: `posting ${r.postingId} (entry ${r.entryId})`,
      detail: `in ${r.asset} on an account in ${r.accountAsset}`,
    }));
  },
};

/** The ledger's own invariants; each module's "its rows have their entries" checks are registered with it. */
export const ledgerInvariants: readonly LedgerCheck[] = [
  entriesBalance,
  entriesHavePostings,
  balancesMatchPostings,
  usersNotNegative,
  postingAssetMatchesAccount,
];

export const allLedgerChecks = (): LedgerCheck[] => [...ledgerInvariants, ...registeredLedgerChecks()];

/** Runs every check (or the given ones) and answers every breach found; an empty list means the ledger holds. */
export async function verifyLedger(
  q: Queryable,
  checks: readonly LedgerCheck[] = allLedgerChecks(),
): Promise<Breach[]> {
  const breaches: Breach[] = [];
  for (const check of checks) {
    for (const found of await check.find(q)) breaches.push({ check: check.name, ...found });
  }
  return breaches;
}
