import type { Queryable } from '../db/db';

/*
 * The port through which a module tells an investor, as a notice, that something of theirs happened (a KYC
 * decision, a deposit credited, an order filled…; issue 15, decision 037). Called with the transaction that
 * made the change, so the notice exists exactly when the change does. It stores a catalogue key and its
 * parameters, not a text: the notices module renders them in the reader's language
 * (packages/contract/src/messages/notices.ts holds `{key}.title` and `{key}.body` in both languages).
 */

export const personalNoticeKeys = [
  'notice.kyc.succ',
  'notice.kyc.fail',
  'notice.deposit.credited',
  'notice.withdrawal.paid',
  'notice.order.buyFilled',
  'notice.order.sellFilled',
  'notice.order.stopTriggered',
  'notice.order.stopNotFilled',
  'notice.contract.closedOut',
  'notice.perpetual.liquidated',
  'notice.loan.approved',
  'notice.loan.rejected',
  'notice.plan.executed',
  'notice.plan.skippedCash',
  'notice.plan.skippedClosed',
  'notice.plan.skippedOther',
  'notice.alert.above',
  'notice.alert.below',
  'notice.alert.moveUp',
  'notice.alert.moveDown',
  'notice.bond.coupon',
  'notice.bond.redeemed',
] as const;
export type PersonalNoticeKey = (typeof personalNoticeKeys)[number];

export interface PersonalNotice {
  userId: number;
  key: PersonalNoticeKey;
  /** `{0}`, `{1}` … of the texts; decimals as the wire writes them ("100.00"), localised when shown. */
  params: readonly (string | number)[];
  /** The event, unique per investor ('deposit:42'): a second notice of the same event is not written. */
  ref: string;
  nowMs: number;
}

export async function notifyInvestor(q: Queryable, n: PersonalNotice): Promise<void> {
  const at = new Date(n.nowMs);
  await q.query(
    `insert into notices (user_id, source, message_key, params, ref, publish_at, created_at, updated_at)
     values ($1, 'event', $2, $3::jsonb, $4, $5, $5, $5)
     on conflict (user_id, ref) where ref is not null do nothing`,
    [n.userId, n.key, JSON.stringify(n.params), n.ref, at],
  );
}
