import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, demoAdmin, operatorWithRole, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp } from './helper';

/*
 * The regulatory page's information (issue 15 item 6): nothing is claimed until the operator configures it;
 * compliance sets it (every identity field required, the regulator in both languages, links https only) and
 * the page shows it in the reader's language; clearing it makes the page say again that none is configured.
 */

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAdmin);
});
afterEach(async () => t.close());

type PublicView = {
  configured: boolean;
  legalName: string;
  registrationNumber: string;
  regulator: string;
  authorisationNumber: string;
  links: { label: string; url: string }[];
};

const page = (lang: string) => call<PublicView>(t.app, 'GET', '/index/regulatory', {}, { lang });
const save = (params: Record<string, string>, lang = 'en-US', token = admin) =>
  call<{ configured: boolean }>(t.app, 'POST', '/admin/regulatory/save', params, { token, lang });

const filled = {
  legalName: 'Piazza Investimenti S.p.A.',
  registrationNumber: 'MI-2659123',
  regulatorIt: 'Commissione Nazionale per le Società e la Borsa (CONSOB)',
  regulatorEn: 'Italian Companies and Exchange Commission (CONSOB)',
  authorisationNumber: 'SIM 312',
  link1Url: 'https://www.consob.it/web/area-pubblica/albo-sim',
  link1LabelIt: 'Albo delle SIM',
  link1LabelEn: 'Register of investment firms',
};

describe('the regulatory page', () => {
  it('claims nothing on an install whose operator has configured nothing, in either language', async () => {
    for (const lang of ['it-IT', 'en-US']) {
      const res = await page(lang);
      expect(res.code).toBe(0);
      expect(res.data).toEqual({
        configured: false,
        legalName: '',
        registrationNumber: '',
        regulator: '',
        authorisationNumber: '',
        links: [],
        updatedAt: null,
      });
    }
  });

  it('shows what compliance configured, the regulator and link labels in the reader’s language; cleared, nothing again', async () => {
    const compliance = await operatorWithRole(t.app, admin, 'compliance');
    const saved = await save(filled, 'en-US', compliance);
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.configured).toBe(true);

    const it_ = await page('it-IT');
    expect(it_.data).toMatchObject({
      configured: true,
      legalName: 'Piazza Investimenti S.p.A.',
      registrationNumber: 'MI-2659123',
      regulator: 'Commissione Nazionale per le Società e la Borsa (CONSOB)',
      authorisationNumber: 'SIM 312',
      links: [{ label: 'Albo delle SIM', url: 'https://www.consob.it/web/area-pubblica/albo-sim' }],
    });
    const en = await page('en-US');
    expect(en.data.regulator).toBe('Italian Companies and Exchange Commission (CONSOB)');
    expect(en.data.links).toEqual([
      { label: 'Register of investment firms', url: 'https://www.consob.it/web/area-pubblica/albo-sim' },
    ]);
    expect(await countRows(t.db, "audit_log where action = 'regulatory.save'")).toBe(1);

    const cleared = await call(t.app, 'POST', '/admin/regulatory/clear', {}, { token: compliance });
    expect(cleared.code).toBe(0);
    expect((await page('it-IT')).data.configured).toBe(false);
    expect(await countRows(t.db, "audit_log where action = 'regulatory.clear'")).toBe(1);
  });
});

describe('refusals', () => {
  it('refuses a missing identity field by name, in both languages, and stores nothing', async () => {
    const { authorisationNumber: _, ...withoutAuthorisation } = filled;
    const en = await save(withoutAuthorisation, 'en-US');
    expect(en.code).toBe(-1001);
    expect(en.msg).toBe('Enter the authorisation number the regulator granted (at most 100 characters).');
    const it_ = await save({ ...filled, regulatorEn: '  ' }, 'it-IT');
    expect(it_.code).toBe(-1001);
    expect(it_.msg).toBe(
      'Indica l’autorità di vigilanza in italiano e in inglese (al massimo 200 caratteri ciascuno).',
    );
    expect((await page('en-US')).data.configured).toBe(false);
  });

  it('refuses a link that is not https or lacks a label in one language', async () => {
    const script = await save({ ...filled, link1Url: 'javascript:alert(1)' }, 'en-US');
    expect(script.code).toBe(-1001);
    expect(script.msg).toBe('A link must be an https:// address (at most 500 characters).');
    const plain = await save({ ...filled, link2Url: 'http://example.com/register' }, 'it-IT');
    expect(plain.msg).toBe('Un collegamento deve essere un indirizzo https:// (al massimo 500 caratteri).');
    const unlabelled = await save({ ...filled, link1LabelEn: '' }, 'en-US');
    expect(unlabelled.msg).toBe(
      'Give each link a label in Italian and in English (at most 120 characters each).',
    );
    expect((await page('en-US')).data.configured).toBe(false);
  });

  it('is set by compliance (or an admin) only: support reads it but may not change it', async () => {
    const support = await operatorWithRole(t.app, admin, 'support');
    expect((await call(t.app, 'GET', '/admin/regulatory', {}, { token: support })).code).toBe(0);
    const refused = await save(filled, 'en-US', support);
    expect(refused.code).not.toBe(0);
    expect((await page('en-US')).data.configured).toBe(false);
  });
});
