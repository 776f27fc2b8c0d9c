import type { OptionSeries, OptionView } from '@piazza/contract/calls/options-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { type OptionExpiryJob, optionExpiryJobOf } from '../src/modules/options/routes';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { buyOption, closeOption, newOptionTrader, optionCount, setProfile } from './options-steps';
import {
  createTradingApp,
  eniBook,
  mondayInSession,
  newTrader,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * Options on ENI.MI (last 14.240, volatility 22%, EUR rate 2%, 100 shares a contract) from Monday 23 November
 * 2026, 10:30 in Milan. The listed expiries are the third Fridays after today at Borsa Italiana's close
 * (17:30 Rome, 16:30 UTC): 18 December 2026, 15 January and 19 February 2027. Strikes every 0.500 from
 * 10.000 to 18.000 around the at-the-money 14.000.
 */

const december = Date.UTC(2026, 11, 18, 16, 30);
const january = Date.UTC(2027, 0, 15, 16, 30);
const february = Date.UTC(2027, 1, 19, 16, 30);
const tuesday = Date.UTC(2026, 10, 24, 9, 30);
const saturday = Date.UTC(2026, 10, 28, 9, 30);

let t: TradingApp;
let job: OptionExpiryJob;
beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
  t.books.set('FTSEMIB.IDX', { last: 4_552_300n, bids: [], asks: [] });
  const found = optionExpiryJobOf(t.app.services);
  if (!found) throw new Error('the options module is not mounted');
  job = found;
});
afterAll(async () => {
  await t?.close();
});

const rule = (token: string, symbol?: string, lang?: string) =>
  call<{ underlyings: { symbol: string }[]; series: OptionSeries | null }>(
    t.app,
    'GET',
    '/stock/option/rule',
    symbol ? { symbol } : {},
    { token, lang },
  );

const marketEur = async () => {
  const [row] = await t.db.query<{ balance: bigint }>(
    `select balance from accounts where owner_type = 'platform' and purpose = 'market' and asset = 'EUR'`,
  );
  return row?.balance ?? 0n;
};

