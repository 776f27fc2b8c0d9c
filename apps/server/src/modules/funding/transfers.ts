import type { TransferAccount } from '@piazza/contract/enums';
import { formatAmount } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import { postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { positiveMinor, scaleOf } from './amounts';

/**
 * A free move between the user's spot and contract accounts (DESIGN.md §10, bill transfer). `/user/transfer`
 * moves currencies, `/coin/transfer` coins: each path refuses the other's assets. A move out of the contract
 * account first passes `guardOut` in this transaction (transfer-guards.ts: the margin open positions need).
 */
export async function transfer(
  q: Queryable,
  r: {
    userId: number;
    from: TransferAccount;
    to: TransferAccount;
    asset: string;
    amount: string;
    assetKind: 'fiat' | 'crypto';
    requestId: string;
  },
  guardOut?: (move: { userId: number; asset: string; amount: bigint }) => Promise<void>,
) {
  if (r.from === r.to) throw new Refusal('funding.transfer.same');
  const kind = await one<{ kind: string }>(q, 'select kind from assets where code = $1', [r.asset]);
  if (kind?.kind !== r.assetKind) throw new Refusal('funding.transfer.asset', [r.asset]);
  const scale = await scaleOf(q, r.asset);
  const amount = positiveMinor(r.amount, r.asset, scale);
  if (r.from === 'contract' && guardOut) await guardOut({ userId: r.userId, asset: r.asset, amount });
  const { entryId } = await postEntry(q, {
    billType: 'transfer',
    actor: { type: 'user', id: String(r.userId) },
    ref: { type: 'transfer', id: `${r.userId}:${r.requestId}` },
    idempotencyKey: `transfer:${r.userId}:${r.requestId}`,
    postings: [
      { account: { ownerType: 'user', ownerId: r.userId, purpose: r.from, asset: r.asset }, amount: -amount },
      { account: { ownerType: 'user', ownerId: r.userId, purpose: r.to, asset: r.asset }, amount },
    ],
  });
  return {
    entryId: entryId.toString(),
    from: r.from,
    to: r.to,
    asset: r.asset,
    amount: formatAmount(amount, scale),
  };
}
