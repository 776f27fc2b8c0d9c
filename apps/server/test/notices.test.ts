import type { NoticeView } from '@piazza/contract/calls/notices-shapes';
import type { ListOf } from '@piazza/contract/wire';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personalNoticesAfter } from '../src/modules/notices';
import { countRows, demoAdmin, operatorWithRole, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { newApplicant } from './investor-steps';
import { hour, noticesOf, saveNotice, unreadOf } from './notices-steps';

/*
 * Notices (issue 15 item 1, decision 037): operators write them in both languages for everyone or one
 * investor, with a publish time and an expiry; investors read them in their language and mark them read.
 */

let t: TestApp;
let clock: TestClock;
let admin: string;

beforeEach(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
  admin = await signIn(t.app, demoAdmin);
});
afterEach(async () => t.close());

describe('an operator’s notice', () => {
  it('reaches everyone between its publish time and its expiry, in each reader’s language', async () => {
    const anna = await newApplicant(t, 0n);
    const saved = await saveNotice(t, admin, {
      titleIt: 'Chiusura per festività',
      titleEn: 'Holiday closure',
      bodyIt: 'I mercati sono chiusi l’8 dicembre.',
      bodyEn: 'Markets are closed on 8 December.',
      publishAt: clock.ms + hour,
      expireAt: clock.ms + 3 * hour,
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ state: 'scheduled', userId: null, dialog: false, reads: 0 });

    expect((await noticesOf(t, anna.token)).list).toEqual([]);
    expect(await unreadOf(t, anna.token)).toBe(0);

    clock.advance(hour);
    const en = await noticesOf(t, anna.token);
    expect(en.unread).toBe(1);
    expect(en.list).toEqual([
      {
        id: saved.data.id,
        title: 'Holiday closure',
        body: 'Markets are closed on 8 December.',
        audience: 'everyone',
        dialog: false,
        publishAt: clock.ms,
        expireAt: clock.ms + 2 * hour,
        read: false,
      },
    ]);
    const it = await noticesOf(t, anna.token, 'it-IT');
    expect(it.list[0]).toMatchObject({
      title: 'Chiusura per festività',
      body: 'I mercati sono chiusi l’8 dicembre.',
    });
    const guest = await call<ListOf<NoticeView>>(t.app, 'GET', '/index/notice', {});
    expect(guest.data.list.map((n) => n.title)).toEqual(['Holiday closure']);

    clock.advance(2 * hour);
    expect((await noticesOf(t, anna.token)).list).toEqual([]);
    expect(await unreadOf(t, anna.token)).toBe(0);
    const gone = await call(t.app, 'GET', '/user/notice/info', { id: saved.data.id }, { token: anna.token });
    expect([gone.code, gone.msg]).toEqual([-1001, 'Notice not found.']);
  });

  it('for one investor is seen by them alone, and a withdrawn one by nobody', async () => {
    const anna = await newApplicant(t, 0n);
    const bruno = await newApplicant(t, 0n);
    const own = await saveNotice(t, admin, { userId: anna.id, titleEn: 'For Anna', publishAt: clock.ms });
    expect(own.data).toMatchObject({ userId: anna.id, state: 'live' });
    expect((await noticesOf(t, anna.token)).list.map((n) => [n.title, n.audience])).toEqual([
      ['For Anna', 'personal'],
    ]);
    expect((await noticesOf(t, bruno.token)).list).toEqual([]);
    const peek = await call(t.app, 'GET', '/user/notice/info', { id: own.data.id }, { token: bruno.token });
    expect(peek.code).toBe(-1001);
    const guest = await call(t.app, 'GET', '/index/notice/info', { id: own.data.id });
    expect(guest.code).toBe(-1001);
    const markOthers = await call(
      t.app,
      'POST',
      '/user/notice/read',
      { id: own.data.id },
      { token: bruno.token },
    );
    expect(markOthers.code).toBe(-1001);
    expect(await countRows(t.db, 'notice_reads')).toBe(0);

    const withdrawn = await call(
      t.app,
      'POST',
      '/admin/notices/withdraw',
      { id: own.data.id },
      { token: admin },
    );
    expect(withdrawn.data).toMatchObject({ state: 'withdrawn' });
    expect((await noticesOf(t, anna.token)).list).toEqual([]);
    const again = await call(
      t.app,
      'POST',
      '/admin/notices/withdraw',
      { id: own.data.id },
      { token: admin, lang: 'it-IT' },
    );
    expect([again.code, again.msg]).toEqual([-1001, 'Questo avviso è stato ritirato.']);
  });

  it('is marked read one at a time or all at once, and marking again changes nothing', async () => {
    const anna = await newApplicant(t, 0n);
    const first = await saveNotice(t, admin, { titleEn: 'First', publishAt: clock.ms - 2 * hour });
    await saveNotice(t, admin, { titleEn: 'Second', publishAt: clock.ms - hour });
    await saveNotice(t, admin, { titleEn: 'Third', userId: anna.id, publishAt: clock.ms });
    expect(await unreadOf(t, anna.token)).toBe(3);
    const list = await noticesOf(t, anna.token);
    expect(list.list.map((n) => n.title)).toEqual(['Third', 'Second', 'First']);

    const one = await call<{ unread: number }>(
      t.app,
      'POST',
      '/user/notice/read',
      { id: first.data.id },
      { token: anna.token },
    );
    expect(one.data.unread).toBe(2);
    const twice = await call<{ unread: number }>(
      t.app,
      'POST',
      '/user/notice/read',
      { id: first.data.id },
      { token: anna.token },
    );
    expect(twice.data.unread).toBe(2);
    expect((await noticesOf(t, anna.token)).list.map((n) => n.read)).toEqual([false, false, true]);
    const all = await call<{ unread: number }>(
      t.app,
      'POST',
      '/user/notice/read',
      { all: 1 },
      { token: anna.token },
    );
    expect(all.data.unread).toBe(0);
    expect(await countRows(t.db, 'notice_reads')).toBe(3);
    const nothing = await call(t.app, 'POST', '/user/notice/read', {}, { token: anna.token, lang: 'it-IT' });
    expect([nothing.code, nothing.msg]).toEqual([
      -1001,
      'Indica l’avviso da segnare come letto, oppure segnali tutti.',
    ]);
    const listed = await call<{ list: { id: number; reads: number }[] }>(
      t.app,
      'GET',
      '/admin/notices',
      {},
      { token: admin },
    );
    expect(listed.data.list.find((n) => n.id === first.data.id)?.reads).toBe(1);
  });

  it('flagged as a dialog is the one /index/notice offers to show once', async () => {
    await saveNotice(t, admin, { titleEn: 'Plain', publishAt: clock.ms });
    const dialog = await saveNotice(t, admin, {
      titleEn: 'Read me first',
      dialog: 1,
      publishAt: clock.ms - hour,
    });
    const res = await call<{ dialog: NoticeView | null }>(t.app, 'GET', '/index/notice', {});
    expect(res.data.dialog).toMatchObject({ id: dialog.data.id, title: 'Read me first', dialog: true });
  });

  it('keeps script and markup as the text the operator wrote', async () => {
    const anna = await newApplicant(t, 0n);
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    const saved = await saveNotice(t, admin, {
      titleEn: hostile,
      bodyEn: `Body ${hostile}`,
      publishAt: clock.ms,
    });
    expect(saved.code, saved.msg).toBe(0);
    const read = await call<NoticeView>(
      t.app,
      'GET',
      '/user/notice/info',
      { id: saved.data.id },
      { token: anna.token },
    );
    expect(read.data).toMatchObject({ title: hostile, body: `Body ${hostile}` });
  });

  it('can be edited before and after publishing, and the change is audited', async () => {
    const saved = await saveNotice(t, admin, { titleEn: 'Draft', publishAt: clock.ms + hour });
    const edited = await saveNotice(t, admin, { id: saved.data.id, titleEn: 'Final', publishAt: clock.ms });
    expect(edited.data).toMatchObject({ id: saved.data.id, titleEn: 'Final', state: 'live' });
    expect(await countRows(t.db, 'notices')).toBe(1);
    expect(await countRows(t.db, "audit_log where action = 'notice.save'")).toBe(2);
  });
});