describe('the option rule', () => {
  it('lists stocks and indices, not crypto, and the series of ENI.MI with the premiums of a contract', async () => {
    const who = await newOptionTrader(t, 0n);
    const res = await rule(who.token, 'ENI.MI');
    expect(res.code, res.msg).toBe(0);
    const symbols = res.data.underlyings.map((u) => u.symbol);
    expect(symbols).toContain('ENI.MI');
    expect(symbols).toContain('FTSEMIB.IDX');
    expect(symbols).not.toContain('BTCUSDT');
    expect(symbols).not.toContain('NEWCO.MI');
    const series = res.data.series as OptionSeries;
    expect(series).toMatchObject({
      symbol: 'ENI.MI',
      currency: 'EUR',
      marketOpen: true,
      spot: '14.240',
      volatility: '0.22',
      rate: '0.02',
      contractSize: '100',
      minimumAmount: '50.00',
      verdict: 'fit',
    });
    expect(series.expiries.map((e) => e.expiresAt)).toEqual([december, january, february]);
    const strikes = series.expiries[0]?.strikes ?? [];
    expect(strikes.map((s) => s.strike)).toEqual([
      '10.000',
      '10.500',
      '11.000',
      '11.500',
      '12.000',
      '12.500',
      '13.000',
      '13.500',
      '14.000',
      '14.500',
      '15.000',
      '15.500',
      '16.000',
      '16.500',
      '17.000',
      '17.500',
      '18.000',
    ]);
    // 25.29 days (25 days 7 hours) to expiry: the 14.000 call is worth 0.47193 a share, the put 0.21254;
    // a contract of 100 shares costs 47.20 and 21.26 (rounded up).
    expect(strikes[8]).toEqual({ strike: '14.000', call: '47.20', put: '21.26' });
  });

  it('lists an index with a contract of one point and strikes every 1000 points', async () => {
    const who = await newOptionTrader(t, 0n);
    const series = (await rule(who.token, 'FTSEMIB.IDX')).data.series as OptionSeries;
    expect(series.contractSize).toBe('1');
    // 45523.00 is nearest 46000.00, the ninth of the seventeen strikes.
    expect(series.expiries[0]?.strikes.map((s) => s.strike).slice(7, 10)).toEqual([
      '45000.00',
      '46000.00',
      '47000.00',
    ]);
  });

  it('sells an index call of one point a contract: the FTSE MIB 46000.00 December call costs 673.37', async () => {
    const who = await newOptionTrader(t, 100_000n);
    const res = await buyOption(t, who.token, {
      symbol: 'ftsemib.idx',
      right: 'call',
      strike: '46000.00',
      expiresAt: december,
      contracts: 1,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      symbol: 'FTSEMIB.IDX',
      contractSize: '1',
      premium: '673.37',
      openSpot: '45523.00',
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(32_663n); // 1,000.00 − 673.37
  });

  it('answers the underlyings alone when no symbol is asked', async () => {
    const who = await newOptionTrader(t, 0n);
    const res = await rule(who.token);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.series).toBeNull();
    expect(res.data.underlyings.length).toBeGreaterThan(40);
  });

  it('refuses an underlying without options', async () => {
    const who = await newOptionTrader(t, 0n);
    expect(await rule(who.token, 'BTCUSDT')).toMatchObject({
      code: -1001,
      msg: 'No options are listed on BTCUSDT.',
    });
  });
});

const decemberCall = { symbol: 'ENI.MI', right: 'call', strike: '14.000', expiresAt: december, contracts: 2 };

describe('a call bought, valued and closed before expiry', () => {
  let who: { token: string; id: number };
  let option: OptionView;

  it('debits the premium of 2 contracts to the platform', async () => {
    who = await newOptionTrader(t, 100_000n); // €1,000.00
    const marketBefore = await marketEur();
    const res = await buyOption(t, who.token, decemberCall);
    expect(res.code, res.msg).toBe(0);
    option = res.data;
    expect(option).toMatchObject({
      symbol: 'ENI.MI',
      right: 'call',
      strike: '14.000',
      expiresAt: december,
      contracts: 2,
      contractSize: '100',
      state: 'holding',
      premium: '94.39',
      openSpot: '14.240',
      closeValue: null,
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(90_561n); // 1,000.00 − 94.39
    expect((await marketEur()) - marketBefore).toBe(9_439n);
  });

  it('is listed as held at the mark a day later, with the profit', async () => {
    t.clock.ms = tuesday;
    t.books.set('ENI.MI', { ...eniBook, last: 15_000n });
    const res = await call<{ list: OptionView[]; total: number }>(
      t.app,
      'GET',
      '/stock/order/option/list',
      { status: 'holding' },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.total).toBe(1);
    expect(res.data.list[0]).toMatchObject({
      id: option.id,
      markValue: '212.22',
      pnl: '117.83',
      volatility: '0.22',
      rate: '0.02',
    });
  });

  it('closes at the mark and credits the proceeds', async () => {
    const res = await closeOption(t, who.token, option.id);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      state: 'closed',
      closeValue: '212.22',
      closeSpot: '15.000',
      pnl: '117.83',
    });
    // 26 % of the gain 117.83 is withheld at the close: 30.64 (decision 048).
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(111_783n - 3_064n);
  });

  it('cannot be closed twice', async () => {
    expect(await closeOption(t, who.token, option.id)).toMatchObject({
      code: -1001,
      msg: 'This option is no longer held.',
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(111_783n - 3_064n);
  });

  it('counts in the statistics from executed trades', async () => {
    const res = await call<{ list: unknown[] }>(
      t.app,
      'GET',
      '/stock/order/option/statistics',
      {},
      { token: who.token },
    );
    expect(res.data.list).toEqual([
      {
        currency: 'EUR',
        trades: 1,
        holding: 0,
        ended: 1,
        premiumPaid: '94.39',
        proceeds: '212.22',
        realisedPnl: '117.83',
        wins: 1,
        losses: 0,
      },
    ]);
  });

  it("is not another investor's to close", async () => {
    const other = await newOptionTrader(t, 0n);
    expect(await closeOption(t, other.token, option.id)).toMatchObject({
      code: -1001,
      msg: 'Option not found.',
    });
  });
});

describe('refusals of a purchase change nothing', () => {
  let who: { token: string; id: number };
  const refused = async (params: Record<string, string | number | boolean>, msg: string, lang?: string) => {
    const before = { count: await optionCount(t), spot: await userBalance(t, who.id, 'spot', 'EUR') };
    const res = await buyOption(t, who.token, params, { lang });
    expect(res).toMatchObject({ code: -1001, msg });
    expect(await optionCount(t)).toBe(before.count);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(before.spot);
  };

  beforeAll(async () => {
    t.clock.ms = mondayInSession;
    t.books.set('ENI.MI', eniBook);
    who = await newOptionTrader(t, 100_000n);
  });

  it('below the minimum purchase amount: one 14.000 call costs 47.20', async () => {
    await refused({ ...decemberCall, contracts: 1 }, 'The minimum options purchase amount is 50.00 EUR.');
    await refused(
      { ...decemberCall, contracts: 1 },
      'Importo minimo di acquisto delle opzioni: 50,00 EUR.',
      'it-IT',
    );
  });

  it('a strike that is not listed', async () => {
    await refused({ ...decemberCall, strike: '14.100' }, 'There is no strike 14.100 for this expiry.');
    await refused({ ...decemberCall, strike: '9.500' }, 'There is no strike 9.500 for this expiry.');
  });

  it('an expiry that is not listed, or has passed', async () => {
    await refused(
      { ...decemberCall, expiresAt: december - 86_400_000 },
      'There is no ENI.MI expiry on that date.',
    );
    await refused({ ...decemberCall, expiresAt: Date.UTC(2026, 10, 20, 16, 30) }, 'This option has expired.');
  });

  it('contracts that are not a whole number of at least 1, or too many', async () => {
    const msg = 'The number of contracts must be a whole number of at least 1.';
    await refused({ ...decemberCall, contracts: 0 }, msg);
    await refused({ ...decemberCall, contracts: '1.5' }, msg);
    await refused({ ...decemberCall, contracts: 1001 }, 'At most 1000 contracts per order.');
  });

  it('a right that is neither call nor put', async () => {
    await refused({ ...decemberCall, right: 'binary' }, 'Choose a call or a put.');
  });

  it('a balance short of the premium', async () => {
    const poor = await newOptionTrader(t, 9_000n); // €90.00, short of 94.39
    const before = await optionCount(t);
    expect(await buyOption(t, poor.token, decemberCall)).toMatchObject({
      code: -1001,
      msg: 'Insufficient balance',
    });
    expect(await userBalance(t, poor.id, 'spot', 'EUR')).toBe(9_000n);
    expect(await optionCount(t)).toBe(before);
  });

  it('the transaction password once set', async () => {
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: who.token },
    );
    expect(set.code, set.msg).toBe(0);
    await refused(decemberCall, 'Enter your transaction password.');
    const before = await optionCount(t);
    const wrong = await buyOption(t, who.token, { ...decemberCall, tradePassword: '000000' });
    expect(wrong.msg).toMatch(/^Wrong transaction password/);
    expect(await optionCount(t)).toBe(before);
    const right = await buyOption(t, who.token, { ...decemberCall, tradePassword: '135790' });
    expect(right.code, right.msg).toBe(0);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(90_561n); // 1,000.00 − 94.39
  });
});

describe('appropriateness', () => {
  const refusedFor = async (
    who: { token: string; id: number },
    params: Record<string, string | number | boolean>,
    msg: string,
  ) => {
    const before = await optionCount(t);
    expect(await buyOption(t, who.token, params)).toMatchObject({ code: -1001, msg });
    expect(await optionCount(t)).toBe(before);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n);
  };

  it('refuses an investor who has not answered the questionnaire', async () => {
    const who = await newTrader(t, 100_000n);
    await refusedFor(who, decemberCall, 'Complete the appropriateness questionnaire before trading options.');
    expect((await rule(who.token, 'ENI.MI')).data.series?.verdict).toBe('none');
  });

  it('refuses options to an investor with basic experience', async () => {
    const who = await newTrader(t, 100_000n);
    await setProfile(t, who.id, 'basic', 'high');
    expect((await rule(who.token, 'ENI.MI')).data.series?.verdict).toBe('refuse');
    await refusedFor(
      who,
      { ...decemberCall, acknowledgeRisk: true },
      'Options are not appropriate for your experience and risk profile, so they cannot be bought.',
    );
  });

  it('asks an informed investor to accept the warning, then sells', async () => {
    const who = await newTrader(t, 100_000n);
    await setProfile(t, who.id, 'informed', 'high');
    expect((await rule(who.token, 'ENI.MI')).data.series?.verdict).toBe('warn');
    await refusedFor(
      who,
      decemberCall,
      'Options carry a risk your profile does not fit well: read the warning and confirm it.',
    );
    const res = await buyOption(t, who.token, { ...decemberCall, acknowledgeRisk: true });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.premium).toBe('94.39');
  });
});

