import type { Language } from '@piazza/contract/wire';
import type { BlobStore } from '../../platform/blob-store';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import { makeDocument } from './document-store';
import { lastEnded, type Period, periodFromKey } from './periods';

/*
 * Documents made at each period's end, as jobs of the runner (decision 026): `documents-month:2026-11` makes
 * every investor's statement of November once it has ended (in Rome), `documents-year:2026` their tax
 * certificate and costs report of 2026. An investor is included when the ledger holds a posting of theirs
 * before the period's end; each document in their language. A document already final is not made again, so a
 * run retried after a failure picks up where it stopped.
 */

async function investorsWithPostings(services: Services, period: Period) {
  return services.db.query<{ id: number; language: string }>(
    `select u.id, u.language from users u
      where exists (select 1 from accounts a join postings p on p.account_id = a.id
                      join journal_entries j on j.id = p.entry_id
                     where a.owner_type = 'user' and a.owner_id = u.id and j.created_at < $1)
      order by u.id`,
    [new Date(period.endMs)],
  );
}

const languageOf = (l: string): Language => (l === 'en-US' ? 'en-US' : 'it-IT');

async function makeAll(
  services: Services,
  blobs: BlobStore,
  kinds: readonly ('statement' | 'tax' | 'costs')[],
  period: Period,
  nowMs: number,
): Promise<string> {
  let made = 0;
  for (const user of await investorsWithPostings(services, period)) {
    const language = languageOf(user.language);
    for (const kind of kinds) {
      const done = await services.db.query(
        `select 1 from documents where user_id = $1 and kind = $2 and period = $3 and language = $4 and final`,
        [user.id, kind, period.key, language],
      );
      if (done.length > 0) continue;
      await services.db.tx((q) =>
        makeDocument(q, blobs, { userId: user.id, kind, periodKey: period.key, language, nowMs }),
      );
      made += 1;
    }
  }
  return `${period.key}: ${made} documents made`;
}

export function documentJobs(services: Services, blobs: BlobStore): JobDefinition[] {
  return [
    {
      name: 'documents-month',
      async due(nowMs) {
        return [lastEnded(nowMs).month.key];
      },
      async run(key, nowMs) {
        if (!/^\d{4}-\d{2}$/.test(key)) throw new Error(`not a month: ${key}`);
        const { month } = lastEnded(nowMs);
        const period = month.key === key ? month : periodFromKey(key);
        return makeAll(services, blobs, ['statement'], period, nowMs);
      },
    },
    {
      name: 'documents-year',
      async due(nowMs) {
        return [lastEnded(nowMs).year.key];
      },
      async run(key, nowMs) {
        if (!/^\d{4}$/.test(key)) throw new Error(`not a year: ${key}`);
        const { year } = lastEnded(nowMs);
        const period = year.key === key ? year : periodFromKey(key);
        return makeAll(services, blobs, ['tax', 'costs'], period, nowMs);
      },
    },
  ];
}
