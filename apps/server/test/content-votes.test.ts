import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, demoAdmin, investor, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';

/*
 * Polls (issue 15 item 4): a question with options in both languages and a window; one vote per investor
 * (a second is a named refusal, and the unique key refuses racing ones); results after voting or after the
 * close; refusals in both languages that change nothing.
 */

let t: TestApp;
let clock: TestClock;
let admin: string;
const hour = 3_600_000;

beforeEach(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
  admin = await signIn(t.app, demoAdmin);
});
afterEach(async () => t.close());

type Vote = {
  id: number;
  question: string;
  state: string;
  myOption: number | null;
  results: { total: number; counts: { option: number; votes: number }[] } | null;
  options: { id: number; label: string }[];
};

async function newPoll(opensAt = clock.ms, closesAt = clock.ms + 24 * hour) {
  const res = await call<{ id: number; options: { id: number }[] }>(
    t.app,
    'POST',
    '/admin/votes/save',
    {
      questionIt: 'Quale mercato segui?',
      questionEn: 'Which market do you follow?',
      optionsIt: 'Azioni\nCripto',
      optionsEn: 'Shares\nCrypto',
      opensAt,
      closesAt,
    },
    { token: admin },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data;
}
const infoOf = (token?: string, lang = 'en-US', id?: number) =>
  call<{ vote: Vote | null }>(t.app, 'GET', '/index/vote/info', id ? { id } : {}, { token, lang });
const vote = (token: string, id: number, option: number, lang = 'en-US') =>
  call<Vote>(t.app, 'POST', '/vote', { id, option }, { token, lang });

describe('a poll', () => {
  it('takes one vote per investor and shows results only to those who voted until it closes', async () => {
    const poll = await newPoll();
    const [shares, crypto] = poll.options.map((o) => o.id) as [number, number];
    const anna = await investor(t.db);
    const bruno = await investor(t.db);

    const before = await infoOf(anna.token, 'it-IT');
    expect(before.data.vote).toMatchObject({
      question: 'Quale mercato segui?',
      state: 'open',
      myOption: null,
      results: null,
      options: [{ label: 'Azioni' }, { label: 'Cripto' }],
    });

    const cast = await vote(anna.token, poll.id, crypto);
    expect(cast.data).toMatchObject({
      myOption: crypto,
      results: {
        total: 1,
        counts: [
          { option: shares, votes: 0 },
          { option: crypto, votes: 1 },
        ],
      },
    });

    const twice = await vote(anna.token, poll.id, shares, 'it-IT');
    expect([twice.code, twice.msg]).toEqual([-1001, 'Hai già votato in questo sondaggio.']);
    const twiceEn = await vote(anna.token, poll.id, shares);
    expect(twiceEn.msg).toBe('You have already voted in this poll.');
    expect(await countRows(t.db, 'vote_ballots')).toBe(1);

    // Bruno has not voted: no counts yet; a guest neither.
    expect((await infoOf(bruno.token)).data.vote?.results).toBeNull();
    expect((await infoOf()).data.vote?.results).toBeNull();

    clock.advance(24 * hour);
    const closed = await infoOf(bruno.token);
    expect(closed.data.vote).toMatchObject({ state: 'closed', myOption: null, results: { total: 1 } });
    const late = await vote(bruno.token, poll.id, shares, 'it-IT');
    expect([late.code, late.msg]).toEqual([-1001, 'Questo sondaggio si è chiuso il 24/11/2026.']);
    expect(await countRows(t.db, 'vote_ballots')).toBe(1);
  });

  it('refuses a vote before it opens, an option of another poll, and a withdrawn poll', async () => {
    const early = await newPoll(clock.ms + hour, clock.ms + 2 * hour);
    const other = await newPoll();
    const who = await investor(t.db);
    const notYet = await vote(who.token, early.id, early.options[0]!.id);
    expect([notYet.code, notYet.msg]).toEqual([-1001, 'This poll opens on 2026-11-23.']);
    const wrong = await vote(who.token, other.id, early.options[0]!.id, 'it-IT');
    expect(wrong.msg).toBe('Scegli una delle opzioni del sondaggio.');
    await call(t.app, 'POST', '/admin/votes/withdraw', { id: other.id }, { token: admin });
    const gone = await vote(who.token, other.id, other.options[0]!.id);
    expect(gone.msg).toBe('This poll is not available.');
    expect(await countRows(t.db, 'vote_ballots')).toBe(0);
    const guest = await call(t.app, 'POST', '/vote', { id: early.id, option: early.options[0]!.id });
    expect(guest.code).toBe(-1000);
  });

  it('refuses racing second votes by its unique key', async () => {
    const poll = await newPoll();
    const who = await investor(t.db);
    const answers = await Promise.all(poll.options.map((o) => vote(who.token, poll.id, o.id)));
    expect(answers.map((a) => a.code).sort()).toEqual([-1001, 0]);
    expect(await countRows(t.db, 'vote_ballots')).toBe(1);
  });

  it('refuses a bad poll in both languages, and options that change after a vote', async () => {
    const mismatch = await call(
      t.app,
      'POST',
      '/admin/votes/save',
      {
        questionIt: 'D',
        questionEn: 'Q',
        optionsIt: 'a\nb\nc',
        optionsEn: 'a\nb',
        opensAt: clock.ms,
        closesAt: clock.ms + hour,
      },
      { token: admin, lang: 'it-IT' },
    );
    expect(mismatch.msg).toBe('Indica lo stesso numero di opzioni in entrambe le lingue.');
    const one = await call(
      t.app,
      'POST',
      '/admin/votes/save',
      {
        questionIt: 'D',
        questionEn: 'Q',
        optionsIt: 'a',
        optionsEn: 'a',
        opensAt: clock.ms,
        closesAt: clock.ms + hour,
      },
      { token: admin },
    );
    expect(one.msg).toBe('Give 2 to 10 options, one a line.');
    const backwards = await call(
      t.app,
      'POST',
      '/admin/votes/save',
      {
        questionIt: 'D',
        questionEn: 'Q',
        optionsIt: 'a\nb',
        optionsEn: 'a\nb',
        opensAt: clock.ms,
        closesAt: clock.ms,
      },
      { token: admin },
    );
    expect(backwards.msg).toBe('The end must come after the start.');
    expect(await countRows(t.db, 'vote_polls')).toBe(0);

    const poll = await newPoll();
    const who = await investor(t.db);
    await vote(who.token, poll.id, poll.options[0]!.id);
    const change = await call(
      t.app,
      'POST',
      '/admin/votes/save',
      {
        id: poll.id,
        questionIt: 'D',
        questionEn: 'Q',
        optionsIt: 'a\nb\nc',
        optionsEn: 'a\nb\nc',
        opensAt: clock.ms,
        closesAt: clock.ms + hour,
      },
      { token: admin },
    );
    expect(change.msg).toBe('Investors have voted already: the options can no longer change.');
    const admins = await call<{ list: { total: number }[] }>(
      t.app,
      'GET',
      '/admin/votes',
      {},
      { token: admin },
    );
    expect(admins.data.list[0]?.total).toBe(1);
  });
});