describe('a repeated request', () => {
  it('buys once', async () => {
    const who = await newOptionTrader(t, 100_000n);
    const requestId = newRequestId();
    const first = await buyOption(t, who.token, decemberCall, { requestId });
    const again = await buyOption(t, who.token, decemberCall, { requestId });
    expect(first.code, first.msg).toBe(0);
    expect(again.data.id).toBe(first.data.id);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(90_561n);
  });
});

describe('expiry', () => {
  let who: { token: string; id: number };
  let put: OptionView;
  let call16: OptionView;
  let held: OptionView;

  it('buys a 15.000 put, a 16.000 call and a 14.000 call on Tuesday at 14.240', async () => {
    t.clock.ms = tuesday;
    t.books.set('ENI.MI', eniBook);
    who = await newOptionTrader(t, 500_000n); // €5,000.00
    const p = await buyOption(t, who.token, {
      ...decemberCall,
      right: 'put',
      strike: '15.000',
      contracts: 3,
    });
    const c = await buyOption(t, who.token, { ...decemberCall, strike: '16.000', contracts: 100 });
    const h = await buyOption(t, who.token, decemberCall);
    expect([p.msg, c.msg, h.msg]).toEqual(['Success', 'Success', 'Success']);
    put = p.data;
    call16 = c.data;
    held = h.data;
    // 24.29 days left: the put is worth 0.82440 a share (3 × 100 shares: 247.32), the far call 0.0067062
    // (100 × 100 shares: 67.07), the 14.000 call 0.46527 (2 × 100: 93.06); 5,000.00 − 407.45 = 4,592.55.
    expect([put.premium, call16.premium, held.premium]).toEqual(['247.32', '67.07', '93.06']);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(459_255n);
  });

  it('refuses a purchase and a close while the market is closed, changing nothing', async () => {
    t.clock.ms = saturday;
    expect((await rule(who.token, 'ENI.MI')).data.series?.marketOpen).toBe(false);
    const spot = await userBalance(t, who.id, 'spot', 'EUR');
    const count = await optionCount(t);
    expect(await buyOption(t, who.token, decemberCall)).toMatchObject({ code: -1001, msg: 'Market closed.' });
    expect(await closeOption(t, who.token, held.id)).toMatchObject({ code: -1001, msg: 'Market closed.' });
    expect(await closeOption(t, who.token, held.id, { lang: 'it-IT' })).toMatchObject({
      msg: 'Mercato chiuso.',
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(spot);
    expect(await optionCount(t)).toBe(count);
  });

  it('settles at intrinsic value once the job runs after the close of the expiry day', async () => {
    t.books.set('ENI.MI', { ...eniBook, last: 13_500n });
    t.clock.ms = december - 60_000;
    expect(await job.step()).toBe(0);
    t.clock.ms = december + 60_000;
    const spot = await userBalance(t, who.id, 'spot', 'EUR');
    // Not closable any more, even before the job.
    expect(await closeOption(t, who.token, held.id)).toMatchObject({
      code: -1001,
      msg: 'This option has expired.',
    });
    const settled = await job.step();
    expect(settled).toBeGreaterThanOrEqual(3);
    expect(await job.step()).toBe(0);
    // The put pays (15.000 − 13.500) × 300 = 450.00; both calls expire worthless. The put settles first: 26 % of
    // its gain 450.00 − 247.32 = 202.68 is withheld, 52.70; the calls' losses go to the zainetto (decision 048).
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(spot + 45_000n - 5_270n);
    const ended = await call<{ list: OptionView[] }>(
      t.app,
      'GET',
      '/stock/order/option/list',
      { status: 'ended' },
      { token: who.token },
    );
    const byId = new Map(ended.data.list.map((o) => [o.id, o]));
    expect(byId.get(put.id)).toMatchObject({
      state: 'expired',
      closeValue: '450.00',
      closeSpot: '13.500',
      pnl: '202.68',
    });
    expect(byId.get(call16.id)).toMatchObject({ state: 'expired', closeValue: '0.00', pnl: '-67.07' });
    expect(byId.get(held.id)).toMatchObject({ state: 'expired', closeValue: '0.00', pnl: '-93.06' });
    const stats = await call<{ list: unknown[] }>(
      t.app,
      'GET',
      '/stock/order/option/statistics',
      {},
      { token: who.token },
    );
    expect(stats.data.list).toEqual([
      {
        currency: 'EUR',
        trades: 3,
        holding: 0,
        ended: 3,
        premiumPaid: '407.45',
        proceeds: '450.00',
        realisedPnl: '42.55',
        wins: 1,
        losses: 2,
      },
    ]);
  });

  it('leaves the ledger clean', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