describe('writing a notice refuses, changing nothing', () => {
  it('a missing title or text, a bad investor, an expiry before publishing, a personal dialog — in both languages', async () => {
    const anna = await newApplicant(t, 0n);
    const cases: [Record<string, string | number | undefined>, string, string][] = [
      [
        { titleIt: '', publishAt: clock.ms },
        'Enter the title in both languages (at most 120 characters).',
        'Inserisci il titolo in entrambe le lingue (al massimo 120 caratteri).',
      ],
      [
        { bodyEn: '   ', publishAt: clock.ms },
        'Enter the text in both languages (at most 5000 characters).',
        'Inserisci il testo in entrambe le lingue (al massimo 5000 caratteri).',
      ],
      [
        { titleEn: 'x'.repeat(121), publishAt: clock.ms },
        'Enter the title in both languages (at most 120 characters).',
        'Inserisci il titolo in entrambe le lingue (al massimo 120 caratteri).',
      ],
      [
        { publishAt: clock.ms, expireAt: clock.ms },
        'The expiry must come after the publish time.',
        'La scadenza deve seguire la data di pubblicazione.',
      ],
      [
        { publishAt: 'tomorrow' },
        'Enter when the notice is published.',
        'Indica quando pubblicare l’avviso.',
      ],
      [
        { publishAt: clock.ms, userId: 999_999 },
        'No investor has the id 999999.',
        "Nessun investitore ha l'id 999999.",
      ],
      [
        { publishAt: clock.ms, userId: 'anna' },
        'Name the investor by their user id, a whole number from 1.',
        "Indica l'investitore con il suo id utente, un numero intero da 1.",
      ],
      [
        { publishAt: clock.ms, userId: anna.id, dialog: 1 },
        'Only a notice for everyone can show as a dialog.',
        'Solo un avviso per tutti può apparire come finestra.',
      ],
      [{ id: 12345, publishAt: clock.ms }, 'Notice not found.', 'Avviso non trovato.'],
    ];
    for (const [fields, en, it] of cases) {
      const a = await saveNotice(t, admin, fields, 'en-US');
      expect([a.code, a.msg], JSON.stringify(fields)).toEqual([-1001, en]);
      const b = await saveNotice(t, admin, fields, 'it-IT');
      expect([b.code, b.msg], JSON.stringify(fields)).toEqual([-1001, it]);
    }
    expect(await countRows(t.db, 'notices')).toBe(0);
    expect(await countRows(t.db, "audit_log where action like 'notice.%'")).toBe(0);
  });

  it('for an operator whose role does not write notices, and for an investor', async () => {
    const finance = await operatorWithRole(t.app, admin, 'finance');
    const res = await saveNotice(t, finance, { publishAt: clock.ms });
    expect(res.code).not.toBe(0);
    const anna = await newApplicant(t, 0n);
    const asInvestor = await saveNotice(t, anna.token, { publishAt: clock.ms });
    expect(asInvestor.code).not.toBe(0);
    expect(await countRows(t.db, 'notices')).toBe(0);
  });
});

