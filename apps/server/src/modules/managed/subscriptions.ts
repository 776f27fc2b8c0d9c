import { productClassOfRiskClass, verdictFor } from '@piazza/core/appropriateness';
import { formatAmount } from '@piazza/core/money';
import { unitsFor, valueOfUnits } from '@piazza/core/strategies/units';
import type { Queryable } from '../../db/db';
import { balanceOf, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { readProfile, requireKycVerified } from '../kyc';
import { currencyScaleOf } from '../trading';
import { navAt } from './book';
import { backtestOf } from './measured';
import {
  bookCash,
  claimsAccount,
  investorAccount,
  orderColumns,
  orderRef,
  type RobotOrderRow,
  type RobotRow,
  robotById,
} from './robot-rows';

/*
 * Buying units of a product's book, adding to them and asking for an early exit (issue 13 item 2). Each runs in
 * the caller's transaction with the product's row locked, so a subscription, the close's mark and the book's
 * orders never see each other half done; every refusal leaves nothing behind.
 */

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function openRobot(q: Queryable, id: number): Promise<RobotRow> {
  const r = await robotById(q, id, 'for update');
  if (!r) throw new Refusal('ai.notFound');
  return r;
}

/** KYC, then the product's risk class against the investor's answers (refused, or warned and acknowledged). */
async function requireAppropriate(
  q: Queryable,
  services: Services,
  r: RobotRow,
  userId: number,
  acknowledgeRisk: boolean,
): Promise<void> {
  await requireKycVerified(q, userId);
  const profile = await readProfile(q, userId);
  if (!profile) throw new Refusal('ai.profileRequired');
  const { riskClass } = await backtestOf(q, services, r);
  const verdict = verdictFor(
    { experience: profile.experience, risk: profile.riskPreference, objective: profile.objective },
    productClassOfRiskClass(riskClass),
  );
  if (verdict === 'refuse') throw new Refusal('ai.refused', [riskClass]);
  if (verdict === 'warn' && !acknowledgeRisk) throw new Refusal('ai.riskAck', [riskClass]);
}

/**
 * Moves `amount` from the investor's spot account into the book at the NAV marked now and credits the units'
 * value (rounded down) to their robot account. The market must be in session: a NAV is never made up.
 */
async function buyUnits(
  q: Queryable,
  services: Services,
  r: RobotRow,
  userId: number,
  amount: bigint,
  orderId: bigint,
  key: string,
  nowMs: number,
): Promise<{ units: bigint; claim: bigint }> {
  const scale = await currencyScaleOf(q, r.currency);
  const spot = investorAccount(userId, 'spot', r.currency);
  if ((await balanceOf(q, spot)) < amount) {
    throw new Refusal('ai.balance', [formatAmount(amount, scale), r.currency]);
  }
  const { nav, book } = await navAt(q, services, r, nowMs);
  if (!book.open) throw new Refusal('ai.marketClosed');
  // A book worth nothing with units outstanding has no price to sell units at.
  if (nav === 0n) throw new Refusal('ai.paused');
  const units = unitsFor(amount, nav);
  const claim = valueOfUnits(units, nav);
  await postEntry(q, {
    billType: 'ai_buy',
    actor: { type: 'user', id: String(userId) },
    ref: orderRef(orderId),
    idempotencyKey: key,
    memo: r.name,
    postings: [
      { account: spot, amount: -amount },
      { account: bookCash(r), amount },
      { account: investorAccount(userId, 'robot', r.currency), amount: claim },
      { account: claimsAccount(r), amount: -claim },
    ],
  });
  return { units, claim };
}

export interface Purchase {
  userId: number;
  robotId: number;
  amount: bigint;
  acknowledgeRisk: boolean;
  nowMs: number;
}

export async function buy(
  q: Queryable,
  services: Services,
  p: Purchase,
): Promise<{ robot: RobotRow; order: RobotOrderRow }> {
  const r = await openRobot(q, p.robotId);
  if (r.status !== 'active') throw new Refusal('ai.paused');
  const scale = await currencyScaleOf(q, r.currency);
  if (p.amount < r.minAmount)
    throw new Refusal('ai.amountMin', [formatAmount(r.minAmount, scale), r.currency]);
  if (p.amount > r.maxAmount)
    throw new Refusal('ai.amountMax', [formatAmount(r.maxAmount, scale), r.currency]);
  await requireAppropriate(q, services, r, p.userId, p.acknowledgeRisk);

  const now = new Date(p.nowMs);
  const [inserted] = await q.query<RobotOrderRow>(
    `insert into robot_orders (robot_id, user_id, state, invested, units, claim, created_at, locked_until, ends_at)
     values ($1, $2, 'active', $3, 0, 0, $4, $5, $6) returning ${orderColumns}`,
    [
      r.id,
      p.userId,
      p.amount,
      now,
      new Date(p.nowMs + r.lockDays * dayMs),
      new Date(p.nowMs + r.periodDays * dayMs),
    ],
  );
  const order = inserted as RobotOrderRow;
  const { units, claim } = await buyUnits(
    q,
    services,
    r,
    p.userId,
    p.amount,
    order.id,
    `robot-order:${order.id}:buy`,
    p.nowMs,
  );
  const [saved] = await q.query<RobotOrderRow>(
    `update robot_orders set units = $2, claim = $3 where id = $1 returning ${orderColumns}`,
    [String(order.id), units, claim],
  );
  return { robot: r, order: saved as RobotOrderRow };
}

async function ownOrder(
  q: Queryable,
  userId: number,
  id: number,
): Promise<{ r: RobotRow; o: RobotOrderRow }> {
  const [found] = await q.query<{ robotId: number }>(
    'select robot_id as "robotId" from robot_orders where id = $1 and user_id = $2',
    [id, userId],
  );
  if (!found) throw new Refusal('ai.orderNotFound');
  // The product first, then the order: the order the close locks them in.
  const r = await openRobot(q, found.robotId);
  const [o] = await q.query<RobotOrderRow>(
    `select ${orderColumns} from robot_orders where id = $1 for update`,
    [id],
  );
  if (!o) throw new Refusal('ai.orderNotFound');
  return { r, o };
}

/** More units on an active order at the NAV now, within the product's maximum in total (bill "AI buy"). */
export async function addAmount(
  q: Queryable,
  services: Services,
  a: { userId: number; orderId: number; amount: bigint; nowMs: number },
): Promise<{ robot: RobotRow; order: RobotOrderRow }> {
  const { r, o } = await ownOrder(q, a.userId, a.orderId);
  if (o.state !== 'active') throw new Refusal('ai.notActive');
  if (r.status !== 'active') throw new Refusal('ai.paused');
  const scale = await currencyScaleOf(q, r.currency);
  if (o.invested + a.amount > r.maxAmount) {
    throw new Refusal('ai.amountMax', [formatAmount(r.maxAmount, scale), r.currency]);
  }
  const additions = await q.query<{ n: number }>(
    `select count(*)::int as n from journal_entries where ref_type = 'robot_order' and ref_id = $1 and bill_type = 'ai_buy'`,
    [String(o.id)],
  );
  const key = `robot-order:${o.id}:add:${additions[0]?.n ?? 0}`;
  const { units, claim } = await buyUnits(q, services, r, a.userId, a.amount, o.id, key, a.nowMs);
  const [saved] = await q.query<RobotOrderRow>(
    `update robot_orders set units = units + $2, claim = claim + $3, invested = invested + $4 where id = $1
     returning ${orderColumns}`,
    [String(o.id), units, claim, a.amount],
  );
  return { robot: r, order: saved as RobotOrderRow };
}

/** An early exit after the lock-in: the order is redeemed at the next close the book has the cash for. */
export async function askExit(
  q: Queryable,
  a: { userId: number; orderId: number; nowMs: number },
): Promise<{ robot: RobotRow; order: RobotOrderRow }> {
  const { r, o } = await ownOrder(q, a.userId, a.orderId);
  if (o.state !== 'active') throw new Refusal('ai.notActive');
  if (!r.earlyExit) throw new Refusal('ai.noEarlyExit');
  if (a.nowMs < o.lockedUntil.getTime()) throw new Refusal('ai.locked', [isoDay(o.lockedUntil.getTime())]);
  const [saved] = await q.query<RobotOrderRow>(
    `update robot_orders set state = 'redeeming', redeem_reason = 'exit', redeem_at = $2 where id = $1
     returning ${orderColumns}`,
    [String(o.id), new Date(a.nowMs)],
  );
  return { robot: r, order: saved as RobotOrderRow };
}
