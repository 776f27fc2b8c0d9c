import { type BillType, type UserAccountPurpose, userAccountPurposes } from '@piazza/contract/enums';
import { checkBalanced } from '@piazza/core/ledger-rules';
import { one, type Queryable } from '../db/db';
import { countLedgerEntry } from '../platform/metrics';
import { Refusal } from '../platform/refusal';

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

/** Platform balance changes a transaction has posted and not yet applied, by account id. */
const pendingPlatform = new WeakMap<Queryable, Map<bigint, bigint>>();

/**
 * The ids of the accounts an entry names: one read for those that exist (nearly always all of them), then
 * the missing ones created in one fixed order (by key), so two entries creating the same new accounts wait on
 * each other instead of deadlocking. A missing account's asset must be known (`ledger.unknownAsset`).
 */
async function accountIds(q: Queryable, refs: Map<string, AccountRef>): Promise<Map<string, bigint>> {
  const wanted = [...refs.values()];
  const found = await q.query<AccountRef & { id: bigint }>(
    `select a.id, a.owner_type as "ownerType", a.owner_id as "ownerId", a.purpose, a.asset
       from accounts a
       join unnest($1::text[], $2::int[], $3::text[], $4::text[]) as w(owner_type, owner_id, purpose, asset)
         on a.owner_type = w.owner_type and a.owner_id = w.owner_id and a.purpose = w.purpose
        and a.asset = w.asset`,
    [
      wanted.map((a) => a.ownerType),
      wanted.map((a) => a.ownerId),
      wanted.map((a) => a.purpose),
      wanted.map((a) => a.asset),
    ],
  );
  const ids = new Map<string, bigint>();
  for (const row of found) ids.set(accountKey(row), row.id);
  const missing = [...refs].filter(([key]) => !ids.has(key));
  if (missing.length === 0) return ids;

  const assets = [...new Set(missing.map(([, a]) => a.asset))];
  const known = await q.query<{ code: string }>('select code from assets where code = any($1::text[])', [
    assets,
  ]);
  const unknown = assets.find((a) => !known.some((k) => k.code === a));
  if (unknown !== undefined) throw new Refusal('ledger.unknownAsset', [unknown]);

  for (const [key, a] of missing.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const params = [a.ownerType, a.ownerId, a.purpose, a.asset];
    // Another transaction may create it first: then this one waits for it and reads its id.
    const created = await one<{ id: bigint }>(
      q,
      `insert into accounts (owner_type, owner_id, purpose, asset) values ($1, $2, $3, $4)
       on conflict (owner_type, owner_id, purpose, asset) do nothing returning id`,
      params,
    );
    const row =
      created ??
      (await one<{ id: bigint }>(
        q,
        'select id from accounts where owner_type = $1 and owner_id = $2 and purpose = $3 and asset = $4',
        params,
      ));
    if (!row) throw new Error(`account ${key} vanished after creation`);
    ids.set(key, row.id);
  }
  return ids;
}

/**
 * Adds each delta to its account's balance in one statement that first locks the rows in ascending id: every
 * transaction takes its row locks in the same order, so concurrent ones queue behind one another and never
 * deadlock. A user account going below zero is refused as `balance.insufficient`.
 */
async function moveBalances(q: Queryable, deltas: Map<bigint, bigint>): Promise<void> {
  const moves = [...deltas].filter(([, delta]) => delta !== 0n);
  if (moves.length === 0) return;
  try {
    await q.query(
      `with moves as (select * from unnest($1::bigint[], $2::bigint[]) as m(id, delta)),
            locked as materialized (select id from accounts where id = any($1::bigint[]) order by id for no key update)
       update accounts a set balance = a.balance + moves.delta
         from locked join moves on moves.id = locked.id
        where a.id = locked.id`,
      [moves.map(([id]) => id.toString()), moves.map(([, delta]) => delta.toString())],
    );
  } catch (err) {
    const pgErr = pgErrorOf(err);
    if (pgErr.code === '23514' && pgErr.constraint === 'user_balance_not_negative') {
      throw new Refusal('balance.insufficient');
    }
    throw err;
  }
}

/**
 * Posts one balanced journal entry inside the caller's transaction `q`: writes the entry and its postings and
 * moves the balances of the accounts it touches (creating them on first use). User balances move at once;
 * platform balances move when the transaction commits, in the same transaction (decision 020), so within it
 * `balanceOf` a platform account does not yet show this entry: read platform balances after the commit.
 *
 * Refusals (the caller's transaction must then roll back; on PostgreSQL it is already aborted):
 * `balance.insufficient` when a user account would go below zero, `ledger.unknownAsset`, and the shape rules
 * `ledger.tooFewPostings`, `ledger.zeroAmount`, `ledger.unbalanced`. A reused idempotency key throws
 * DuplicateEntryKey (a programming error: check `findEntryByKey` first when a repeat is possible).
 */
