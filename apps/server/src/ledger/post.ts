import { type BillType, type UserAccountPurpose, userAccountPurposes } from '@piazza/contract/enums';
import { checkBalanced } from '@piazza/core/ledger-rules';
import { one, type Queryable } from '../db/db';
import { Refusal } from '../http/refusal';

/** Names one ledger account (DESIGN.md §5): its owner (the platform is owner 0), its purpose and asset. */
export interface AccountRef {
  ownerType: 'user' | 'platform';
  ownerId: number;
  purpose: string;
  asset: string;
}

/** A signed amount in the asset's minor units: positive credits the account, negative debits it. */
export interface Posting {
  account: AccountRef;
  amount: bigint;
}

export interface EntryDraft {
  billType: BillType;
  actor: { type: 'user' | 'operator' | 'job' | 'system'; id?: string };
  /** The business row this entry belongs to (an order, a deposit, …). */
  ref?: { type: string; id: string };
  /** Unique per entry: the same movement is never posted twice. */
  idempotencyKey: string;
  memo?: string;
  postings: Posting[];
}

/** A second entry with a key already used: the caller should have asked `findEntryByKey` first. */
export class DuplicateEntryKey extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`journal entry with idempotency key ${idempotencyKey} already exists`);
  }
}

interface PgError {
  code?: string;
  constraint?: string;
}

function pgErrorOf(err: unknown): PgError {
  return typeof err === 'object' && err !== null ? (err as PgError) : {};
}

const accountKey = (a: AccountRef) => `${a.ownerType}\u0000${a.ownerId}\u0000${a.purpose}\u0000${a.asset}`;

/**
 * Posts one balanced journal entry inside the caller's transaction `q`: writes the entry and its postings and
 * moves the balances of the accounts it touches (creating them on first use).
 *
 * Refusals (the caller's transaction must then roll back; on PostgreSQL it is already aborted):
 * `balance.insufficient` when a user account would go below zero, `ledger.unknownAsset`, and the shape rules
 * `ledger.tooFewPostings`, `ledger.zeroAmount`, `ledger.unbalanced`. A reused idempotency key throws
 * DuplicateEntryKey (a programming error: check `findEntryByKey` first when a repeat is possible).
 */
