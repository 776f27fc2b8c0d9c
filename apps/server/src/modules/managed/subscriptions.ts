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
import { riskClassOf } from './measured';
import {
  bookCash,
  claimsAccount,
  investorAccount,
  kindTerms,
  orderColumns,
  orderRef,
  type ProductKind,
  type ProductOrderRow,
  type ProductRow,
  productById,
} from './product-rows';

/*
 * Buying units of a product's book, adding to them and asking for an early exit (issue 13 item 2). Each runs in
 * the caller's transaction with the product's row locked, so a subscription, the close's mark and the book's
 * orders never see each other half done; every refusal leaves nothing behind.
 */

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A refusal in the kind's words: `ai.paused` for an AI product, `fund.paused` for a fund. */
export const refusalOf = (kind: ProductKind, name: string, params: (string | number)[] = []) =>
  new Refusal(`${kind === 'robot' ? 'ai' : 'fund'}.${name}`, params);

async function openProduct(q: Queryable, id: number, kind: ProductKind): Promise<ProductRow> {
  const r = await productById(q, id, 'for update');
  if (!r || r.kind !== kind) throw refusalOf(kind, 'notFound');
  return r;
}

/** KYC, then the product's risk class against the investor's answers (refused, or warned and acknowledged). */
async function requireAppropriate(
  q: Queryable,
  services: Services,
  r: ProductRow,
  userId: number,
  acknowledgeRisk: boolean,
): Promise<void> {
  await requireKycVerified(q, userId);
  const profile = await readProfile(q, userId);
  if (!profile) throw refusalOf(r.kind, 'profileRequired');
  const riskClass = await riskClassOf(q, services, r);
  // A fund not yet rated (too few closes) is judged as volatile as crypto-assets: a warning to accept.
  const verdict = verdictFor(
    { experience: profile.experience, risk: profile.riskPreference, objective: profile.objective },
    riskClass === null ? 'crypto' : productClassOfRiskClass(riskClass),
  );
  if (verdict === 'refuse') throw refusalOf(r.kind, 'refused', [riskClass ?? 7]);
  if (verdict === 'warn' && !acknowledgeRisk) throw refusalOf(r.kind, 'riskAck', [riskClass ?? 7]);
}

/**
 * Moves `amount` from the investor's spot account into the book at the NAV marked now and credits the units'
 * value (rounded down) to their robot account. The market must be in session: a NAV is never made up.
 */
async function buyUnits(
  q: Queryable,
  services: Services,
  r: ProductRow,
  userId: number,
  amount: bigint,
  orderId: bigint,
  key: string,
  nowMs: number,
): Promise<{ units: bigint; claim: bigint }> {
  const scale = await currencyScaleOf(q, r.currency);
  const spot = investorAccount(userId, 'spot', r.currency);
  if ((await balanceOf(q, spot)) < amount) {
    throw refusalOf(r.kind, 'balance', [formatAmount(amount, scale), r.currency]);
  }
  const { nav, book } = await navAt(q, services, r, nowMs);
  if (!book.open) throw refusalOf(r.kind, 'marketClosed');
  // A book worth nothing with units outstanding has no price to sell units at.
  if (nav === 0n) throw refusalOf(r.kind, 'paused');
  const units = unitsFor(amount, nav);
  const claim = valueOfUnits(units, nav);
  await postEntry(q, {
    billType: kindTerms[r.kind].buy,
    actor: { type: 'user', id: String(userId) },
    ref: orderRef(orderId),
    idempotencyKey: key,
    memo: r.name,
    postings: [
      { account: spot, amount: -amount },
      { account: bookCash(r), amount },
      { account: investorAccount(userId, kindTerms[r.kind].purpose, r.currency), amount: claim },
      { account: claimsAccount(r), amount: -claim },
    ],
  });
  return { units, claim };
}

export interface Purchase {
  kind: ProductKind;
  userId: number;
  productId: number;
  amount: bigint;
  acknowledgeRisk: boolean;
  nowMs: number;
}

