import type { Language } from '@piazza/contract/wire';
import { one, type Queryable } from '../../db/db';
import { type PageAt, pagedRows } from '../../kit/paging';

/*
 * Polls (`/index/vote/info`, `POST /vote`): a question with options in both languages and a window. One
 * ballot per investor and poll (the primary key of vote_ballots, so racing votes fail too). Counts are shown
 * to an investor once they voted, and to everyone once the poll closed.
 */

export interface PollRow {
  id: number;
  questionIt: string;
  questionEn: string;
  opensAt: Date;
  closesAt: Date;
  withdrawnAt: Date | null;
}

export interface OptionRow {
  id: number;
  labelIt: string;
  labelEn: string;
  votes: number;
}

const pollColumns = `p.id, p.question_it as "questionIt", p.question_en as "questionEn", p.opens_at as "opensAt",
  p.closes_at as "closesAt", p.withdrawn_at as "withdrawnAt"`;

export const stateOf = (p: PollRow, nowMs: number) =>
  nowMs < p.opensAt.getTime() ? 'upcoming' : nowMs >= p.closesAt.getTime() ? 'closed' : 'open';

export async function optionsOf(q: Queryable, pollId: number): Promise<OptionRow[]> {
  return q.query<OptionRow>(
    `select o.id, o.label_it as "labelIt", o.label_en as "labelEn",
            (select count(*)::int from vote_ballots b where b.option_id = o.id) as votes
       from vote_options o where o.poll_id = $1 order by o.position`,
    [pollId],
  );
}

export async function findPoll(q: Queryable, id: number, lock = false) {
  return one<PollRow>(
    q,
    `select ${pollColumns} from vote_polls p where p.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
}

/** The poll an investor is shown without naming one: the latest open, else the latest closed. */
export async function currentPoll(q: Queryable, nowMs: number) {
  return one<PollRow>(
    q,
    `select ${pollColumns} from vote_polls p where p.withdrawn_at is null and p.opens_at <= $1
      order by (p.closes_at > $1) desc, p.opens_at desc, p.id desc limit 1`,
    [new Date(nowMs)],
  );
}

export async function ballotOf(q: Queryable, pollId: number, userId: number) {
  const row = await one<{ optionId: number }>(
    q,
    'select option_id as "optionId" from vote_ballots where poll_id = $1 and user_id = $2',
    [pollId, userId],
  );
  return row?.optionId ?? null;
}

export function pollView(
  p: PollRow,
  options: OptionRow[],
  myOption: number | null,
  nowMs: number,
  lang: Language,
) {
  const state = stateOf(p, nowMs);
  const shown = myOption !== null || state === 'closed';
  return {
    id: p.id,
    question: lang === 'it-IT' ? p.questionIt : p.questionEn,
    opensAt: p.opensAt.getTime(),
    closesAt: p.closesAt.getTime(),
    state,
    myOption,
    results: shown
      ? {
          total: options.reduce((n, o) => n + o.votes, 0),
          counts: options.map((o) => ({ option: o.id, votes: o.votes })),
        }
      : null,
    options: options.map((o) => ({ id: o.id, label: lang === 'it-IT' ? o.labelIt : o.labelEn })),
  } as const;
}

export function adminPollView(p: PollRow, options: OptionRow[]) {
  return {
    id: p.id,
    questionIt: p.questionIt,
    questionEn: p.questionEn,
    options,
    opensAt: p.opensAt.getTime(),
    closesAt: p.closesAt.getTime(),
    withdrawnAt: p.withdrawnAt?.getTime() ?? null,
    total: options.reduce((n, o) => n + o.votes, 0),
  };
}

export async function allPolls(q: Queryable, at: PageAt) {
  return pagedRows<PollRow>(
    q,
    { columns: pollColumns, from: 'vote_polls p', orderBy: 'p.opens_at desc, p.id desc' },
    at,
  );
}

export interface PollDraft {
  questionIt: string;
  questionEn: string;
  optionsIt: string[];
  optionsEn: string[];
  opensAt: Date;
  closesAt: Date;
}

/**
 * Writes a poll and its options. Changing a poll keeps its option rows (ballots point at them): labels are
 * replaced in place; the number of options may change only while nobody voted (the caller checks).
 */
export async function writePoll(q: Queryable, d: PollDraft, id?: number): Promise<number> {
  const head = [d.questionIt, d.questionEn, d.opensAt, d.closesAt];
  const row =
    id === undefined
      ? await one<{ id: number }>(
          q,
          `insert into vote_polls (question_it, question_en, opens_at, closes_at) values ($1, $2, $3, $4)
           returning id`,
          head,
        )
      : await one<{ id: number }>(
          q,
          `update vote_polls set question_it = $1, question_en = $2, opens_at = $3, closes_at = $4 where id = $5
           returning id`,
          [...head, id],
        );
  if (!row) throw new Error('poll write returned nothing');
  await q.query('delete from vote_options where poll_id = $1 and position >= $2', [
    row.id,
    d.optionsIt.length,
  ]);
  for (const [position, labelIt] of d.optionsIt.entries()) {
    await q.query(
      `insert into vote_options (poll_id, position, label_it, label_en) values ($1, $2, $3, $4)
       on conflict (poll_id, position) do update set label_it = excluded.label_it, label_en = excluded.label_en`,
      [row.id, position, labelIt, d.optionsEn[position]],
    );
  }
  return row.id;
}
