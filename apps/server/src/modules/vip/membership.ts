import type { VipStatusView } from '@piazza/contract/calls/vip-shapes';
import { formatAmount } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import { balanceOf, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { currencyScaleOf } from '../trading';

/*
 * An investor's VIP membership (issue 14 item 1): the trial claimed once, plans bought from the spot account
 * (bill "VIP purchase"), and the state the expiry job records. A membership is in force while its row is
 * active and its end is in the future, so it ends on time even before the job has run.
 */

const dayMs = 86_400_000;

export interface MemberRow {
  state: 'active' | 'expired';
  kind: 'trial' | 'paid';
  endsAt: Date;
  trialClaimedAt: Date | null;
}

export interface PlanRow {
  id: number;
  days: number;
  price: bigint;
  currency: string;
  active: boolean;
}

const planColumns = 'id, days, price, currency, active';

export async function memberRow(q: Queryable, userId: number, lock = false): Promise<MemberRow | undefined> {
  return one<MemberRow>(
    q,
    `select state, kind, ends_at as "endsAt", trial_claimed_at as "trialClaimedAt" from vip_members
      where user_id = $1 ${lock ? 'for update' : ''}`,
    [userId],
  );
}

export const inForce = (m: MemberRow | undefined, nowMs: number): boolean =>
  m !== undefined && m.state === 'active' && m.endsAt.getTime() > nowMs;

/** Whether the investor's membership (trial or paid) is in force at `nowMs`: the other modules' question. */
export async function isMemberInForce(q: Queryable, userId: number, nowMs: number): Promise<boolean> {
  return inForce(await memberRow(q, userId), nowMs);
}

export async function trialDays(q: Queryable): Promise<number> {
  const row = await one<{ value: number }>(q, `select value from vip_settings where key = 'trialDays'`);
  return row?.value ?? 0;
}

export async function plans(q: Queryable, activeOnly: boolean): Promise<PlanRow[]> {
  return q.query<PlanRow>(
    `select ${planColumns} from vip_plans ${activeOnly ? 'where active' : ''} order by days, id`,
  );
}

export async function planView(q: Queryable, p: PlanRow) {
  return {
    id: p.id,
    days: p.days,
    price: formatAmount(p.price, await currencyScaleOf(q, p.currency)),
    currency: p.currency,
    active: p.active,
  };
}

export async function statusOf(q: Queryable, userId: number, nowMs: number): Promise<VipStatusView> {
  const m = await memberRow(q, userId);
  const days = await trialDays(q);
  const user = await one<{ strategy: number }>(
    q,
    'select vip_strategy as strategy from users where id = $1',
    [userId],
  );
  const active = inForce(m, nowMs);
  const trialAvailable = days > 0 && !active && (m?.trialClaimedAt ?? null) === null;
  const list = [];
  for (const p of await plans(q, true)) list.push(await planView(q, p));
  return {
    state: active ? 'active' : m ? 'expired' : 'none',
    kind: m?.kind ?? null,
    endsAt: m?.endsAt.getTime() ?? null,
    trialDays: days,
    trialAvailable,
    prompt: active ? null : trialAvailable ? 'trial' : 'purchase',
    strategyEnabled: user?.strategy === 1,
    plans: list,
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The free trial, once per investor: a second claim is refused, whatever happened in between. */
export async function claimTrial(q: Queryable, userId: number, nowMs: number): Promise<void> {
  const days = await trialDays(q);
  if (days === 0) throw new Refusal('vip.noTrial');
  // The user's row locked first: two claims of one investor queue here even before a member row exists.
  await q.query('select id from users where id = $1 for update', [userId]);
  const m = await memberRow(q, userId, true);
  if (m?.trialClaimedAt) throw new Refusal('vip.trialUsed');
  if (m && inForce(m, nowMs)) throw new Refusal('vip.alreadyMember', [isoDay(m.endsAt.getTime())]);
  const now = new Date(nowMs);
  await q.query(
    `insert into vip_members (user_id, state, kind, ends_at, trial_claimed_at, updated_at)
     values ($1, 'active', 'trial', $2, $3, $3)
     on conflict (user_id) do update set state = 'active', kind = 'trial', ends_at = excluded.ends_at,
       trial_claimed_at = excluded.trial_claimed_at, updated_at = excluded.updated_at`,
    [userId, new Date(nowMs + days * dayMs), now],
  );
}

/** Buys a plan: an active membership runs on from its end, an ended one from now. */
export async function buyPlan(q: Queryable, userId: number, planId: number, nowMs: number): Promise<void> {
  const plan = await one<PlanRow>(q, `select ${planColumns} from vip_plans where id = $1`, [planId]);
  if (!plan?.active) throw new Refusal('vip.planNotFound');
  await q.query('select id from users where id = $1 for update', [userId]);
  const m = await memberRow(q, userId, true);
  const spot = { ownerType: 'user' as const, ownerId: userId, purpose: 'spot', asset: plan.currency };
  if ((await balanceOf(q, spot)) < plan.price) {
    const scale = await currencyScaleOf(q, plan.currency);
    throw new Refusal('vip.balance', [formatAmount(plan.price, scale), plan.currency]);
  }
  const startsMs = m && inForce(m, nowMs) ? m.endsAt.getTime() : nowMs;
  const endsAt = new Date(startsMs + plan.days * dayMs);
  const now = new Date(nowMs);
  const [purchase] = await q.query<{ id: bigint }>(
    `insert into vip_purchases (user_id, plan_id, days, price, currency, starts_at, ends_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [userId, plan.id, plan.days, plan.price, plan.currency, new Date(startsMs), endsAt, now],
  );
  const id = (purchase as { id: bigint }).id;
  await postEntry(q, {
    billType: 'vip_purchase',
    actor: { type: 'user', id: String(userId) },
    ref: { type: 'vip_purchase', id: String(id) },
    idempotencyKey: `vip-purchase:${id}`,
    memo: `${plan.days} days`,
    postings: [
      { account: spot, amount: -plan.price },
      {
        account: { ownerType: 'platform', ownerId: 0, purpose: 'vip-sales', asset: plan.currency },
        amount: plan.price,
      },
    ],
  });
  await q.query(
    `insert into vip_members (user_id, state, kind, ends_at, updated_at) values ($1, 'active', 'paid', $2, $3)
     on conflict (user_id) do update set state = 'active', kind = 'paid', ends_at = excluded.ends_at,
       updated_at = excluded.updated_at`,
    [userId, endsAt, now],
  );
}
