import type { Language } from '@piazza/contract/wire';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import { personalNoticesAfter } from '../notices';
import { type PushMessage, sendPush } from './push-send';
import { removeSubscription, subscriptionsOf } from './subscriptions';
import type { VapidDetails } from './vapid-keys';

/*
 * push-notices, a job of the runner (decision 026): walks the personal notices past a cursor, 100 at a time,
 * and pushes each to its investor's subscribed devices. The period's key is the first notice not yet pushed,
 * so the cursor's every step is its own period. The cursor is moved before sending (compare and set): a notice
 * is pushed at most once, never twice; a push lost to a crash is still in the app's notices, which is where a
 * notice lives — the push only says that there is one. Subscriptions the push service says are gone (404/410)
 * are removed.
 */

const batchSize = 100;

export function pushJobs(services: Services, vapid: () => VapidDetails | null): JobDefinition[] {
  const { db } = services;
  const cursor = async () =>
    Number(
      (await db.query<{ at: string }>('select notice_id::text as at from push_cursor where id = 1'))[0]?.at ??
        0,
    );

  return [
    {
      name: 'push-notices',
      async due(nowMs) {
        if (!vapid()) return [];
        const [next] = await personalNoticesAfter(db, await cursor(), 1, nowMs);
        return next ? [String(next.id)] : [];
      },
      async run(_key, nowMs) {
        const keys = vapid();
        if (!keys) return 'push is not configured';
        const from = await cursor();
        const notices = await personalNoticesAfter(db, from, batchSize, nowMs);
        const last = notices.at(-1);
        if (!last) return 'nothing new';
        const moved = await db.query(
          'update push_cursor set notice_id = $2 where id = 1 and notice_id = $1 returning id',
          [from, last.id],
        );
        if (moved.length === 0) return 'pushed by another run';
        const devices = await subscriptionsOf(db, [...new Set(notices.map((n) => n.userId))]);
        let sent = 0;
        let gone = 0;
        let failed = 0;
        for (const n of notices) {
          for (const device of devices.filter((d) => d.userId === n.userId)) {
            const outcome = await sendPush(keys, device, messageOf(n, device.language));
            if (outcome === 'sent') {
              sent += 1;
              await db.query('update push_subscriptions set last_sent_at = $2 where id = $1', [
                device.id,
                new Date(nowMs),
              ]);
            } else if (outcome === 'gone') {
              gone += 1;
              await removeSubscription(db, device.id);
              devices.splice(devices.indexOf(device), 1);
            } else failed += 1;
          }
        }
        return `notices ${notices[0]?.id}–${last.id}: ${sent} pushed, ${gone} gone subscriptions removed, ${failed} failed`;
      },
    },
  ];
}

function messageOf(
  n: { id: number; texts: Record<Language, { title: string; body: string }> },
  lang: Language,
): PushMessage {
  const text = n.texts[lang];
  // A notification shows plain text: an operator's markup would show as tags.
  const plain = (html: string) =>
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return { title: plain(text.title), body: plain(text.body), url: `/pages/notice/detail?id=${n.id}` };
}