describe('personalNoticesAfter (for the push sender)', () => {
  it('walks the personal notices after a cursor in both languages, stopping before one not yet published', async () => {
    const anna = await newApplicant(t, 0n);
    await saveNotice(t, admin, { titleEn: 'Everyone', publishAt: clock.ms });
    const a = await saveNotice(t, admin, {
      userId: anna.id,
      titleIt: 'Per te',
      titleEn: 'For you',
      publishAt: clock.ms,
    });
    const later = await saveNotice(t, admin, {
      userId: anna.id,
      titleEn: 'Later',
      publishAt: clock.ms + hour,
    });
    await saveNotice(t, admin, { userId: anna.id, titleEn: 'After later', publishAt: clock.ms });
    const first = await personalNoticesAfter(t.db, 0, 10, clock.ms);
    expect(first).toEqual([
      {
        id: a.data.id,
        userId: anna.id,
        texts: { 'it-IT': { title: 'Per te', body: 'Testo' }, 'en-US': { title: 'For you', body: 'Text' } },
      },
    ]);
    clock.advance(hour);
    const next = await personalNoticesAfter(t.db, a.data.id, 10, clock.ms);
    expect(next.map((n) => n.texts['en-US'].title)).toEqual(['Later', 'After later']);
    expect(next[0]?.id).toBe(later.data.id);
  });
});
