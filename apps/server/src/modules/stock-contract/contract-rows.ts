import { one, type Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';

/** One stock_contracts row as the services read it (minor units throughout). */
export interface ContractRow {
  id: bigint;
  userId: number;
  symbol: string;
  currency: string;
  side: 'long' | 'short';
  leverage: number;
  state: 'open' | 'closed';
  quantity: bigint;
  entryNotional: bigint;
  entryValue: bigint;
  margin: bigint;
  addedMargin: bigint;
  openFee: bigint;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  closeNotional: bigint | null;
  pnl: bigint | null;
  closeFee: bigint;
  absorbed: bigint;
  closeReason: 'user' | 'take_profit' | 'stop_loss' | 'close_out' | null;
  createdAt: Date;
  closedAt: Date | null;
}

export type CloseReason = NonNullable<ContractRow['closeReason']>;

export const contractColumns = `id, user_id as "userId", symbol, currency, side, leverage, state, quantity,
  entry_notional as "entryNotional", entry_value as "entryValue", margin, added_margin as "addedMargin",
  open_fee as "openFee", take_profit as "takeProfit", stop_loss as "stopLoss",
  close_notional as "closeNotional", pnl, close_fee as "closeFee", absorbed, close_reason as "closeReason",
  created_at as "createdAt", closed_at as "closedAt"`;

/** The user's position, or the refusal `stockContract.notFound` (someone else's is not found either). */
export async function userContract(q: Queryable, userId: number, id: number | bigint): Promise<ContractRow> {
  const row = await one<ContractRow>(
    q,
    `select ${contractColumns} from stock_contracts where id = $1 and user_id = $2`,
    [BigInt(id), userId],
  );
  if (!row) throw new Refusal('stockContract.notFound');
  return row;
}

/**
 * The position locked for the rest of the transaction, so a close, a trigger and a close-out never
 * interleave. Its account is locked first: every transaction takes the account, then its positions (as an
 * opening and the close-out do), so two of them never wait on each other in opposite orders.
 */
export async function lockContract(q: Queryable, id: bigint): Promise<ContractRow | undefined> {
  const owner = await one<{ userId: number; currency: string }>(
    q,
    'select user_id as "userId", currency from stock_contracts where id = $1',
    [id],
  );
  if (!owner) return undefined;
  await lockContractAccount(q, owner.userId, owner.currency);
  return one<ContractRow>(q, `select ${contractColumns} from stock_contracts where id = $1 for update`, [id]);
}

/** The open positions of one contract account (a user and a currency), oldest first. */
export async function openContracts(
  q: Queryable,
  userId: number,
  currency: string,
  lock = false,
): Promise<ContractRow[]> {
  return q.query<ContractRow>(
    `select ${contractColumns} from stock_contracts
      where user_id = $1 and currency = $2 and state = 'open' order by id ${lock ? 'for update' : ''}`,
    [userId, currency],
  );
}

/**
 * Locks the user's contract account in a currency (creating it empty on first use) and answers its balance:
 * every change to what an account's positions require takes this lock first, so two opens never both spend
 * the same free margin.
 */
export async function lockContractAccount(q: Queryable, userId: number, currency: string): Promise<bigint> {
  await q.query(
    `insert into accounts (owner_type, owner_id, purpose, asset) values ('user', $1, 'contract', $2)
     on conflict (owner_type, owner_id, purpose, asset) do nothing`,
    [userId, currency],
  );
  const row = await one<{ balance: bigint }>(
    q,
    `select balance from accounts where owner_type = 'user' and owner_id = $1 and purpose = 'contract'
        and asset = $2 for update`,
    [userId, currency],
  );
  return row?.balance ?? 0n;
}
