import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountRef, postEntry } from '../src/ledger/post';
import { assetsOverview } from '../src/modules/assets/overview';
import { quotedRates } from '../src/platform/fx';
import { systemClock } from '../src/services';
import { call, createTestApp, type TestApp } from './helper';
import { registerInvestor } from './identity-steps';
import { unreachableMarket } from './market-fixtures';

interface Assets {
  accounts: { purpose: string; asset: string; balance: string; scale: number }[];
  totals: { EUR: string; USD: string };
  unvalued: string[];
  rates: { pair: string; rate: string; source: string }[];
  updatedAt: number;
}

const referenceRates = [
  { pair: 'EURUSD', rate: '1.0850', source: 'reference' },
  { pair: 'USDTUSD', rate: '1', source: 'reference' },
];

// These scenarios value at the reference rates, which stand in when the market feed cannot answer, so every
// total can be written out; market-fx.test.ts values at the feed's EUR/USD.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, market: unreachableMarket(systemClock) });
});
afterAll(() => t.close());

let serial = 0;
/** Moves `amount` minor units from the platform's rewards account into a user's account. */
function credit(userId: number, asset: string, amount: bigint, purpose = 'spot') {
  const rewards: AccountRef = { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset };
  return t.db.tx((q) =>
    postEntry(q, {
      billType: 'platform_reward',
      actor: { type: 'system' },
      idempotencyKey: `assets-test:${++serial}`,
      postings: [
        { account: rewards, amount: -amount },
        { account: { ownerType: 'user', ownerId: userId, purpose, asset }, amount },
      ],
    }),
  );
}

