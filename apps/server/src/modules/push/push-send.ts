import webpush from 'web-push';
import type { VapidDetails } from './vapid-keys';

/** What the app's service worker shows: a title, a line, and the page a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service may take to answer before the send counts as failed. */
const sendTimeoutMs = 10_000;

/**
 * Encrypts `message` for one subscription (RFC 8291, aes128gcm) and signs the request with the VAPID keys
 * (RFC 8292), both by web-push, then posts it with fetch: `gone` when the push service says the subscription
 * no longer exists (404 or 410), so the caller removes it. web-push's own sender speaks https only; with
 * fetch a demo install may point a subscription at a local push service (the tests' fake one).
 */
export async function sendPush(
  vapid: VapidDetails,
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    { vapidDetails: vapid, TTL: 24 * 3600, urgency: 'normal' },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  try {
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(sendTimeoutMs),
      redirect: 'error',
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
