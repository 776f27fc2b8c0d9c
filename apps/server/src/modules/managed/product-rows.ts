import type { RobotOrderView, StrategyId } from '@piazza/contract/calls/robot-shapes';
import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import type { AccountRef } from '../../ledger/post';

/* The rows of the managed products (migration 130) and the ledger accounts they move. */

export type ProductKind = 'robot' | 'fund';

export interface ProductRow {
  id: number;
  kind: ProductKind;
  name: string;
  mode: 'manual' | 'strategy';
  /** Null only for a fund traded by hand. */
  strategy: StrategyId | null;
  managerId: number | null;
  basket: string[];
  status: 'active' | 'paused';
  level: number;
  currency: string;
  /** Null for a fund: it has no end. */
  periodDays: number | null;
  lockDays: number;
  earlyExit: boolean;
  minAmount: bigint;
  maxAmount: bigint | null;
  feeBps: number;
  bookUserId: number;
  launchedAt: Date;
}

/** An AI Multiplier product: always a strategy, a period and a maximum (the table's checks say so). */
export type RobotRow = ProductRow & {
  kind: 'robot';
  strategy: StrategyId;
  periodDays: number;
  maxAmount: bigint;
};

export function asRobot(r: ProductRow | undefined): RobotRow | undefined {
  if (r?.kind !== 'robot' || r.strategy === null || r.periodDays === null || r.maxAmount === null)
    return undefined;
  return r as RobotRow;
}

export const productColumns = `id, kind, name, mode, strategy, manager_id as "managerId", basket, status, level, currency, period_days as "periodDays",
  lock_days as "lockDays", early_exit as "earlyExit", min_amount as "minAmount", max_amount as "maxAmount",
  fee_bps as "feeBps", book_user_id as "bookUserId", launched_at as "launchedAt"`;

export async function productById(q: Queryable, id: number, lock = ''): Promise<ProductRow | undefined> {
  const [row] = await q.query<ProductRow>(`select ${productColumns} from products where id = $1 ${lock}`, [
    id,
  ]);
  return row;
}

export interface ProductOrderRow {
  id: bigint;
  productId: number;
  userId: number;
  state: RobotOrderView['state'];
  invested: bigint;
  units: bigint;
  claim: bigint;
  createdAt: Date;
  lockedUntil: Date;
  endsAt: Date | null;
  redeemReason: 'matured' | 'exit' | null;
  redeemAt: Date | null;
  returnedAt: Date | null;
  returned: bigint | null;
}

export const orderColumns = `id, product_id as "productId", user_id as "userId", state, invested, units, claim,
  created_at as "createdAt", locked_until as "lockedUntil", ends_at as "endsAt", redeem_reason as "redeemReason",
  redeem_at as "redeemAt", returned_at as "returnedAt", returned`;

/**
 * What differs between the two kinds in the ledger: the investor account that holds an order's value, and the
 * bill of each movement (SPEC §4's "AI buy / profit / return" and "Fund buy / redeem"; "Fund profit" is the
 * fund's revaluation at each close, beyond SPEC's list).
 */
export const kindTerms = {
  robot: { purpose: 'robot', buy: 'ai_buy', profit: 'ai_profit', back: 'ai_return' },
  fund: { purpose: 'fund', buy: 'fund_buy', profit: 'fund_profit', back: 'fund_redeem' },
} as const;

export const orderRef = (id: bigint) => ({ type: 'product_order', id: String(id) });

/** The investor's accounts an order moves: the currency account and the robot account holding its value. */
export const investorAccount = (
  userId: number,
  purpose: 'spot' | 'robot' | 'fund',
  asset: string,
): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose,
  asset,
});

/** The book's cash: the spot account of the product's book user, the one its orders pay from. */
export const bookCash = (r: ProductRow): AccountRef => investorAccount(r.bookUserId, 'spot', r.currency);

/**
 * What the book owes its investors, the counterpart of their robot accounts: minus the sum of the claims.
 * Kept per product, so each product's claims are checked against its own book.
 */
export const claimsAccount = (r: Pick<ProductRow, 'id' | 'currency'>): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: `product:${r.id}`,
  asset: r.currency,
});

export const feesAccount = (asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'fees',
  asset,
});

const microUnitDecimals = 6;

export function orderViewOf(o: ProductOrderRow, r: ProductRow, scale: number, nowMs: number): RobotOrderView {
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
    endsAt: o.endsAt?.getTime() ?? 0,
    canExit: o.state === 'active' && r.earlyExit && nowMs >= o.lockedUntil.getTime(),
    redeemReason: o.redeemReason,
    returnedAt: o.returnedAt?.getTime() ?? null,
    returned: o.returned === null ? null : money(o.returned),
  };
}
