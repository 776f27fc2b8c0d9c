import type { RobotOrderView, StrategyId } from '@piazza/contract/calls/robot-shapes';
import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import type { AccountRef } from '../../ledger/post';

/* The rows of the AI Multiplier (migration 130) and the ledger accounts they move. */

export interface RobotRow {
  id: number;
  name: string;
  strategy: StrategyId;
  basket: string[];
  status: 'active' | 'paused';
  level: number;
  currency: string;
  periodDays: number;
  lockDays: number;
  earlyExit: boolean;
  minAmount: bigint;
  maxAmount: bigint;
  feeBps: number;
  bookUserId: number;
  launchedAt: Date;
}

export const robotColumns = `id, name, strategy, basket, status, level, currency, period_days as "periodDays",
  lock_days as "lockDays", early_exit as "earlyExit", min_amount as "minAmount", max_amount as "maxAmount",
  fee_bps as "feeBps", book_user_id as "bookUserId", launched_at as "launchedAt"`;

export async function robotById(q: Queryable, id: number, lock = ''): Promise<RobotRow | undefined> {
  const [row] = await q.query<RobotRow>(`select ${robotColumns} from robots where id = $1 ${lock}`, [id]);
  return row;
}

export interface RobotOrderRow {
  id: bigint;
  robotId: number;
  userId: number;
  state: RobotOrderView['state'];
  invested: bigint;
  units: bigint;
  claim: bigint;
  createdAt: Date;
  lockedUntil: Date;
  endsAt: Date;
  redeemReason: 'matured' | 'exit' | null;
  redeemAt: Date | null;
  returnedAt: Date | null;
  returned: bigint | null;
}

export const orderColumns = `id, robot_id as "robotId", user_id as "userId", state, invested, units, claim,
  created_at as "createdAt", locked_until as "lockedUntil", ends_at as "endsAt", redeem_reason as "redeemReason",
  redeem_at as "redeemAt", returned_at as "returnedAt", returned`;

export const orderRef = (id: bigint) => ({ type: 'robot_order', id: String(id) });

/** The investor's accounts an order moves: the currency account and the robot account holding its value. */
export const investorAccount = (userId: number, purpose: 'spot' | 'robot', asset: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose,
  asset,
});

/** The book's cash: the spot account of the product's book user, the one its orders pay from. */
export const bookCash = (r: RobotRow): AccountRef => investorAccount(r.bookUserId, 'spot', r.currency);

/**
 * What the book owes its investors, the counterpart of their robot accounts: minus the sum of the claims.
 * Kept per product, so each product's claims are checked against its own book.
 */
export const claimsAccount = (r: Pick<RobotRow, 'id' | 'currency'>): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: `robot:${r.id}`,
  asset: r.currency,
});

export const feesAccount = (asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'fees',
  asset,
});

const microUnitDecimals = 6;

export function orderViewOf(o: RobotOrderRow, r: RobotRow, scale: number, nowMs: number): RobotOrderView {
  const money = (v: bigint) => formatAmount(v, scale);
  const worth = o.state === 'returned' ? (o.returned ?? 0n) : o.claim;
  return {
    id: Number(o.id),
    robotId: r.id,
    robotName: r.name,
    currency: r.currency,
    state: o.state,
    invested: money(o.invested),
    units: formatAmount(o.units, microUnitDecimals),
    value: money(o.state === 'returned' ? 0n : o.claim),
    profit: money(worth - o.invested),
    createdAt: o.createdAt.getTime(),
    lockedUntil: o.lockedUntil.getTime(),
    endsAt: o.endsAt.getTime(),
    canExit: o.state === 'active' && r.earlyExit && nowMs >= o.lockedUntil.getTime(),
    redeemReason: o.redeemReason,
    returnedAt: o.returnedAt?.getTime() ?? null,
    returned: o.returned === null ? null : money(o.returned),
  };
}
