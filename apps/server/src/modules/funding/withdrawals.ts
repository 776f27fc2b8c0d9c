import type { adminWithdrawalRow, withdrawalView } from '@piazza/contract/calls/funding-shapes';
import type { CryptoNetwork, FundingState, WithdrawMethod } from '@piazza/contract/enums';
import type { ListOf } from '@piazza/contract/wire';
import { displayUserId } from '@piazza/core/display-id';
import { formatAmount } from '@piazza/core/money';
import type { z } from 'zod';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { pagedRows } from '../../kit/paging';
import { notifyInvestor } from '../../kit/personal-notice';
import { type AccountRef, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { requireKycVerified } from '../kyc';
import { positiveMinor } from './amounts';
import { findBinding, findCryptoAddress } from './bindings';
import { windowOf } from './channels';
import { reviewSteps } from './review-steps';
import { isOpen } from './time-window';
import { activeRule, withdrawalFee } from './withdraw-rules';

type WithdrawalView = z.output<typeof withdrawalView>;
type AdminWithdrawalRow = z.output<typeof adminWithdrawalRow>;

interface WithdrawalRow {
  id: bigint;
  userId: number;
  account: string;
  method: WithdrawMethod;
  asset: string;
  scale: number;
  network: CryptoNetwork | null;
  amount: bigint;
  fee: bigint;
  destination: string;
  destinationName: string | null;
  state: FundingState;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const withdrawalColumns = `w.id, w.user_id as "userId", u.account, w.method, w.asset, s.scale, w.network,
  w.amount, w.fee, w.destination, w.destination_name as "destinationName", w.state, w.reason,
  w.created_at as "createdAt", w.updated_at as "updatedAt"`;
const withdrawalFrom = 'withdrawals w join assets s on s.code = w.asset join users u on u.id = w.user_id';

export function withdrawalViewOf(r: WithdrawalRow): WithdrawalView {
  const scale = Number(r.scale);
  return {
    id: Number(r.id),
    orderNo: `W${String(r.id).padStart(10, '0')}`,
    method: r.method,
    asset: r.asset,
    network: r.network,
    amount: formatAmount(r.amount, scale),
    fee: formatAmount(r.fee, scale),
    destination: r.destination,
    destinationName: r.destinationName,
    state: r.state,
    reason: r.reason,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

function adminRowOf(r: WithdrawalRow): AdminWithdrawalRow {
  return { ...withdrawalViewOf(r), userId: r.userId, displayId: displayUserId(r.userId), account: r.account };
}

async function readWithdrawal(q: Queryable, id: number, lock = false): Promise<WithdrawalRow | undefined> {
  return one<WithdrawalRow>(
    q,
    `select ${withdrawalColumns} from ${withdrawalFrom} where w.id = $1 ${lock ? 'for update of w' : ''}`,
    [id],
  );
}

export const withdrawalKey = (id: number | bigint, step: 'freeze' | 'payout' | 'fee' | 'refund') =>
  `withdrawal:${id}:${step}`;

/** Where paid-out money leaves the platform: one bank account per method (and network for crypto). */
export const payoutPurpose = (method: WithdrawMethod, network: string | null) =>
  method === 'crypto' ? `bank:withdraw-${network}` : `bank:withdraw-${method}`;

export type WithdrawTarget =
  | { method: 'bank' | 'wallet'; bindingId: number }
  | { method: 'crypto'; addressId: number };

export interface WithdrawRequest {
  userId: number;
  target: WithdrawTarget;
  asset: string;
  amount: string;
  nowMs: number;
}

/** A request that passed every rule but the balance: what to freeze and where it goes. */
interface CheckedWithdrawal {
  method: WithdrawMethod;
  network: CryptoNetwork | null;
  destination: string;
  destinationName: string | null;
  bindingId: number | null;
  addressId: number | null;
  amount: bigint;
  fee: bigint;
}

/**
 * The rules of a withdrawal request, in the order a person should learn them: KYC verified, the destination
 * theirs, the method available for the asset, its hours, the amount and minimum. The withdrawal password is
 * checked after these and before the transaction (withdrawal-pin.ts), so no attempt is spent on a request
 * that could not go through; the balance (amount + fee) is checked last, by the freeze entry under the
 * account's row lock.
 */
export async function checkWithdrawal(q: Queryable, r: WithdrawRequest): Promise<CheckedWithdrawal> {
  await requireKycVerified(q, r.userId);

  let method: WithdrawMethod;
  let network: CryptoNetwork | null = null;
  let destination: string;
  let destinationName: string | null;
  let bindingId: number | null = null;
  let addressId: number | null = null;
  if (r.target.method === 'crypto') {
    const address = await findCryptoAddress(q, r.userId, r.target.addressId);
    method = 'crypto';
    network = address.network;
    destination = address.address;
    destinationName = address.label;
    addressId = address.id;
  } else {
    const binding = await findBinding(q, r.userId, r.target.bindingId);
    method = binding.kind;
    destination = binding.kind === 'bank' ? (binding.iban ?? '') : `${binding.walletType} ${binding.mobile}`;
    destinationName = binding.name;
    bindingId = binding.id;
  }
  const rule = await activeRule(q, method, r.asset, network);
  if (!isOpen(windowOf(rule), r.nowMs)) throw new Refusal('funding.withdraw.closed');
  const scale = Number(rule.scale);
  const amount = positiveMinor(r.amount, r.asset, scale);
  if (amount < rule.minAmount) {
    throw new Refusal('funding.withdraw.min', [`${formatAmount(rule.minAmount, scale)} ${r.asset}`]);
  }
  const fee = withdrawalFee(rule, amount);
  return { method, network, destination, destinationName, bindingId, addressId, amount, fee };
}

/**
 * Records a withdrawal and freezes amount + fee (spot → frozen, bill withdrawal_freeze) in the caller's
 * transaction. The caller has verified the withdrawal password first (withdrawal-pin.ts).
 */
export async function freezeWithdrawal(q: Queryable, r: WithdrawRequest): Promise<WithdrawalView> {
  const c = await checkWithdrawal(q, r);
  const now = new Date(r.nowMs);
  const row = await one<{ id: bigint }>(
    q,
    `insert into withdrawals (user_id, method, asset, network, amount, fee, binding_id, address_id, destination,
       destination_name, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning id`,
    [
      r.userId,
      c.method,
      r.asset,
      c.network,
      c.amount,
      c.fee,
      c.bindingId,
      c.addressId,
      c.destination,
      c.destinationName,
      now,
    ],
  );
  const id = row!.id;
  const spot: AccountRef = { ownerType: 'user', ownerId: r.userId, purpose: 'spot', asset: r.asset };
  const frozen: AccountRef = { ownerType: 'user', ownerId: r.userId, purpose: 'frozen', asset: r.asset };
  await postEntry(q, {
    billType: 'withdrawal_freeze',
    actor: { type: 'user', id: String(r.userId) },
    ref: { type: 'withdrawal', id: String(id) },
    idempotencyKey: withdrawalKey(id, 'freeze'),
    postings: [
      { account: spot, amount: -(c.amount + c.fee) },
      { account: frozen, amount: c.amount + c.fee },
    ],
  });
  return withdrawalViewOf((await readWithdrawal(q, Number(id)))!);
}

export async function userWithdrawal(q: Queryable, userId: number, id: number): Promise<WithdrawalView> {
  const row = await readWithdrawal(q, id);
  if (!row || row.userId !== userId) throw new Refusal('funding.withdrawal.unknown');
  return withdrawalViewOf(row);
}

export interface WithdrawalFilter {
  userId?: number | undefined;
  methods?: readonly WithdrawMethod[] | undefined;
  states?: readonly FundingState[] | undefined;
  page: number;
  size: number;
  oldestFirst: boolean;
}

async function listWithdrawals(q: Queryable, f: WithdrawalFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId !== undefined) {
    params.push(f.userId);
    where.push(`w.user_id = $${params.length}`);
  }
  if (f.methods) {
    params.push(f.methods);
    where.push(`w.method = any($${params.length}::text[])`);
  }
  if (f.states) {
    params.push(f.states);
    where.push(`w.state = any($${params.length}::text[])`);
  }
  return pagedRows<WithdrawalRow>(
    q,
    {
      columns: withdrawalColumns,
      from: withdrawalFrom,
      where: where.length > 0 ? where.join(' and ') : 'true',
      orderBy: `w.id ${f.oldestFirst ? 'asc' : 'desc'}`,
      params,
    },
    f,
  );
}

export async function userWithdrawals(q: Queryable, f: WithdrawalFilter): Promise<ListOf<WithdrawalView>> {
  const { rows, total } = await listWithdrawals(q, f);
  return { list: rows.map(withdrawalViewOf), total, page: f.page, size: f.size };
}

export async function withdrawalQueue(
  q: Queryable,
  f: WithdrawalFilter,
): Promise<ListOf<AdminWithdrawalRow>> {
  const { rows, total } = await listWithdrawals(q, f);
  return { list: rows.map(adminRowOf), total, page: f.page, size: f.size };
}

const review = reviewSteps({ kind: 'withdrawal', table: 'withdrawals', read: readWithdrawal });

/** review → processing: an operator is checking the request. */
export async function processWithdrawal(q: Queryable, id: number, operatorId: number, nowMs: number) {
  return adminRowOf(await review.process(q, id, operatorId, nowMs));
}

/** Paid out: the amount leaves frozen for the platform's payout bank (withdrawal), the fee goes to fees. */
export async function approveWithdrawal(q: Queryable, id: number, operatorId: number, nowMs: number) {
  const w = await review.waiting(q, id);
  const frozen: AccountRef = { ownerType: 'user', ownerId: w.userId, purpose: 'frozen', asset: w.asset };
  const actor = { type: 'operator' as const, id: String(operatorId) };
  const ref = { type: 'withdrawal', id: String(id) };
  await postEntry(q, {
    billType: 'withdrawal',
    actor,
    ref,
    idempotencyKey: withdrawalKey(id, 'payout'),
    postings: [
      { account: frozen, amount: -w.amount },
      {
        account: {
          ownerType: 'platform',
          ownerId: 0,
          purpose: payoutPurpose(w.method, w.network),
          asset: w.asset,
        },
        amount: w.amount,
      },
    ],
  });
  if (w.fee > 0n) {
    await postEntry(q, {
      billType: 'withdrawal_fee',
      actor,
      ref,
      idempotencyKey: withdrawalKey(id, 'fee'),
      postings: [
        { account: frozen, amount: -w.fee },
        { account: { ownerType: 'platform', ownerId: 0, purpose: 'fees', asset: w.asset }, amount: w.fee },
      ],
    });
  }
  const after = await review.setState(q, id, 'success', operatorId, nowMs, null);
  await audit(q, {
    operatorId,
    action: 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: id,
    before: { state: w.state },
    after: { state: after.state, amount: withdrawalViewOf(after).amount, fee: withdrawalViewOf(after).fee },
  });
  await notifyInvestor(q, {
    userId: w.userId,
    key: 'notice.withdrawal.paid',
    params: [withdrawalViewOf(after).amount, w.asset],
    ref: `withdrawal:${id}`,
    nowMs,
  });
  return adminRowOf(after);
}

/** Rejected: amount and fee go back from frozen to spot (withdrawal_refund), with the reason shown. */
export async function rejectWithdrawal(
  q: Queryable,
  id: number,
  operatorId: number,
  nowMs: number,
  reason: string,
) {
  const w = await review.waiting(q, id);
  await postEntry(q, {
    billType: 'withdrawal_refund',
    actor: { type: 'operator', id: String(operatorId) },
    ref: { type: 'withdrawal', id: String(id) },
    idempotencyKey: withdrawalKey(id, 'refund'),
    postings: [
      {
        account: { ownerType: 'user', ownerId: w.userId, purpose: 'frozen', asset: w.asset },
        amount: -(w.amount + w.fee),
      },
      {
        account: { ownerType: 'user', ownerId: w.userId, purpose: 'spot', asset: w.asset },
        amount: w.amount + w.fee,
      },
    ],
  });
  const after = await review.setState(q, id, 'fail', operatorId, nowMs, reason);
  await audit(q, {
    operatorId,
    action: 'withdrawal.reject',
    targetType: 'withdrawal',
    targetId: id,
    before: { state: w.state },
    after: { state: after.state },
    reason,
  });
  return adminRowOf(after);
}
