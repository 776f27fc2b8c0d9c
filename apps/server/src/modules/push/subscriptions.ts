import type { Language } from '@piazza/contract/wire';
import type { Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';

export interface PushSubscriptionRow {
  id: bigint;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Language;
}

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

function bytesOf(text: string): Buffer | null {
  return base64url.test(text) ? Buffer.from(text.replace(/=+$/, ''), 'base64url') : null;
}

/**
 * Checks what the browser's push manager gave: the endpoint an https address (http only in demo mode, for the
 * local fake push service of the tests), p256dh an uncompressed P-256 point (65 bytes from 0x04), auth 16 bytes.
 * Anything else would fail at every send, so it is refused now, by name.
 */
export function checkSubscription(
  s: { endpoint: string; p256dh: string; auth: string },
  demoMode: boolean,
): void {
  let url: URL;
  try {
    url = new URL(s.endpoint);
  } catch {
    throw new Refusal('push.endpoint');
  }
  if (url.protocol !== 'https:' && !(demoMode && url.protocol === 'http:'))
    throw new Refusal('push.endpoint');
  if (url.username !== '' || url.password !== '') throw new Refusal('push.endpoint');
  const key = bytesOf(s.p256dh);
  if (key?.length !== 65 || key[0] !== 4) throw new Refusal('push.p256dh');
  const secret = bytesOf(s.auth);
  if (secret?.length !== 16) throw new Refusal('push.auth');
}

/** Stores the device's subscription for `userId`: a device that another investor had subscribed is now theirs. */
export async function subscribe(
  q: Queryable,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; language: Language },
  at: Date,
): Promise<void> {
  await q.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth, language, created_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
       auth = excluded.auth, language = excluded.language, created_at = excluded.created_at`,
    [s.userId, s.endpoint, s.p256dh, s.auth, s.language, at],
  );
}

/** Removes the caller's own subscription of that device; another investor's is left alone. */
export async function unsubscribe(q: Queryable, userId: number, endpoint: string): Promise<void> {
  await q.query('delete from push_subscriptions where user_id = $1 and endpoint = $2', [userId, endpoint]);
}

export async function subscriptionsOf(q: Queryable, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return q.query<PushSubscriptionRow>(
    `select id, user_id as "userId", endpoint, p256dh, auth, language from push_subscriptions
      where user_id = any($1::int[]) order by id`,
    [userIds],
  );
}

export async function removeSubscription(q: Queryable, id: bigint): Promise<void> {
  await q.query('delete from push_subscriptions where id = $1', [id]);
}
