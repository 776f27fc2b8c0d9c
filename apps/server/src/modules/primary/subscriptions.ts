import { verdictFor } from '@piazza/core/appropriateness';
import { formatAmount } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import { type AccountRef, balanceOf, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { readProfile, requireKycVerified } from '../kyc';
import { isMemberInForce } from '../vip';
import {
  costOf,
  type OfferingRow,
  offeringById,
  type SubscriptionRow,
  scaleOf,
  subscriptionColumns,
} from './offering-rows';

/*
 * Applying for an offering and paying for what was allotted (issue 12 items 2 and 3). Each runs inside the
 * caller's transaction; every refusal leaves nothing behind.
 */

export const userAccount = (userId: number, purpose: 'spot' | 'frozen', asset: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose,
  asset,
});
/** What investors paid for an offering, held for the issuer; and the shares the issuer delivers from. */
export const offeringsAccount = (asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'offerings',
  asset,
});

export const subscriptionRef = (id: bigint) => ({ type: 'offering_subscription', id: String(id) });

export interface Application {
  userId: number;
  offeringId: number;
  lots: number;
  acknowledgeRisk: boolean;
  automatic: boolean;
  nowMs: number;
  /** The kind the call was made for: an ICO's id sent to the IPO call is not found. */
  kind?: OfferingRow['kind'];
}

/** Until VIP membership lands (issue 14), the VIP service an operator enables is what opens VIP-only offers. */
/**
 * VIP-only offerings and blocks are for members in force (trial or paid) for whom the operator turned the
 * strategy service on (issue 14).
 */
export async function isVip(q: Queryable, userId: number, nowMs: number): Promise<boolean> {
  const row = await one<{ vip: number }>(q, 'select vip_strategy as vip from users where id = $1', [userId]);
  return row?.vip === 1 && (await isMemberInForce(q, userId, nowMs));
}

export async function apply(
  q: Queryable,
  a: Application,
): Promise<{ offering: OfferingRow; subscription: SubscriptionRow }> {
  // A share lock: applications run side by side, the allotment (for update) waits for them and they for it.
  const offering = await offeringById(q, a.offeringId, 'for share');
  if (!offering || offering.status === 'draft' || (a.kind && a.kind !== offering.kind)) {
    throw new Refusal('ipo.notFound');
  }
  if (offering.status === 'cancelled') throw new Refusal('ipo.cancelled');
  if (
    offering.status !== 'published' ||
    a.nowMs < offering.opensAt.getTime() ||
    a.nowMs >= offering.closesAt.getTime()
  ) {
    throw new Refusal('ipo.notOpen');
  }
  if (a.lots < offering.minLots) throw new Refusal('ipo.lotsMin', [offering.minLots]);
  if (a.lots > offering.maxLots) throw new Refusal('ipo.lotsMax', [offering.maxLots]);
  await requireKycVerified(q, a.userId);
  const profile = await readProfile(q, a.userId);
  if (!profile) throw new Refusal('ipo.profileRequired');
  const product = offering.kind === 'ico' ? 'crypto' : 'shares';
  const verdict = verdictFor(
    { experience: profile.experience, risk: profile.riskPreference, objective: profile.objective },
    product,
  );
  if (verdict === 'refuse') throw new Refusal('ipo.profileRequired');
  if (verdict === 'warn' && !a.acknowledgeRisk)
    throw new Refusal(product === 'shares' ? 'ipo.riskAck' : 'ico.riskAck');
  if (offering.vipOnly && !(await isVip(q, a.userId, a.nowMs))) throw new Refusal('ipo.vipOnly');
  const already = await one<{ id: bigint }>(
    q,
    'select id from offering_subscriptions where offering_id = $1 and user_id = $2',
    [String(offering.id), a.userId],
  );
  if (already) throw new Refusal('ipo.already');

  const amount = costOf(offering, a.lots);
  const spot = userAccount(a.userId, 'spot', offering.currency);
  if ((await balanceOf(q, spot)) < amount) {
    throw new Refusal('ipo.balance', [formatAmount(amount, scaleOf(offering.currency)), offering.currency]);
  }
  const frozen = offering.freezeOnApply ? amount : 0n;
  const [subscription] = await q.query<SubscriptionRow>(
    `insert into offering_subscriptions (offering_id, user_id, status, lots_applied, amount_applied, amount_frozen,
       automatic, created_at)
     values ($1, $2, 'applied', $3, $4, $5, $6, $7)
     on conflict (offering_id, user_id) do nothing
     returning ${subscriptionColumns}`,
    [String(offering.id), a.userId, a.lots, amount, frozen, a.automatic, new Date(a.nowMs)],
  );
  // Two applications of one investor racing: the loser finds the winner's row.
  if (!subscription) throw new Refusal('ipo.already');
  if (frozen > 0n) {
    await postEntry(q, {
      billType: offering.kind === 'ico' ? 'ico_payment' : 'ipo_payment',
      actor: { type: 'user', id: String(a.userId) },
      ref: subscriptionRef(subscription.id),
      idempotencyKey: `offering-sub:${subscription.id}:freeze`,
      memo: 'held until the allotment',
      postings: [
        { account: spot, amount: -frozen },
        { account: userAccount(a.userId, 'frozen', offering.currency), amount: frozen },
      ],
    });
  }
  return { offering, subscription };
}