export async function postEntry(q: Queryable, e: EntryDraft): Promise<{ entryId: bigint }> {
  const [posted] = await postEntries(q, [e]);
  return posted as { entryId: bigint };
}

/**
 * Posts several balanced journal entries at once, as `postEntry` posts one (the same checks, refusals and
 * deferred platform balances), in three statements whatever their number: the accounts of all of them resolved
 * in one read, the entries with their postings in one insert, the user's balances in one update. The entries
 * keep their order (ids ascending); their balances move together, so a refusal names no single one of them.
 */
export async function postEntries(
  q: Queryable,
  entries: readonly EntryDraft[],
): Promise<{ entryId: bigint }[]> {
  if ('tx' in q)
    throw new Error('postEntry must run inside a transaction (db.tx), not on the database itself');
  if (entries.length === 0) return [];
  checkEntryDrafts(entries);

  const refs = new Map<string, AccountRef>();
  for (const e of entries) for (const p of e.postings) refs.set(accountKey(p.account), p.account);
  const ids = await accountIds(q, refs);

  // The entries and their postings in one statement; entries and postings keep the drafts' order.
  const postings = entries.flatMap((e, n) => e.postings.map((p) => ({ n: n + 1, p })));
  let posted: { entryId: bigint }[];
  try {
    const rows = await q.query<{ entryId: bigint; n: number }>(
      `with drafts as (
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           with ordinality as d(bill_type, actor_type, actor_id, ref_type, ref_id, idempotency_key, memo, n)),
       entry as (
         insert into journal_entries (bill_type, actor_type, actor_id, ref_type, ref_id, idempotency_key, memo)
         select bill_type, actor_type, actor_id, ref_type, ref_id, idempotency_key, memo from drafts order by n
         returning id, idempotency_key),
       lines as (
         insert into postings (entry_id, account_id, asset, amount)
         select entry.id, p.account_id, p.asset, p.amount
           from unnest($8::int[], $9::bigint[], $10::text[], $11::bigint[]) with ordinality
                  as p(entry_n, account_id, asset, amount, n)
           join drafts on drafts.n = p.entry_n
           join entry on entry.idempotency_key = drafts.idempotency_key
          order by p.n
         returning entry_id)
       select entry.id as "entryId", drafts.n::int as n
         from entry join drafts on drafts.idempotency_key = entry.idempotency_key
        where exists (select 1 from lines where lines.entry_id = entry.id)
        order by drafts.n`,
      [
        entries.map((e) => e.billType),
        entries.map((e) => e.actor.type),
        entries.map((e) => e.actor.id ?? null),
        entries.map((e) => e.ref?.type ?? null),
        entries.map((e) => e.ref?.id ?? null),
        entries.map((e) => e.idempotencyKey),
        entries.map((e) => e.memo ?? null),
        postings.map(({ n }) => n),
        postings.map(({ p }) => String(ids.get(accountKey(p.account)))),
        postings.map(({ p }) => p.account.asset),
        postings.map(({ p }) => p.amount.toString()),
      ],
    );
    if (rows.length !== entries.length) throw new Error('journal entry insert returned nothing');
    posted = rows.map((r) => ({ entryId: r.entryId }));
    for (const e of entries) countLedgerEntry(q, e.billType);
  } catch (err) {
    const pgErr = pgErrorOf(err);
    if (pgErr.code === '23505' && pgErr.constraint === 'journal_entries_idempotency_key_key') {
      const keys = entries.map((e) => e.idempotencyKey);
      const repeated = keys.find((k, i) => keys.indexOf(k) !== i) ?? (await takenKey(q, keys));
      throw new DuplicateEntryKey(repeated ?? (keys[0] as string));
    }
    throw err;
  }

  const userDeltas = new Map<bigint, bigint>();
  const platformDeltas = new Map<bigint, bigint>();
  for (const { p } of postings) {
    const id = ids.get(accountKey(p.account)) as bigint;
    const deltas = p.account.ownerType === 'user' ? userDeltas : platformDeltas;
    deltas.set(id, (deltas.get(id) ?? 0n) + p.amount);
  }
  // The user's balances now: a spend beyond them refuses the entry here, with everything it wrote.
  await moveBalances(q, userDeltas);
  // The platform's balances just before COMMIT, all of the transaction's at once (decision 020): its accounts
  // (market, fees, …) are in nearly every entry, and a row lock taken here would be held, and waited on by
  // every other order, for the rest of the transaction.
  if (q.beforeCommit) {
    let pending = pendingPlatform.get(q);
    if (!pending) {
      const collected = new Map<bigint, bigint>();
      pending = collected;
      pendingPlatform.set(q, collected);
      q.beforeCommit(async () => {
        pendingPlatform.delete(q);
        await moveBalances(q, collected);
      });
    }
    for (const [id, delta] of platformDeltas) pending.set(id, (pending.get(id) ?? 0n) + delta);
  } else {
    await moveBalances(q, platformDeltas);
  }
  return posted;
}

