import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole } from './admin-fixtures';
import { download, generate } from './documents-steps';
import { adminToken, countOf, depositEur, type Investor, newInvestor } from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';

/*
 * What the documents calls refuse, each changing nothing, and the one rule of reading them: an investor reads
 * their own documents only. The clock is Monday 23 November 2026.
 */

let t: TestApp;
let anna: Investor;
let bruno: Investor;

beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock() });
  const finance = await operatorWithRole(t.app, await adminToken(t.app), 'finance');
  anna = await newInvestor(t.app);
  bruno = await newInvestor(t.app);
  await depositEur(t.app, anna, '300.00', finance);
}, 60_000);
afterAll(() => t.close());

describe('making a document is refused with -1001, and nothing is stored, when', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    [
      'the month has not begun',
      { kind: 'statement', period: '2026-12' },
      'en-US',
      'The period 2026-12 has not begun yet.',
    ],
    [
      'the year has not begun (in Italian)',
      { kind: 'costs', period: '2027' },
      'it-IT',
      'Il periodo 2027 non è ancora iniziato.',
    ],
    [
      'the month does not exist',
      { kind: 'statement', period: '2026-13' },
      'en-US',
      'Enter the period as a month (2026-11) for a statement or a year (2026) for the others.',
    ],
    [
      'a statement is asked for a year',
      { kind: 'statement', period: '2026' },
      'en-US',
      'A statement is for a month (2026-11); the tax certificate and the costs report are for a year (2026).',
    ],
    [
      'a tax certificate is asked for a month',
      { kind: 'tax', period: '2026-10' },
      'en-US',
      'A statement is for a month (2026-11); the tax certificate and the costs report are for a year (2026).',
    ],
    [
      'the year is before the ledger',
      { kind: 'costs', period: '2019' },
      'en-US',
      'Documents go back to 2020 at the earliest.',
    ],
    [
      'the kind is unknown',
      { kind: 'invoice', period: '2026' },
      'en-US',
      'Choose a statement, a tax certificate or a costs report.',
    ],
  ];
  it.each(cases)('%s', async (_name, params, lang, msg) => {
    const res = await call(t.app, 'POST', '/user/documents/generate', params, { token: anna.token, lang });
    expect(res.code).toBe(-1001);
    expect(res.msg).toBe(msg);
    expect(await countOf(t.db, 'documents')).toBe(0);
  });
});

describe("another investor's document", () => {
  it('is not listed, and its bytes answer as an unknown document does', async () => {
    const made = await generate(t.app, anna.token, 'statement', '2026-11');
    expect(made.code, made.msg).toBe(0);
    const own = await download(t.app, anna.token, made.data.id, 'pdf');
    expect(own.status).toBe(200);
    expect(own.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const list = await call<{ list: unknown[]; total: number }>(
      t.app,
      'GET',
      '/user/documents',
      {},
      { token: bruno.token },
    );
    expect(list.data).toMatchObject({ list: [], total: 0 });
    const theirs = await download(t.app, bruno.token, made.data.id, 'pdf');
    const unknown = await download(t.app, bruno.token, 'f'.repeat(32), 'pdf');
    expect(theirs.status).toBe(404);
    expect(theirs.text).toBe(unknown.text);
    expect(JSON.parse(theirs.text)).toMatchObject({ code: 404, msg: 'Document not found.' });
  });

  it('cannot be read without a session, nor in a format that is not offered', async () => {
    const [doc] = (await t.db.query<{ id: string }>('select id from documents')) as [{ id: string }];
    const anonymous = await download(t.app, undefined, doc.id, 'pdf');
    expect(JSON.parse(anonymous.text)).toMatchObject({ code: -1000 });
    const wrongFormat = await download(t.app, anna.token, doc.id, 'xlsx' as 'pdf');
    expect(wrongFormat.status).toBe(404);
  });
});

describe('in the back office', () => {
  it('finance makes an investor’s statement in their language, audited, and reads its bytes', async () => {
    const admin = await adminToken(t.app);
    const finance = await operatorWithRole(t.app, admin, 'finance');
    await t.db.query(`update users set language = 'it-IT' where id = $1`, [anna.id]);
    const made = await call<{ id: string; language: string; closing: unknown[] }>(
      t.app,
      'POST',
      '/admin/documents/generate',
      { userId: anna.id, kind: 'statement', period: '2026-11' },
      { token: finance },
    );
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({
      language: 'it-IT',
      closing: [{ purpose: 'spot', asset: 'EUR', balance: '300.00' }],
    });
    const [audited] = await t.db.query<{ action: string; targetId: string }>(
      `select action, target_id as "targetId" from audit_log where action = 'document.make'`,
    );
    expect(audited).toEqual({ action: 'document.make', targetId: String(anna.id) });
    const listed = await call<{ total: number }>(
      t.app,
      'GET',
      '/admin/documents',
      { userId: anna.id },
      { token: finance },
    );
    expect(listed.data.total).toBe(2); // the English one made by Anna, the Italian one made here
    const res = await t.app.inject({
      method: 'GET',
      url: '/ipcg-api/admin/documents/file',
      query: { id: made.data.id, format: 'pdf' },
      headers: { 'access-token': finance },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses an unknown investor, and operators whose role reads no documents', async () => {
    const admin = await adminToken(t.app);
    const unknown = await call(
      t.app,
      'POST',
      '/admin/documents/generate',
      { userId: 99_999, kind: 'statement', period: '2026-11' },
      { token: admin },
    );
    expect(unknown).toMatchObject({ code: -1001, msg: 'No investor has the id 99999.' });
    const support = await operatorWithRole(t.app, admin, 'support');
    const refused = await call(t.app, 'GET', '/admin/documents', { userId: anna.id }, { token: support });
    expect(refused.code).not.toBe(0);
  });
});