export async function postEntry(q: Queryable, e: EntryDraft): Promise<{ entryId: bigint }> {
  if ('tx' in q)
    throw new Error('postEntry must run inside a transaction (db.tx), not on the database itself');
  const broken = checkBalanced(e.postings.map((p) => ({ asset: p.account.asset, amount: p.amount })));
  if (broken) throw new Refusal(broken.failure, 'asset' in broken ? [broken.asset] : []);
  // Programming errors, not refusals: a wrong owner or an unlisted purpose would open an account nobody shows.
  for (const { account } of e.postings) {
    if (account.ownerType === 'platform' && account.ownerId !== 0) {
      throw new Error(`platform accounts have owner 0, got ${account.ownerId}`);
    }
    if (
      account.ownerType === 'user' &&
      !(userAccountPurposes as readonly string[]).includes(account.purpose)
    ) {
      throw new Error(`user account purpose ${account.purpose} is not one of userAccountPurposes`);
    }
  }

  const assets = [...new Set(e.postings.map((p) => p.account.asset))];
  const known = await q.query<{ code: string }>('select code from assets where code = any($1::text[])', [
    assets,
  ]);
  const unknown = assets.find((a) => !known.some((k) => k.code === a));
  if (unknown !== undefined) throw new Refusal('ledger.unknownAsset', [unknown]);

  // Accounts are created in one fixed order (by key) so two entries creating the same new accounts wait on
  // each other instead of deadlocking.
  const refs = new Map<string, AccountRef>();
  for (const p of e.postings) refs.set(accountKey(p.account), p.account);
  const ids = new Map<string, bigint>();
  for (const [key, a] of [...refs].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    await q.query(
      `insert into accounts (owner_type, owner_id, purpose, asset) values ($1, $2, $3, $4)
       on conflict (owner_type, owner_id, purpose, asset) do nothing`,
      [a.ownerType, a.ownerId, a.purpose, a.asset],
    );
    const row = await one<{ id: bigint }>(
      q,
      'select id from accounts where owner_type = $1 and owner_id = $2 and purpose = $3 and asset = $4',
      [a.ownerType, a.ownerId, a.purpose, a.asset],
    );
    if (!row) throw new Error(`account ${key} vanished after creation`);
    ids.set(key, row.id);
  }

  let entryId: bigint;
  try {
    const entry = await one<{ id: bigint }>(
      q,
      `insert into journal_entries (bill_type, actor_type, actor_id, ref_type, ref_id, idempotency_key, memo)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        e.billType,
        e.actor.type,
        e.actor.id ?? null,
        e.ref?.type ?? null,
        e.ref?.id ?? null,
        e.idempotencyKey,
        e.memo ?? null,
      ],
    );
    if (!entry) throw new Error('journal entry insert returned nothing');
    entryId = entry.id;
  } catch (err) {
    const pgErr = pgErrorOf(err);
    if (pgErr.code === '23505' && pgErr.constraint === 'journal_entries_idempotency_key_key') {
      throw new DuplicateEntryKey(e.idempotencyKey);
    }
    throw err;
  }

  const values: string[] = [];
  const params: unknown[] = [entryId];
  for (const p of e.postings) {
    params.push(ids.get(accountKey(p.account)), p.account.asset, p.amount);
    const n = params.length;
    values.push(`($1, $${n - 2}, $${n - 1}, $${n})`);
  }
  await q.query(
    `insert into postings (entry_id, account_id, asset, amount) values ${values.join(', ')}`,
    params,
  );

  // Balances move in ascending account id: every entry takes its row locks in the same order, so concurrent
  // entries queue behind one another and never deadlock.
  const deltas = new Map<bigint, bigint>();
  for (const p of e.postings) {
    const id = ids.get(accountKey(p.account)) as bigint;
    deltas.set(id, (deltas.get(id) ?? 0n) + p.amount);
  }
  const ordered = [...deltas].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  for (const [id, delta] of ordered) {
    if (delta === 0n) continue;
    try {
      await q.query('update accounts set balance = balance + $1 where id = $2', [delta, id]);
    } catch (err) {
      const pgErr = pgErrorOf(err);
      if (pgErr.code === '23514' && pgErr.constraint === 'user_balance_not_negative') {
        throw new Refusal('balance.insufficient');
      }
      throw err;
    }
  }
  return { entryId };
}

export interface EntrySummary {
  entryId: bigint;
  billType: string;
  refType: string | null;
  refId: string | null;
  createdAt: Date;
}

/** The entry posted under `idempotencyKey`, if any: callers that may repeat a movement ask this first. */
export async function findEntryByKey(
  q: Queryable,
  idempotencyKey: string,
): Promise<EntrySummary | undefined> {
  return one<EntrySummary>(
    q,
    `select id as "entryId", bill_type as "billType", ref_type as "refType", ref_id as "refId",
            created_at as "createdAt"
       from journal_entries where idempotency_key = $1`,
    [idempotencyKey],
  );
}

/** The balance of one account in minor units; 0 for an account never used. */
export async function balanceOf(q: Queryable, ref: AccountRef): Promise<bigint> {
  const row = await one<{ balance: bigint }>(
    q,
    'select balance from accounts where owner_type = $1 and owner_id = $2 and purpose = $3 and asset = $4',
    [ref.ownerType, ref.ownerId, ref.purpose, ref.asset],
  );
  return row?.balance ?? 0n;
}

export interface UserBalance {
  /** One of userAccountPurposes: postEntry opens no other user account. */
  purpose: UserAccountPurpose;
  asset: string;
  /** Minor units per major unit = 10^scale. */
  scale: number;
  balance: bigint;
}

/** Every account a user holds, with its balance in minor units, by purpose then asset. */
export async function userBalances(q: Queryable, userId: number): Promise<UserBalance[]> {
  return q.query<UserBalance>(
    `select a.purpose, a.asset, s.scale, a.balance
       from accounts a join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1
      order by a.purpose, a.asset`,
    [userId],
  );
}
