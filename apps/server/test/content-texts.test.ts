import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, demoAdmin, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Text {
  key: string;
  title: string;
  body: string;
}

describe('content texts', () => {
  it('answers each default text in the caller language, Italian by default, saying the operator must replace it', async () => {
    for (const key of [
      'companyIntroduction',
      'privacyPolicy',
      'disclaimer',
      'about',
      'loanService',
      'accessibility',
    ]) {
      const en = await call<Text>(t.app, 'GET', '/common/prop', { key }, { lang: 'en-US' });
      expect(en.code, key).toBe(0);
      expect(en.data.key).toBe(key);
      expect(en.data.body).toMatch(/operator/);
      const it_ = await t.app.inject({ method: 'GET', url: `/ipcg-api/common/prop?key=${key}` });
      const body = it_.json() as { code: number; data: Text };
      expect(body.code).toBe(0);
      expect(body.data.body).toMatch(/operatore/);
      expect(body.data.title).not.toBe(en.data.title);
    }
    const privacy = await call<Text>(
      t.app,
      'GET',
      '/common/prop',
      { key: 'privacyPolicy' },
      { lang: 'it-IT' },
    );
    expect(privacy.data.title).toBe('Informativa sulla privacy');
    expect(privacy.data.body).toContain('Garante per la protezione dei dati personali');
  });

  it('refuses an unknown key by name, in both languages', async () => {
    expect(await call(t.app, 'GET', '/common/prop', { key: 'termsOfService' })).toEqual({
      code: -1001,
      msg: 'Unknown content text: termsOfService',
      data: null,
      status: 200,
    });
    expect(
      await call(t.app, 'GET', '/common/prop', { key: 'termsOfService' }, { lang: 'it-IT' }),
    ).toMatchObject({
      msg: 'Testo sconosciuto: termsOfService',
    });
    expect(await call(t.app, 'GET', '/common/prop', {})).toMatchObject({
      code: -1001,
      msg: 'key is required',
    });
  });

  it('answers several keys at once in the order asked, refusing the whole call for one unknown key', async () => {
    const res = await call<{ list: Text[] }>(t.app, 'GET', '/common/props', {
      keys: 'disclaimer, about,disclaimer',
    });
    expect(res.data.list.map((p) => p.key)).toEqual(['disclaimer', 'about']);
    const bad = await call(t.app, 'GET', '/common/props', { keys: 'about,nope' });
    expect(bad).toMatchObject({ code: -1001, msg: 'Unknown content text: nope' });
  });

  it('lets an admin replace a text in one language only, with the old and new text in the audit log', async () => {
    const token = await signIn(t.app, demoAdmin);
    const list = await call<{ list: Text[] }>(t.app, 'GET', '/admin/content', {}, { token });
    // Six texts (the accessibility statement the sixth, issue 21) in two languages.
    expect(list.data.list).toHaveLength(12);
    const oldEn = await call<Text>(t.app, 'GET', '/common/prop', { key: 'about' });

    const saved = await call(
      t.app,
      'POST',
      '/admin/content/save',
      { key: 'about', language: 'it-IT', title: 'Chi è Piazza Srl', body: 'Piazza Srl, Via Roma 1, Milano.' },
      { token },
    );
    expect(saved).toMatchObject({
      code: 0,
      data: { page: { key: 'about', language: 'it-IT', title: 'Chi è Piazza Srl' } },
    });
    const it_ = await call<Text>(t.app, 'GET', '/common/prop', { key: 'about' }, { lang: 'it-IT' });
    expect(it_.data).toEqual({
      key: 'about',
      title: 'Chi è Piazza Srl',
      body: 'Piazza Srl, Via Roma 1, Milano.',
    });
    expect((await call<Text>(t.app, 'GET', '/common/prop', { key: 'about' })).data).toEqual(oldEn.data);

    const audit = await call<{ list: { action: string; before: Text; after: Text }[] }>(
      t.app,
      'GET',
      '/admin/audit',
      { targetType: 'content', targetId: 'about:it-IT' },
      { token },
    );
    expect(audit.data.list).toEqual([
      expect.objectContaining({
        action: 'content.save',
        before: expect.objectContaining({ title: 'Informazioni su Piazza' }),
        after: { title: 'Chi è Piazza Srl', body: 'Piazza Srl, Via Roma 1, Milano.' },
      }),
    ]);
  });

  it('refuses a bad key, language or empty text and changes nothing', async () => {
    const token = await signIn(t.app, demoAdmin);
    const auditBefore = await countRows(t.db, 'audit_log');
    const base = { key: 'disclaimer', language: 'en-US', title: 'T', body: 'B' };
    const cases: [Record<string, string>, string][] = [
      [
        { ...base, key: 'terms' },
        'key must be companyIntroduction, privacyPolicy, disclaimer, about, loanService or accessibility',
      ],
      [{ ...base, language: 'fr-FR' }, 'language must be it-IT or en-US'],
      [{ ...base, body: '   ' }, 'body is required'],
    ];
    for (const [params, msg] of cases) {
      expect(await call(t.app, 'POST', '/admin/content/save', params, { token })).toMatchObject({
        code: -1001,
        msg,
      });
    }
    expect(await countRows(t.db, 'audit_log')).toBe(auditBefore);
    expect((await call<Text>(t.app, 'GET', '/common/prop', { key: 'disclaimer' })).data.title).toBe(
      'Disclaimer',
    );
  });
});