export async function subscriptionOf(
  q: Queryable,
  userId: number,
  id: number,
  lock = '',
): Promise<SubscriptionRow | undefined> {
  const [row] = await q.query<SubscriptionRow>(
    `select ${subscriptionColumns} from offering_subscriptions where id = $1 and user_id = $2 ${lock}`,
    [id, userId],
  );
  return row;
}

/** Pays an allotment from the spot balance before the deadline (bill "IPO payment"). */
export async function pay(
  q: Queryable,
  userId: number,
  subscriptionId: number,
  nowMs: number,
): Promise<{ offering: OfferingRow; subscription: SubscriptionRow }> {
  const found = await subscriptionOf(q, userId, subscriptionId);
  if (!found) throw new Refusal('ipo.subscriptionNotFound');
  // The offering first, then the subscription: the order the jobs lock them in.
  const offering = await offeringById(q, found.offeringId, 'for share');
  const subscription = await subscriptionOf(q, userId, subscriptionId, 'for update');
  if (!offering || !subscription) throw new Refusal('ipo.subscriptionNotFound');
  if (offering.status === 'cancelled') throw new Refusal('ipo.cancelled');
  if (subscription.status !== 'allotted' || subscription.amountDue === null)
    throw new Refusal('ipo.notAllotted');
  // An offline placement's allotments are payable as the operator makes them, before the whole is closed.
  const payable =
    offering.status === 'allotted' || (offering.kind === 'offline' && offering.status === 'published');
  if (nowMs > offering.payBy.getTime() || !payable) throw new Refusal('ipo.payClosed');
  const due = subscription.amountDue;
  const spot = userAccount(userId, 'spot', offering.currency);
  if ((await balanceOf(q, spot)) < due) {
    throw new Refusal('ipo.balance', [formatAmount(due, scaleOf(offering.currency)), offering.currency]);
  }
  await postEntry(q, {
    billType: offering.kind === 'ico' ? 'ico_payment' : 'ipo_payment',
    actor: { type: 'user', id: String(userId) },
    ref: subscriptionRef(subscription.id),
    idempotencyKey: `offering-sub:${subscription.id}:pay`,
    postings: [
      { account: spot, amount: -due },
      { account: offeringsAccount(offering.currency), amount: due },
    ],
  });
  const [paid] = await q.query<SubscriptionRow>(
    `update offering_subscriptions set status = 'paid', paid_at = $2 where id = $1 returning ${subscriptionColumns}`,
    [String(subscription.id), new Date(nowMs)],
  );
  return { offering, subscription: paid as SubscriptionRow };
}