/** The shape rules every entry passes before anything is written (refusals), and the owners' programming errors. */
export function checkEntryDrafts(entries: readonly EntryDraft[]): void {
  for (const e of entries) {
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
  }
}

/**
 * Entries as a SQL function that writes them takes them (migration 198, decision 072): checked as `postEntries`
 * checks them, their accounts by key in key order (the order `postEntries` creates missing ones in), each
 * entry with its postings naming an account by key, and the balance changes summed per account, the user's
 * apart from the platform's (which the function moves last, decision 020). An entry with `refRow` n takes as its
 * ref id (its `ref.type` kept) the id of the n-th row the function inserts first (a sale's tax realisation).
 * Amounts as text.
 */
export function entriesForFunction(entries: readonly (EntryDraft & { refRow?: number })[]) {
  checkEntryDrafts(entries);
  const refs = new Map<string, AccountRef>();
  for (const e of entries) for (const p of e.postings) refs.set(accountKey(p.account), p.account);
  const user = new Map<string, bigint>();
  const platform = new Map<string, bigint>();
  for (const e of entries) {
    for (const p of e.postings) {
      const key = accountKey(p.account);
      const deltas = p.account.ownerType === 'user' ? user : platform;
      deltas.set(key, (deltas.get(key) ?? 0n) + p.amount);
    }
  }
  // Named by their place in key order (the keys hold a NUL, which jsonb cannot).
  const sorted = [...refs].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const nameOf = new Map(sorted.map(([key], n) => [key, String(n + 1)]));
  const name = (key: string) => nameOf.get(key) as string;
  const moves = (m: Map<string, bigint>) =>
    [...m]
      .filter(([, delta]) => delta !== 0n)
      .map(([account, delta]) => ({ account: name(account), delta: delta.toString() }));
  return {
    accounts: sorted.map(([key, a]) => ({ key: name(key), ...a })),
    entries: entries.map((e) => ({
      billType: e.billType,
      actorType: e.actor.type,
      actorId: e.actor.id ?? null,
      refType: e.ref?.type ?? null,
      refId: e.refRow === undefined ? (e.ref?.id ?? null) : null,
      refRow: e.refRow ?? null,
      key: e.idempotencyKey,
      memo: e.memo ?? null,
      postings: e.postings.map((p) => ({
        account: name(accountKey(p.account)),
        asset: p.account.asset,
        amount: p.amount.toString(),
      })),
    })),
    userMoves: moves(user),
    platformMoves: moves(platform),
    /** For the metrics, once the function has run. */
    billTypes: entries.map((e) => e.billType),
  };
}

/** A user balance the statement would take below zero, as the ledger's refusal; anything else as it came. */
export function balanceRefusalOf(err: unknown): unknown {
  const pgErr = pgErrorOf(err);
  return pgErr.code === '23514' && pgErr.constraint === 'user_balance_not_negative'
    ? new Refusal('balance.insufficient')
    : err;
}

/** Which of `keys` an earlier entry holds (only to name it in DuplicateEntryKey; the transaction is aborted on PostgreSQL). */
async function takenKey(q: Queryable, keys: string[]): Promise<string | undefined> {
  if (keys.length === 1) return keys[0];
  try {
    const [row] = await q.query<{ key: string }>(
      'select idempotency_key as key from journal_entries where idempotency_key = any($1::text[]) limit 1',
      [keys],
    );
    return row?.key;
  } catch {
    return undefined;
  }
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

/**
 * Makes an asset known to the ledger if it is not yet (a share first traded or delivered, a coin an offering
 * lists): postings in an unknown asset are refused. An asset already known keeps its kind and scale.
 */
export async function ensureAsset(
  q: Queryable,
  asset: { code: string; kind: 'fiat' | 'crypto' | 'security'; scale: number },
): Promise<void> {
  await q.query(`insert into assets (code, kind, scale) values ($1, $2, $3) on conflict (code) do nothing`, [
    asset.code,
    asset.kind,
    asset.scale,
  ]);
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
