import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, demoAdmin, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { registerInvestor } from './identity-steps';
import { jpegWithExif, submitKyc, upload, uploadPair, validForm } from './kyc-steps';

let t: TestApp;
let admin: string;
let n = 0;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-kyc-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, clock: new TestClock() });
  admin = await signIn(t.app, demoAdmin);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newInvestor = () => registerInvestor(t.app, `33320000${String(++n).padStart(2, '0')}`);

interface Status {
  idStatus: string;
  failReason: string | null;
  form: (Record<string, unknown> & { front: { url: string }; back: { url: string } }) | null;
  profile: { experience: string; products: { product: string; verdict: string }[] } | null;
  hni: { status: string; reason: string | null };
}

const status = async (token: string) => {
  const res = await call<Status>(t.app, 'GET', '/user/auth', {}, { token });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

describe('POST /user/info refuses each field by name and keeps nothing', () => {
  let token: string;
  let form: Record<string, string>;
  beforeAll(async () => {
    token = (await newInvestor()).token;
    form = validForm(await uploadPair(t.app, token));
  });

  const cases: [string, string | undefined, string, string][] = [
    [
      'certType',
      'library_card',
      'Choose the document type: ID card, driving licence, passport or permanent resident card',
      'Scegli il tipo di documento: carta d’identità, patente di guida, passaporto o permesso di soggiorno',
    ],
    [
      'certType',
      undefined,
      'Choose the document type: ID card, driving licence, passport or permanent resident card',
      'Scegli il tipo di documento: carta d’identità, patente di guida, passaporto o permesso di soggiorno',
    ],
    [
      'realName',
      ' ',
      'Enter your full name as on the document (2 to 100 characters)',
      'Inserisci nome e cognome come sul documento (da 2 a 100 caratteri)',
    ],
    [
      'certNo',
      'AB 12',
      'Enter the document number: 5 to 30 letters, digits or hyphens',
      'Inserisci il numero del documento: da 5 a 30 lettere, cifre o trattini',
    ],
    [
      'birthday',
      '17/05/1990',
      'Enter your date of birth as YYYY-MM-DD',
      'Inserisci la data di nascita nel formato AAAA-MM-GG',
    ],
    [
      'birthday',
      '1990-02-30',
      'Enter your date of birth as YYYY-MM-DD',
      'Inserisci la data di nascita nel formato AAAA-MM-GG',
    ],
    [
      'birthday',
      '2027-01-01',
      'Enter your date of birth as YYYY-MM-DD',
      'Inserisci la data di nascita nel formato AAAA-MM-GG',
    ],
    // The test clock's day is 2026-11-23: one day short of 18 is refused.
    [
      'birthday',
      '2008-11-24',
      'You must be at least 18 years old to open an account',
      'Per aprire un conto devi avere almeno 18 anni',
    ],
    [
      'address',
      '',
      'Enter your residential address (2 to 200 characters)',
      'Inserisci l’indirizzo di residenza (da 2 a 200 caratteri)',
    ],
    ['nationality', 'Italy', 'Choose your nationality', 'Scegli la nazionalità'],
    [
      'validUntil',
      '2030-13-01',
      'Enter the document expiry date as YYYY-MM-DD',
      'Inserisci la data di scadenza del documento nel formato AAAA-MM-GG',
    ],
    [
      'validUntil',
      '2026-11-22',
      'The document has expired: use a valid one',
      'Il documento è scaduto: usane uno valido',
    ],
    ['purpose', 'gambling', 'Choose the purpose of the account', 'Scegli lo scopo del conto'],
    ['fundSource', undefined, 'Choose the source of your funds', 'Scegli l’origine dei fondi'],
    ['incomeRange', '1m', 'Choose your yearly income range', 'Scegli la fascia di reddito annuo'],
    ['assetRange', 'lots', 'Choose your asset range', 'Scegli la fascia di patrimonio'],
    ['objective', 'fun', 'Choose your investment objective', 'Scegli l’obiettivo di investimento'],
    ['riskPreference', 'extreme', 'Choose your risk preference', 'Scegli la propensione al rischio'],
    ['experience', 'guru', 'Choose your investment experience', 'Scegli la tua esperienza di investimento'],
    ['frontId', undefined, 'Upload the front of the document', 'Carica il fronte del documento'],
    ['backId', 'not-an-id', 'Upload the back of the document', 'Carica il retro del documento'],
    [
      'privacy',
      undefined,
      'Tick the box to allow the processing of your personal data',
      'Spunta la casella per autorizzare il trattamento dei dati personali',
    ],
    [
      'privacy',
      '0',
      'Tick the box to allow the processing of your personal data',
      'Spunta la casella per autorizzare il trattamento dei dati personali',
    ],
  ];

  it.each(cases)('%s = %j', async (field, value, en, itText) => {
    const params = { ...form, [field]: value };
    const enRes = await call(t.app, 'POST', '/user/info', params, { token, lang: 'en-US' });
    expect(enRes).toMatchObject({ code: -1001, msg: en });
    const itRes = await call(t.app, 'POST', '/user/info', params, { token, lang: 'it-IT' });
    expect(itRes).toMatchObject({ code: -1001, msg: itText });
    expect((await status(token)).idStatus).toBe('none');
  });

  it('refuses the same document twice, and a document of another user', async () => {
    const same = await call(t.app, 'POST', '/user/info', { ...form, backId: form.frontId! }, { token });
    expect(same).toMatchObject({ code: -1001, msg: 'The front and the back must be two different images' });
    const other = await newInvestor();
    const theirs = await upload(t.app, other.token, {
      name: 'x.jpg',
      type: 'image/jpeg',
      bytes: jpegWithExif('x'),
    });
    const stolen = await call(
      t.app,
      'POST',
      '/user/info',
      { ...form, backId: theirs.data.id },
      { token, lang: 'it-IT' },
    );
    expect(stolen).toMatchObject({
      code: -1001,
      msg: 'Il documento caricato non è stato trovato: caricalo di nuovo',
    });
    expect(await countRows(t.db, 'kyc_submissions')).toBe(0);
    expect((await status(token)).profile).toBeNull();
  });

  it('refuses an unknown field like every call', async () => {
    const res = await call(t.app, 'POST', '/user/info', { ...form, isAdmin: '1' }, { token });
    expect(res).toMatchObject({ code: -1001, msg: 'Unknown field isAdmin' });
  });
});

describe('KYC status: none → pending → fail(reason) → pending → succ', () => {
  it('walks the whole flow, each step visible to the app and the drawer', async () => {
    const me = await newInvestor();
    const token = me.token;
    const before = await status(token);
    expect(before).toMatchObject({ idStatus: 'none', failReason: null, form: null, profile: null });
    expect(before.hni.status).toBe('none');

    await submitKyc(t.app, token);
    const pending = await status(token);
    expect(pending.idStatus).toBe('pending');
    expect(pending.form).toMatchObject({
      realName: 'Giulia Bianchi',
      certNo: 'CA12345AB',
      nationality: 'IT',
    });
    expect(pending.form!.front.url).toMatch(/^\/ipcg-api\/user\/kyc\/document\?id=[a-f0-9]{32}$/);
    expect(pending.profile?.experience).toBe('basic');
    const info = await call<{ user: { idStatus: string } }>(t.app, 'GET', '/user/login/info', {}, { token });
    expect(info.data.user.idStatus).toBe('pending');

    // No second submission while one is under review.
    const again = await call(t.app, 'POST', '/user/info', validForm(await uploadPair(t.app, token)), {
      token,
      lang: 'it-IT',
    });
    expect(again).toMatchObject({
      code: -1001,
      msg: 'La tua verifica è in corso di revisione: attendi l’esito',
    });
    expect(await countRows(t.db, 'kyc_submissions')).toBe(1);

    const rejected = await call(
      t.app,
      'POST',
      '/admin/kyc/reject',
      { userId: me.user.id, reason: 'Foto sfocata, ricarica il fronte' },
      { token: admin },
    );
    expect(rejected).toMatchObject({ code: 0, data: { idStatus: 'fail' } });
    expect(await status(token)).toMatchObject({
      idStatus: 'fail',
      failReason: 'Foto sfocata, ricarica il fronte',
    });

    await submitKyc(t.app, token, { realName: 'Giulia Maria Bianchi' });
    expect(await status(token)).toMatchObject({
      idStatus: 'pending',
      failReason: null,
      form: { realName: 'Giulia Maria Bianchi' },
    });

    expect(
      (await call(t.app, 'POST', '/admin/kyc/approve', { userId: me.user.id }, { token: admin })).code,
    ).toBe(0);
    expect((await status(token)).idStatus).toBe('succ');
    const drawer = await call<{ user: { idStatus: string } }>(
      t.app,
      'GET',
      '/user/login/info',
      {},
      { token },
    );
    expect(drawer.data.user.idStatus).toBe('succ');

    const afterSucc = await call(t.app, 'POST', '/user/info', validForm(await uploadPair(t.app, token)), {
      token,
    });
    expect(afterSucc).toMatchObject({ code: -1001, msg: 'Your identity is already verified' });
  });
});

describe('appropriateness', () => {
  it('is null before the questionnaire, follows the KYC answers and can be retaken', async () => {
    const { token } = await newInvestor();
    expect((await call(t.app, 'GET', '/user/appropriateness', {}, { token })).data).toEqual({
      profile: null,
    });
    await submitKyc(t.app, token, { experience: 'none', riskPreference: 'low', objective: 'preservation' });
    const first = await call<{ profile: { products: { product: string; verdict: string }[] } }>(
      t.app,
      'GET',
      '/user/appropriateness',
      {},
      { token },
    );
    expect(first.data.profile.products).toEqual([
      { product: 'shares', verdict: 'warn' },
      { product: 'crypto', verdict: 'warn' },
      { product: 'leveraged', verdict: 'refuse' },
      { product: 'options', verdict: 'refuse' },
    ]);

    const answers = {
      purpose: 'trading',
      fundSource: 'investments',
      incomeRange: 'gt100k',
      assetRange: 'gt1m',
      objective: 'speculation',
      riskPreference: 'high',
      experience: 'advanced',
    };
    const retaken = await call<{ profile: { experience: string; products: { verdict: string }[] } }>(
      t.app,
      'POST',
      '/user/appropriateness',
      answers,
      { token },
    );
    expect(retaken.code, retaken.msg).toBe(0);
    expect(retaken.data.profile.experience).toBe('advanced');
    expect(retaken.data.profile.products.map((p) => p.verdict)).toEqual(['fit', 'fit', 'fit', 'fit']);
    // The KYC form keeps what was submitted; only the profile changed.
    const s = await status(token);
    expect(s.form?.experience).toBe('none');
    expect(s.profile?.experience).toBe('advanced');

    const bad = await call(
      t.app,
      'POST',
      '/user/appropriateness',
      { ...answers, experience: 'some' },
      { token, lang: 'it-IT' },
    );
    expect(bad).toMatchObject({ code: -1001, msg: 'Scegli la tua esperienza di investimento' });
    expect((await status(token)).profile?.experience).toBe('advanced');
  });
});

describe('HNI', () => {
  it('needs KYC verified, is applied for once, and waits for an operator', async () => {
    const me = await newInvestor();
    const early = await call(t.app, 'POST', '/user/hni/apply', {}, { token: me.token, lang: 'it-IT' });
    expect(early).toMatchObject({ code: -1001, msg: 'Completa prima la verifica dell’identità (KYC)' });
    await submitKyc(t.app, me.token);
    expect((await call(t.app, 'POST', '/user/hni/apply', {}, { token: me.token })).code).toBe(-1001);
    await call(t.app, 'POST', '/admin/kyc/approve', { userId: me.user.id }, { token: admin });

    expect(await call(t.app, 'POST', '/user/hni/apply', {}, { token: me.token })).toMatchObject({
      code: 0,
      data: { status: 'pending' },
    });
    const twice = await call(t.app, 'POST', '/user/hni/apply', {}, { token: me.token });
    expect(twice).toMatchObject({ code: -1001, msg: 'Your HNI application is already under review' });

    const rejected = await call(
      t.app,
      'POST',
      '/admin/user/hni',
      { id: me.user.id, approve: 0, reason: 'Patrimonio non documentato' },
      { token: admin },
    );
    expect(rejected.code, rejected.msg).toBe(0);
    expect((await status(me.token)).hni).toEqual({
      status: 'rejected',
      reason: 'Patrimonio non documentato',
    });
    // A rejected investor may apply again; this time it is approved.
    expect((await call(t.app, 'POST', '/user/hni/apply', {}, { token: me.token })).code).toBe(0);
    expect(
      (await call(t.app, 'POST', '/admin/user/hni', { id: me.user.id, approve: 1 }, { token: admin })).code,
    ).toBe(0);
    expect((await status(me.token)).hni).toEqual({ status: 'approved', reason: null });
    const done = await call(t.app, 'POST', '/user/hni/apply', {}, { token: me.token });
    expect(done).toMatchObject({ code: -1001, msg: 'Your account is already HNI' });
  });
});
