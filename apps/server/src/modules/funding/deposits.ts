import type { adminDepositRow, depositView } from '@piazza/contract/calls/funding-shapes';
import type { ChannelKind, CryptoNetwork, FundingState } from '@piazza/contract/enums';
import type { ListOf } from '@piazza/contract/wire';
import { displayUserId } from '@piazza/core/display-id';
import { formatAmount } from '@piazza/core/money';
import type { z } from 'zod';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { pagedRows } from '../../kit/paging';
import { notifyInvestor } from '../../kit/personal-notice';
import { postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { positiveMinor } from './amounts';
import { activeChannel, windowOf } from './channels';
import { reviewSteps } from './review-steps';
import { isOpen } from './time-window';

type DepositView = z.output<typeof depositView>;
type AdminDepositRow = z.output<typeof adminDepositRow>;

interface DepositRow {
  id: bigint;
  userId: number;
  account: string;
  channelId: number;
  channelName: string;
  kind: ChannelKind;
  asset: string;
  scale: number;
  network: CryptoNetwork | null;
  amount: bigint;
  state: FundingState;
  utr: string | null;
  receiptId: string | null;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const depositColumns = `d.id, d.user_id as "userId", u.account, d.channel_id as "channelId",
  c.name as "channelName", d.kind, d.asset, s.scale, d.network, d.amount, d.state, d.utr,
  d.receipt_id as "receiptId", d.reason, d.created_at as "createdAt", d.updated_at as "updatedAt"`;
const depositFrom = `deposits d join deposit_channels c on c.id = d.channel_id join assets s on s.code = d.asset
  join users u on u.id = d.user_id`;

export function depositViewOf(r: DepositRow): DepositView {
  return {
    id: Number(r.id),
    orderNo: `D${String(r.id).padStart(10, '0')}`,
    channelId: r.channelId,
    channelName: r.channelName,
    kind: r.kind,
    asset: r.asset,
    network: r.network,
    amount: formatAmount(r.amount, Number(r.scale)),
    state: r.state,
    utr: r.utr,
    receiptId: r.receiptId,
    reason: r.reason,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

function adminRowOf(r: DepositRow): AdminDepositRow {
  return { ...depositViewOf(r), userId: r.userId, displayId: displayUserId(r.userId), account: r.account };
}

async function readDeposit(q: Queryable, id: number, lock = false): Promise<DepositRow | undefined> {
  return one<DepositRow>(
    q,
    `select ${depositColumns} from ${depositFrom} where d.id = $1 ${lock ? 'for update of d' : ''}`,
    [id],
  );
}

export interface DepositRequest {
  userId: number;
  channelId: number;
  amount: string;
  utr?: string | undefined;
  receiptId?: string | undefined;
  /** The kinds of channel the calling path accepts. */
  kinds: readonly ChannelKind[];
  nowMs: number;
}

/**
 * A deposit the user says they made: checked against its channel (active, the right kind, open now, within
 * its limits) and carrying a UTR or a receipt the user uploaded. It moves no money: the operator's approval
 * posts it.
 */
export async function submitDeposit(q: Queryable, r: DepositRequest): Promise<DepositView> {
  const channel = await activeChannel(q, r.channelId);
  if (!r.kinds.includes(channel.kind)) throw new Refusal('funding.channel.kind');
  if (!isOpen(windowOf(channel), r.nowMs)) throw new Refusal('funding.channel.closed');
  const scale = Number(channel.scale);
  const amount = positiveMinor(r.amount, channel.asset, scale);
  if (amount < channel.minAmount) {
    throw new Refusal('funding.amount.min', [`${formatAmount(channel.minAmount, scale)} ${channel.asset}`]);
  }
  if (amount > channel.maxAmount) {
    throw new Refusal('funding.amount.max', [`${formatAmount(channel.maxAmount, scale)} ${channel.asset}`]);
  }
  if (!r.utr && !r.receiptId) throw new Refusal('funding.proof.required');
  if (r.receiptId) {
    // A receipt is an upload of this user's own (the upload call of KYC), never someone else's.
    const own = await one(q, 'select 1 from kyc_documents where id = $1 and user_id = $2', [
      r.receiptId,
      r.userId,
    ]);
    if (!own) throw new Refusal('funding.receipt.format');
  }
  const now = new Date(r.nowMs);
  const row = await one<{ id: bigint }>(
    q,
    `insert into deposits (user_id, channel_id, kind, asset, network, amount, utr, receipt_id, created_at,
       updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning id`,
    [
      r.userId,
      channel.id,
      channel.kind,
      channel.asset,
      channel.network,
      amount,
      r.utr ?? null,
      r.receiptId ?? null,
      now,
    ],
  );
  const saved = await readDeposit(q, Number(row!.id));
  return depositViewOf(saved!);
}

export async function userDeposit(q: Queryable, userId: number, id: number): Promise<DepositView> {
  const row = await readDeposit(q, id);
  if (!row || row.userId !== userId) throw new Refusal('funding.deposit.unknown');
  return depositViewOf(row);
}

export interface DepositFilter {
  userId?: number | undefined;
  kinds?: readonly ChannelKind[] | undefined;
  states?: readonly FundingState[] | undefined;
  page: number;
  size: number;
  /** The queue reads oldest first, the user's records newest first. */
  oldestFirst: boolean;
}

async function listDeposits(q: Queryable, f: DepositFilter): Promise<{ rows: DepositRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId !== undefined) {
    params.push(f.userId);
    where.push(`d.user_id = $${params.length}`);
  }
  if (f.kinds) {
    params.push(f.kinds);
    where.push(`d.kind = any($${params.length}::text[])`);
  }
  if (f.states) {
    params.push(f.states);
    where.push(`d.state = any($${params.length}::text[])`);
  }
  return pagedRows<DepositRow>(
    q,
    {
      columns: depositColumns,
      from: depositFrom,
      where: where.length > 0 ? where.join(' and ') : 'true',
      orderBy: `d.id ${f.oldestFirst ? 'asc' : 'desc'}`,
      params,
    },
    f,
  );
}

export async function userDeposits(q: Queryable, f: DepositFilter): Promise<ListOf<DepositView>> {
  const { rows, total } = await listDeposits(q, f);
  return { list: rows.map(depositViewOf), total, page: f.page, size: f.size };
}

export async function depositQueue(q: Queryable, f: DepositFilter): Promise<ListOf<AdminDepositRow>> {
  const { rows, total } = await listDeposits(q, f);
  return { list: rows.map(adminRowOf), total, page: f.page, size: f.size };
}

/** The platform account a channel's money arrives in (DESIGN.md §5: bank:{channel}). */
export const channelBankPurpose = (channelId: number) => `bank:${channelId}`;
export const depositEntryKey = (id: number | bigint) => `deposit:${id}`;

const review = reviewSteps({ kind: 'deposit', table: 'deposits', read: readDeposit });

/** review → processing: an operator is checking the payment. */
export async function processDeposit(q: Queryable, id: number, operatorId: number, nowMs: number) {
  return adminRowOf(await review.process(q, id, operatorId, nowMs));
}

/**
 * Approval: the deposit's entry (platform bank:{channel} → the user's spot, bill deposit) and its success,
 * in one transaction; the row lock makes a second approval see 'success' and be refused.
 */
export async function approveDeposit(q: Queryable, id: number, operatorId: number, nowMs: number) {
  const before = await review.waiting(q, id);
  const { entryId } = await postEntry(q, {
    billType: 'deposit',
    actor: { type: 'operator', id: String(operatorId) },
    ref: { type: 'deposit', id: String(id) },
    idempotencyKey: depositEntryKey(id),
    postings: [
      {
        account: {
          ownerType: 'platform',
          ownerId: 0,
          purpose: channelBankPurpose(before.channelId),
          asset: before.asset,
        },
        amount: -before.amount,
      },
      {
        account: { ownerType: 'user', ownerId: before.userId, purpose: 'spot', asset: before.asset },
        amount: before.amount,
      },
    ],
  });
  const after = await review.setState(q, id, 'success', operatorId, nowMs, null);
  await audit(q, {
    operatorId,
    action: 'deposit.approve',
    targetType: 'deposit',
    targetId: id,
    before: { state: before.state },
    after: {
      state: after.state,
      entryId,
      amount: formatAmount(before.amount, Number(before.scale)),
      asset: before.asset,
    },
  });
  await notifyInvestor(q, {
    userId: before.userId,
    key: 'notice.deposit.credited',
    params: [formatAmount(before.amount, Number(before.scale)), before.asset],
    ref: `deposit:${id}`,
    nowMs,
  });
  return { ...adminRowOf(after), entryId: entryId.toString() };
}

export async function rejectDeposit(
  q: Queryable,
  id: number,
  operatorId: number,
  nowMs: number,
  reason: string,
) {
  const before = await review.waiting(q, id);
  const after = await review.setState(q, id, 'fail', operatorId, nowMs, reason);
  await audit(q, {
    operatorId,
    action: 'deposit.reject',
    targetType: 'deposit',
    targetId: id,
    before: { state: before.state },
    after: { state: after.state },
    reason,
  });
  return adminRowOf(after);
}
