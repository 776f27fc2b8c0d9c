import { z } from 'zod';
import { defineCall } from '../define';

/*
 * Web push for personal notices (issue 15 item 7, decision 040). The app asks for the server's VAPID public
 * key, subscribes the device with the browser's push manager once the investor consents on the switch, and
 * hands the subscription here; turning the switch off removes it.
 */

const endpointField = z
  .string({ error: 'push.endpoint' })
  .trim()
  .max(2000, { error: 'push.endpoint' })
  .regex(/^https?:\/\/[^\s/]+\/\S*$/, { error: 'push.endpoint' });

export const userPushKey = defineCall({
  method: 'GET',
  path: '/user/push/key',
  auth: 'user',
  tag: 'push',
  summary:
    'Whether push is offered here and the VAPID public key (base64url) to subscribe with; enabled false: the operator has not configured push.',
  input: {},
  output: z.object({ enabled: z.boolean(), publicKey: z.string() }),
});

export const userPushSubscribe = defineCall({
  method: 'POST',
  path: '/user/push/subscribe',
  auth: 'user',
  tag: 'push',
  summary:
    'Stores this device’s push subscription for the caller (the investor consented); notices are pushed in the language of this call.',
  input: {
    endpoint: endpointField,
    p256dh: z.string({ error: 'push.p256dh' }).trim().max(200, { error: 'push.p256dh' }),
    auth: z.string({ error: 'push.auth' }).trim().max(100, { error: 'push.auth' }),
  },
  output: z.object({ subscribed: z.boolean() }),
});

export const userPushUnsubscribe = defineCall({
  method: 'POST',
  path: '/user/push/unsubscribe',
  auth: 'user',
  tag: 'push',
  summary:
    'Removes this device’s subscription (the investor withdrew consent); nothing is pushed to it again.',
  input: { endpoint: endpointField },
  output: z.object({ subscribed: z.boolean() }),
});