describe('POST /user/assets', () => {
  it('asks a guest to log in', async () => {
    const res = await call(t.app, 'POST', '/user/assets');
    expect(res).toMatchObject({ code: -1000, msg: 'You are not currently logged in, please go to log in' });
  });

  it('shows the demo investor €100,000.00, $20,000.00 and 10,000 USDT, worth €127,649.75 or $138,500.00', async () => {
    const login = await call<{ token: string }>(t.app, 'POST', '/user/login', {
      account: 'demo@piazza.it',
      password: 'Piazza2026',
    });
    expect(login.code, login.msg).toBe(0);
    const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token: login.data.token });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.accounts).toEqual([
      { purpose: 'spot', asset: 'EUR', balance: '100000.00', scale: 2 },
      { purpose: 'spot', asset: 'USD', balance: '20000.00', scale: 2 },
      { purpose: 'spot', asset: 'USDT', balance: '10000.000000', scale: 6 },
    ]);
    // In EUR: 100000.00 + 20000 ÷ 1.0850 (18433.179…, down to 18433.17) + 10000 × 1 ÷ 1.0850 (9216.589…, 9216.58).
    // In USD: 100000.00 × 1.0850 + 20000.00 + 10000 × 1.
    expect(res.data.totals).toEqual({ EUR: '127649.75', USD: '138500.00' });
    expect(res.data.rates).toEqual(referenceRates);
    expect(res.data.unvalued).toEqual([]);
    expect(typeof res.data.updatedAt).toBe('number');
  });

  it('shows a new investor no accounts and totals of 0.00, with the rates it would use', async () => {
    const me = await registerInvestor(t.app, 'nuovo@piazza.test');
    const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token: me.token });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ accounts: [], totals: { EUR: '0.00', USD: '0.00' }, unvalued: [] });
    expect(res.data.rates).toEqual(referenceRates);
  });

  it('lists every purpose apart and totals them together, rounding each conversion down', async () => {
    const me = await registerInvestor(t.app, 'scopi@piazza.test');
    await credit(me.user.id, 'EUR', 1234n); // €12.34 spot
    await credit(me.user.id, 'EUR', 1n, 'frozen'); // €0.01 frozen
    await credit(me.user.id, 'USDT', 10_000n, 'contract'); // 0.010000 USDT margin
    const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token: me.token });
    expect(res.data.accounts).toEqual([
      { purpose: 'contract', asset: 'USDT', balance: '0.010000', scale: 6 },
      { purpose: 'frozen', asset: 'EUR', balance: '0.01', scale: 2 },
      { purpose: 'spot', asset: 'EUR', balance: '12.34', scale: 2 },
    ]);
    // EUR: 12.35 + 0.01 USDT ÷ 1.0850 (0.0092…, down to 0.00) = 12.35.
    // USD: 12.35 × 1.0850 (13.39975, down to 13.39) + 0.01 = 13.40.
    expect(res.data.totals).toEqual({ EUR: '12.35', USD: '13.40' });
  });

  it('leaves out of the totals an asset no rate values yet, and names it', async () => {
    const me = await registerInvestor(t.app, 'bitcoin@piazza.test');
    await credit(me.user.id, 'BTC', 5_000_000n); // 0.05000000 BTC
    await credit(me.user.id, 'USD', 100n); // $1.00
    const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token: me.token });
    expect(res.data.accounts).toContainEqual({
      purpose: 'spot',
      asset: 'BTC',
      balance: '0.05000000',
      scale: 8,
    });
    // $1.00 ÷ 1.0850 = €0.9216…, down to €0.92.
    expect(res.data.totals).toEqual({ EUR: '0.92', USD: '1.00' });
    expect(res.data.unvalued).toEqual(['BTC']);
  });

  it("never shows another investor's balances", async () => {
    const a = await registerInvestor(t.app, 'alice@piazza.test');
    const b = await registerInvestor(t.app, 'bruno@piazza.test');
    await credit(a.user.id, 'EUR', 50_000n);
    const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token: b.token });
    expect(res.data.accounts).toEqual([]);
    expect(res.data.totals.EUR).toBe('0.00');
  });

  it('refuses an unknown field, such as a userId naming someone else', async () => {
    const me = await registerInvestor(t.app, 'curioso@piazza.test');
    const res = await call(t.app, 'POST', '/user/assets', { userId: 1 }, { token: me.token, lang: 'it-IT' });
    expect(res).toMatchObject({ code: -1001, msg: 'Campo sconosciuto: userId' });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/ipcg-api/openapi.json' })).json();
    expect(doc.paths['/ipcg-api/user/assets'].post).toBeDefined();
  });

  it('answers the same over JSON as form-encoded', async () => {
    const me = await registerInvestor(t.app, 'json@piazza.test');
    await credit(me.user.id, 'USD', 12_345n);
    const json = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token: me.token, json: true });
    const form = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token: me.token });
    expect(json.code, json.msg).toBe(0);
    expect({ ...json.data, updatedAt: 0 }).toEqual({ ...form.data, updatedAt: 0 });
    expect(json.data.totals).toEqual({ EUR: '113.77', USD: '123.45' }); // 123.45 ÷ 1.0850 = 113.778…
  });
});

describe('assetsOverview', () => {
  it('values with whatever rates it is given: without a USDT quote, USDT is unvalued', async () => {
    const me = await registerInvestor(t.app, 'tassi@piazza.test');
    await credit(me.user.id, 'USDT', 2_000_000n);
    await credit(me.user.id, 'EUR', 200n);
    const rates = quotedRates([{ base: 'EUR', quote: 'USD', rate: '2', source: 'reference' }]);
    const view = await assetsOverview(
      t.db,
      me.user.id,
      rates,
      { worth: [], unvalued: [] },
      1_700_000_000_000,
    );
    expect(view.totals).toEqual({ EUR: '2.00', USD: '4.00' });
    expect(view.unvalued).toEqual(['USDT']);
    expect(view.rates).toEqual([{ pair: 'EURUSD', rate: '2', source: 'reference' }]);
    expect(view.updatedAt).toBe(1_700_000_000_000);
  });
});
