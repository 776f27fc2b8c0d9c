import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, operatorWithRole, signIn } from './admin-fixtures';
import { call } from './helper';
import { realise, taxEstimate, taxPosition } from './taxes-steps';
import { createTradingApp, newTrader, type TradingApp, userBalance } from './trading-steps';

/*
 * The regime switch, the Tobin-tax exempt list and the estimate's refusals: each refused with -1001 and a
 * message naming the rule, changing nothing.
 */

let t: TradingApp;
let admin: string;
beforeAll(async () => {
  t = await createTradingApp();
  admin = await signIn(t.app, demoAdmin);
});
afterAll(async () => {
  await t?.close();
});

const regimeRows = async (userId: number) =>
  (await t.db.query('select regime from tax_regimes where user_id = $1', [userId])).length;

describe('the regime dichiarativo', () => {
  it('refuses a switch by a support operator, an unknown regime or a missing reason', async () => {
    const who = await newTrader(t, 0n);
    const support = await operatorWithRole(t.app, admin, 'support');
    const bySupport = await call(
      t.app,
      'POST',
      '/admin/tax/regime/set',
      { userId: who.id, regime: 'dichiarativo', reason: 'asked by letter' },
      { token: support },
    );
    expect(bySupport).toMatchObject({ code: -1001, msg: 'Your role does not allow this action' });
    const unknown = await call(
      t.app,
      'POST',
      '/admin/tax/regime/set',
      { userId: who.id, regime: 'forfettario', reason: 'asked by letter' },
      { token: admin },
    );
    expect(unknown).toMatchObject({ code: -1001, msg: 'Choose the regime: amministrato or dichiarativo.' });
    const noReason = await call(
      t.app,
      'POST',
      '/admin/tax/regime/set',
      { userId: who.id, regime: 'dichiarativo' },
      { token: admin },
    );
    expect(noReason.code).toBe(-1001);
    const same = await call(
      t.app,
      'POST',
      '/admin/tax/regime/set',
      { userId: who.id, regime: 'amministrato', reason: 'asked by letter' },
      { token: admin },
    );
    expect(same).toMatchObject({
      code: -1001,
      msg: 'The investor is already under the regime amministrato.',
    });
    expect(await regimeRows(who.id)).toBe(0);
  });

  it('withholds nothing once set, and still records the gain', async () => {
    const who = await newTrader(t, 10_000n);
    const set = await call(
      t.app,
      'POST',
      '/admin/tax/regime/set',
      { userId: who.id, regime: 'dichiarativo', reason: 'the investor files their own return' },
      { token: admin },
    );
    expect(set.code, set.msg).toBe(0);
    expect(set.data).toMatchObject({ userId: who.id, regime: 'dichiarativo' });
    expect(await realise(t, who.id, { proceeds: 20_000n, cost: 10_000n })).toMatchObject({
      regime: 'dichiarativo',
      gain: 10_000n,
      withheld: 0n,
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(10_000n);
    const position = await taxPosition(t, who.token, undefined, 'it-IT');
    expect(position.data).toMatchObject({ regime: 'dichiarativo' });
    expect(position.data.figures[0]).toMatchObject({ gains: '100.00', withheld: '0.00' });
    const [logged] = await t.db.query<{ action: string }>(
      `select action from audit_log where target_type = 'user' and target_id = $1 and action = 'tax.regime'`,
      [String(who.id)],
    );
    expect(logged).toEqual({ action: 'tax.regime' });
  });
});

describe('the Tobin-tax exempt list', () => {
  const add = (params: Record<string, string | number>, token = admin, lang = 'en-US') =>
    call<{ list: { symbol: string; year: number }[] }>(t.app, 'POST', '/admin/tax/exempt/add', params, {
      token,
      lang,
    });

  it('adds an Italian share for a year and refuses the bad entries', async () => {
    const ok = await add({ symbol: 'lots.mi', year: 2026 });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.list).toEqual([{ symbol: 'LOTS.MI', name: 'Lots', year: 2026 }]);
    expect(await add({ symbol: 'LOTS.MI', year: 2026 })).toMatchObject({
      code: -1001,
      msg: 'LOTS.MI is already on the exempt list of 2026.',
    });
    expect(await add({ symbol: 'AAPL.US', year: 2026 })).toMatchObject({
      code: -1001,
      msg: 'AAPL.US is not an Italian share: the Tobin tax does not apply to it.',
    });
    expect(await add({ symbol: 'NOPE.MI', year: 2026 }, admin, 'it-IT')).toMatchObject({
      code: -1001,
      msg: 'Nessuno strumento NOPE.MI è quotato.',
    });
    expect(await add({ symbol: 'ENI.MI', year: 1999 })).toMatchObject({
      code: -1001,
      msg: 'Enter a year from 2013 to 2100.',
    });
    const support = await operatorWithRole(t.app, admin, 'support');
    expect((await add({ symbol: 'ENI.MI', year: 2026 }, support)).code).toBe(-1001);
    const list = await call<{ list: unknown[] }>(
      t.app,
      'GET',
      '/admin/tax/exempt',
      { year: 2026 },
      { token: admin },
    );
    expect(list.data.list).toHaveLength(1);
  });

  it('charges no Tobin tax on the estimate of an exempt share', async () => {
    const who = await newTrader(t, 0n);
    t.books.set('LOTS.MI', { last: 10_000n, bids: [], asks: [] });
    const res = await taxEstimate(t, who.token, { symbol: 'LOTS.MI', side: 'buy', quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ transactionTax: '0.00', transactionTaxRate: '0.00' });
  });
});

describe('the estimate', () => {
  it('refuses a bad quantity, an unknown symbol and more than is held', async () => {
    const who = await newTrader(t, 0n);
    expect(
      await taxEstimate(t, who.token, { symbol: 'ENI.MI', side: 'sell', quantity: 'abc' }),
    ).toMatchObject({
      code: -1001,
      msg: 'Enter the quantity as a number above zero.',
    });
    expect(await taxEstimate(t, who.token, { symbol: 'ENI.MI', side: 'sell', quantity: '0' })).toMatchObject({
      code: -1001,
    });
    expect(await taxEstimate(t, who.token, { symbol: 'ZZZ.MI', side: 'sell', quantity: '1' })).toMatchObject({
      code: -1001,
      msg: 'No instrument ZZZ.MI is listed.',
    });
    t.books.set('ENI.MI', { last: 14_000n, bids: [], asks: [] });
    expect(
      await taxEstimate(t, who.token, { symbol: 'ENI.MI', side: 'sell', quantity: '10' }, 'it-IT'),
    ).toMatchObject({
      code: -1001,
      msg: 'Possiedi solo 0 di questo titolo: la stima vale per quanto puoi vendere.',
    });
  });

  it('answers nothing to a guest', async () => {
    expect((await call(t.app, 'GET', '/tax/position')).code).toBe(-1000);
  });
});