export async function buy(
  q: Queryable,
  services: Services,
  p: Purchase,
): Promise<{ robot: ProductRow; order: ProductOrderRow }> {
  const r = await openProduct(q, p.productId, p.kind);
  if (r.status !== 'active') throw refusalOf(r.kind, 'paused');
  const scale = await currencyScaleOf(q, r.currency);
  if (p.amount < r.minAmount)
    throw refusalOf(r.kind, 'amountMin', [formatAmount(r.minAmount, scale), r.currency]);
  if (r.maxAmount !== null && p.amount > r.maxAmount)
    throw refusalOf(r.kind, 'amountMax', [formatAmount(r.maxAmount, scale), r.currency]);
  await requireAppropriate(q, services, r, p.userId, p.acknowledgeRisk);

  const now = new Date(p.nowMs);
  const [inserted] = await q.query<ProductOrderRow>(
    `insert into product_orders (product_id, user_id, state, invested, units, claim, created_at, locked_until, ends_at)
     values ($1, $2, 'active', $3, 0, 0, $4, $5, $6) returning ${orderColumns}`,
    [
      r.id,
      p.userId,
      p.amount,
      now,
      new Date(p.nowMs + r.lockDays * dayMs),
      r.periodDays === null ? null : new Date(p.nowMs + r.periodDays * dayMs),
    ],
  );
  const order = inserted as ProductOrderRow;
  const { units, claim } = await buyUnits(
    q,
    services,
    r,
    p.userId,
    p.amount,
    order.id,
    `product-order:${order.id}:buy`,
    p.nowMs,
  );
  const [saved] = await q.query<ProductOrderRow>(
    `update product_orders set units = $2, claim = $3 where id = $1 returning ${orderColumns}`,
    [String(order.id), units, claim],
  );
  return { robot: r, order: saved as ProductOrderRow };
}

async function ownOrder(
  q: Queryable,
  kind: ProductKind,
  userId: number,
  id: number,
): Promise<{ r: ProductRow; o: ProductOrderRow }> {
  const [found] = await q.query<{ productId: number }>(
    `select o.product_id as "productId" from product_orders o join products p on p.id = o.product_id
      where o.id = $1 and o.user_id = $2 and p.kind = $3`,
    [id, userId, kind],
  );
  if (!found) throw refusalOf(kind, 'orderNotFound');
  // The product first, then the order: the order the close locks them in.
  const r = await openProduct(q, found.productId, kind);
  const [o] = await q.query<ProductOrderRow>(
    `select ${orderColumns} from product_orders where id = $1 for update`,
    [id],
  );
  if (!o) throw refusalOf(kind, 'orderNotFound');
  return { r, o };
}

/** More units on an active order at the NAV now, within the product's maximum in total (bill "AI buy"). */
export async function addAmount(
  q: Queryable,
  services: Services,
  a: { kind: ProductKind; userId: number; orderId: number; amount: bigint; nowMs: number },
): Promise<{ robot: ProductRow; order: ProductOrderRow }> {
  const { r, o } = await ownOrder(q, a.kind, a.userId, a.orderId);
  if (o.state !== 'active') throw refusalOf(r.kind, 'notActive');
  if (r.status !== 'active') throw refusalOf(r.kind, 'paused');
  const scale = await currencyScaleOf(q, r.currency);
  if (r.maxAmount !== null && o.invested + a.amount > r.maxAmount) {
    throw refusalOf(r.kind, 'amountMax', [formatAmount(r.maxAmount, scale), r.currency]);
  }
  const additions = await q.query<{ n: number }>(
    `select count(*)::int as n from journal_entries where ref_type = 'product_order' and ref_id = $1 and bill_type = $2`,
    [String(o.id), kindTerms[r.kind].buy],
  );
  const key = `product-order:${o.id}:add:${additions[0]?.n ?? 0}`;
  const { units, claim } = await buyUnits(q, services, r, a.userId, a.amount, o.id, key, a.nowMs);
  const [saved] = await q.query<ProductOrderRow>(
    `update product_orders set units = units + $2, claim = claim + $3, invested = invested + $4 where id = $1
     returning ${orderColumns}`,
    [String(o.id), units, claim, a.amount],
  );
  return { robot: r, order: saved as ProductOrderRow };
}

/** An early exit after the lock-in (a fund's follower may always leave): the order is redeemed at the next close the book has the cash for. */
export async function askExit(
  q: Queryable,
  a: { kind: ProductKind; userId: number; orderId: number; nowMs: number },
): Promise<{ robot: ProductRow; order: ProductOrderRow }> {
  const { r, o } = await ownOrder(q, a.kind, a.userId, a.orderId);
  if (o.state !== 'active') throw refusalOf(r.kind, 'notActive');
  if (!r.earlyExit) throw refusalOf(r.kind, 'noEarlyExit');
  if (a.nowMs < o.lockedUntil.getTime()) throw refusalOf(r.kind, 'locked', [isoDay(o.lockedUntil.getTime())]);
  const [saved] = await q.query<ProductOrderRow>(
    `update product_orders set state = 'redeeming', redeem_reason = 'exit', redeem_at = $2 where id = $1
     returning ${orderColumns}`,
    [String(o.id), new Date(a.nowMs)],
  );
  return { robot: r, order: saved as ProductOrderRow };
}
