import * as calls from '@piazza/contract/calls/push';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { pushJobs } from './jobs';
import { checkSubscription, subscribe, unsubscribe } from './subscriptions';
import { resolveVapid, type VapidDetails } from './vapid-keys';

/* Web push of personal notices (issue 15 item 7, decision 040): the device's consent, and the job that sends. */

export async function registerPush(app: FastifyInstance, services: Services): Promise<void> {
  const { clock, config } = services;
  // Resolved on first use, as the secret key is: a server that never pushes writes no key file.
  let vapid: VapidDetails | null | undefined;
  const keys = () => {
    if (vapid === undefined) vapid = resolveVapid(config);
    return vapid;
  };
  for (const job of pushJobs(services, keys)) services.jobs.define(job);

  implement(app, services, calls.userPushKey, async () => {
    const k = keys();
    return { enabled: k !== null, publicKey: k?.publicKey ?? '' };
  });

  implement(app, services, calls.userPushSubscribe, async (ctx) => {
    if (!keys()) throw new Refusal('push.unavailable');
    const { endpoint, p256dh, auth } = ctx.input;
    checkSubscription({ endpoint, p256dh, auth }, config.demoMode);
    await subscribe(
      ctx.db,
      { userId: userOf(ctx).id, endpoint, p256dh, auth, language: ctx.lang },
      new Date(clock.now()),
    );
    return { subscribed: true };
  });

  implement(app, services, calls.userPushUnsubscribe, async (ctx) => {
    await unsubscribe(ctx.db, userOf(ctx).id, ctx.input.endpoint);
    return { subscribed: false };
  });
}
