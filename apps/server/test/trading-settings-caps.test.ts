import type { PositionView } from '@piazza/contract/calls/coin-contract-shapes';
import type { OptionSeries } from '@piazza/contract/calls/options-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { operatorWithRole } from './admin-fixtures';
import {
  type ContractApp,
  contractCall,
  createContractApp,
  eth3300,
  fundContract,
  openLong,
  positionCount,
  setAppropriateness,
  setEth,
  usdtOf,
} from './coin-contract-steps';
import { adminToken, newRequestId } from './funding-steps';
import { call } from './helper';
import { buyOption, newOptionTrader, optionCount } from './options-steps';
import { eniBook, mondayInSession, newTrader, userBalance } from './trading-steps';

/*
 * The operator's leverage caps and contract terms (decision 021, migration 090): saved in the back office
 * beside each market's fees, read by the next opening and by the calls a ticket asks first. A cap may only
 * go down from ESMA's retail limit. ENI.MI's book: asks 60 at 14.230, 30 at 14.232, 500 at 14.236; ETHUSDT
 * asks at 3,300.00 and bids at 3,299.00.
 */

let t: ContractApp;
let finance: string;
beforeAll(async () => {
  t = await createContractApp();
  t.clock.ms = mondayInSession;
  t.books.set('ENI.MI', eniBook);
  t.books.set('FTSEMIB.IDX', { last: 4_552_300n, bids: [], asks: [] });
  finance = await operatorWithRole(t.app, await adminToken(t.app), 'finance');
});
afterAll(async () => {
  await t?.close();
});

interface SettingsView {
  market: string;
  leverage: {
    share: number | null;
    majorIndex: number | null;
    otherIndex: number | null;
    crypto: number | null;
  };
  optionAmountMin: string | null;
  perpetual: { feeRateBp: number; maintenanceRateBp: number; marginMin: string } | null;
}

const xmilForm = { market: 'XMIL', rateBp: '19', minimum: '2.95', maximum: '19.00', settlementDays: '2' };
const cryptoForm = { market: 'CRYPTO', rateBp: '10', settlementDays: '0' };

function save(form: Record<string, string>, lang = 'en-US') {
  return call<SettingsView>(t.app, 'POST', '/admin/trading/settings/save', form, { token: finance, lang });
}

async function settingsOf(market: string): Promise<SettingsView> {
  const res = await call<{ list: SettingsView[] }>(
    t.app,
    'GET',
    '/admin/trading/settings',
    {},
    { token: finance },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.list.find((s) => s.market === market) as SettingsView;
}

describe('the caps and terms of a fresh install', () => {
  it('are ESMA’s retail limits and the terms the code had', async () => {
    expect(await settingsOf('XMIL')).toMatchObject({
      leverage: { share: 5, majorIndex: 20, otherIndex: 10, crypto: null },
      optionAmountMin: '50.00',
      perpetual: null,
    });
    expect(await settingsOf('XNYS')).toMatchObject({
      leverage: { share: 5, majorIndex: 20, otherIndex: 10, crypto: null },
      optionAmountMin: '50.00',
    });
    expect(await settingsOf('CRYPTO')).toMatchObject({
      leverage: { share: null, majorIndex: null, otherIndex: null, crypto: 2 },
      optionAmountMin: null,
      perpetual: { feeRateBp: 5, maintenanceRateBp: 50, marginMin: '10.000000' },
    });
  });
});

describe('a save the rules refuse changes nothing', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    [
      'a share cap of 6:1',
      { ...xmilForm, leverageShare: '6' },
      "The leverage cap on shares is a whole number from 1 to 5, ESMA's limit for retail clients.",
      "La leva massima sulle azioni è un numero intero da 1 a 5, il limite dell'ESMA per i clienti al dettaglio.",
    ],
    [
      'a major index cap of 30:1',
      { ...xmilForm, leverageMajorIndex: '30' },
      "The leverage cap on major indices is a whole number from 1 to 20, ESMA's limit for retail clients.",
      "La leva massima sugli indici principali è un numero intero da 1 a 20, il limite dell'ESMA per i clienti al dettaglio.",
    ],
    [
      'an other index cap of 11:1',
      { ...xmilForm, leverageOtherIndex: '11' },
      "The leverage cap on other indices is a whole number from 1 to 10, ESMA's limit for retail clients.",
      "La leva massima sugli altri indici è un numero intero da 1 a 10, il limite dell'ESMA per i clienti al dettaglio.",
    ],
    [
      'a share cap of 0',
      { ...xmilForm, leverageShare: '0' },
      "The leverage cap on shares is a whole number from 1 to 5, ESMA's limit for retail clients.",
      "La leva massima sulle azioni è un numero intero da 1 a 5, il limite dell'ESMA per i clienti al dettaglio.",
    ],
    [
      'a share cap of 2.5',
      { ...xmilForm, leverageShare: '2.5' },
      'A leverage cap is a whole number, such as 5 for 5:1.',
      'La leva massima è un numero intero, come 5 per 5:1.',
    ],
    [
      'a minimum option purchase of 0',
      { ...xmilForm, optionAmountMin: '0' },
      'The minimum option purchase and the minimum margin must be more than 0.',
      "L'acquisto minimo di opzioni e il margine minimo devono essere maggiori di 0.",
    ],
    [
      'a minimum option purchase with three decimals',
      { ...xmilForm, optionAmountMin: '50.001' },
      'An amount in EUR has at most 2 decimals.',
      'Un importo in EUR ha al massimo 2 decimali.',
    ],
    [
      'a crypto cap of 3:1',
      { ...cryptoForm, leverageCrypto: '3' },
      "The leverage cap on crypto is a whole number from 1 to 2, ESMA's limit for retail clients.",
      "La leva massima sulle cripto è un numero intero da 1 a 2, il limite dell'ESMA per i clienti al dettaglio.",
    ],
    [
      'a perpetual fee of 10.01 %',
      { ...cryptoForm, perpetualFeeBp: '1001' },
      'The perpetual fee rate is a whole number of basis points from 0 to 1000.',
      'La commissione dei perpetui è un numero intero di punti base da 0 a 1000.',
    ],
    [
      // At 2:1 the initial margin is 50 %: 49.95 % maintenance and the 0.05 % fee would liquidate at once.
      'a maintenance margin that leaves nothing of the initial margin at the cap',
      { ...cryptoForm, perpetualMaintenanceBp: '4995' },
      'The maintenance margin is a whole number of basis points from 1 to 4994, so that an opening at the cap is not liquidated at once.',
      "Il margine di mantenimento è un numero intero di punti base da 1 a 4994, perché un'apertura alla leva massima non sia liquidata subito.",
    ],
    [
      'a maintenance margin of 0.5 basis points',
      { ...cryptoForm, perpetualMaintenanceBp: '0.5' },
      'A rate is a whole number of basis points, such as 5 for 0.05 %.',
      'Un tasso è un numero intero di punti base, come 5 per lo 0,05 %.',
    ],
    [
      'a minimum margin of 0 USDT',
      { ...cryptoForm, perpetualMarginMin: '0' },
      'The minimum option purchase and the minimum margin must be more than 0.',
      "L'acquisto minimo di opzioni e il margine minimo devono essere maggiori di 0.",
    ],
    [
      'a minimum margin with seven decimals',
      { ...cryptoForm, perpetualMarginMin: '10.0000001' },
      'An amount in USDT has at most 6 decimals.',
      'Un importo in USDT ha al massimo 6 decimali.',
    ],
  ];

  it.each(cases)('%s', async (_name, form, english, italian) => {
    const before = { xmil: await settingsOf('XMIL'), crypto: await settingsOf('CRYPTO') };
    expect(await save(form)).toMatchObject({ code: -1001, msg: english });
    expect(await save(form, 'it-IT')).toMatchObject({ code: -1001, msg: italian });
    expect(await settingsOf('XMIL')).toEqual(before.xmil);
    expect(await settingsOf('CRYPTO')).toEqual(before.crypto);
  });

  it('ignores the terms a market does not trade', async () => {
    const res = await save({ ...xmilForm, leverageCrypto: '2', perpetualFeeBp: '7' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ leverage: { crypto: null }, perpetual: null });
  });
});

type Profile = { experience: string; riskPreference: string; objective: string };
const informed: Profile = { experience: 'informed', riskPreference: 'high', objective: 'growth' };

async function contractTrader(contractCents: bigint) {
  const who = await newTrader(t, contractCents);
  const profile = await call(
    t.app,
    'POST',
    '/user/appropriateness',
    {
      purpose: 'investing',
      fundSource: 'salary',
      incomeRange: '50k_100k',
      assetRange: '50k_250k',
      ...informed,
    },
    { token: who.token },
  );
  expect(profile.code, profile.msg).toBe(0);
  const moved = await call(
    t.app,
    'GET',
    '/user/transfer',
    {
      from: 'spot',
      to: 'contract',
      asset: 'EUR',
      amount: (Number(contractCents) / 100).toFixed(2),
      requestId: newRequestId(),
    },
    { token: who.token },
  );
  expect(moved.code, moved.msg).toBe(0);
  return who;
}

const stockContracts = async (userId: number) => {
  const [row] = await t.db.query<{ n: bigint }>(
    'select count(*) as n from stock_contracts where user_id = $1',
    [userId],
  );
  return Number(row?.n ?? 0n);
};

describe('a stock contract under a lowered cap', () => {
  it('offers up to 3:1 on shares and 4:1 on the FTSE MIB once the operator saves those caps', async () => {
    const saved = await save({ ...xmilForm, leverageShare: '3', leverageOtherIndex: '4' });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.leverage).toEqual({ share: 3, majorIndex: 20, otherIndex: 4, crypto: null });
    const who = await contractTrader(100_000n);
    const eni = await call(
      t.app,
      'GET',
      '/stock/contract/leverage',
      { symbol: 'ENI.MI' },
      { token: who.token },
    );
    expect(eni.data).toMatchObject({ leverageClass: 'share', leverageMax: 3, choices: [1, 2, 3] });
    const mib = await call(
      t.app,
      'GET',
      '/stock/contract/leverage',
      { symbol: 'FTSEMIB.IDX' },
      { token: who.token },
    );
    expect(mib.data).toMatchObject({ leverageClass: 'otherIndex', leverageMax: 4, choices: [1, 2, 3, 4] });
    // XNYS keeps its own caps.
    const aapl = await call(
      t.app,
      'GET',
      '/stock/contract/leverage',
      { symbol: 'AAPL.US' },
      { token: who.token },
    );
    expect(aapl.data).toMatchObject({ leverageMax: 5 });
  });

  it('refuses a 5:1 opening and moves nothing; opens at 3:1 with a third of the value as margin', async () => {
    const who = await contractTrader(100_000n); // €1,000.00 in the contract account
    const open = (leverage: number, lang = 'en-US') =>
      call<Record<string, unknown>>(
        t.app,
        'POST',
        '/stock/contract/open',
        { symbol: 'ENI.MI', side: 'long', leverage, quantity: '50', requestId: newRequestId() },
        { token: who.token, lang },
      );
    expect(await open(5)).toMatchObject({ code: -1001, msg: 'Leverage cannot exceed 3:1.' });
    expect(await open(4, 'it-IT')).toMatchObject({ code: -1001, msg: 'La leva non può superare 3:1.' });
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(100_000n);
    expect(await stockContracts(who.id)).toBe(0);

    // 50 at 14.230 = 711.50; ÷ 3 = 237.1666… → 237.17; the fee is the €2.95 minimum.
    const opened = await open(3);
    expect(opened.code, opened.msg).toBe(0);
    expect(opened.data).toMatchObject({
      leverage: 3,
      entryValue: '711.50',
      margin: '237.17',
      openFee: '2.95',
    });
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(99_705n);
  });
});

describe('options under the operator’s minimum purchase', () => {
  it('the rule says 100.00 EUR and a purchase of 94.39 is refused, nothing moved', async () => {
    expect((await save({ ...xmilForm, optionAmountMin: '100' })).code).toBe(0);
    const who = await newOptionTrader(t, 100_000n);
    const rule = await call<{ series: OptionSeries }>(
      t.app,
      'GET',
      '/stock/option/rule',
      { symbol: 'ENI.MI' },
      { token: who.token },
    );
    expect(rule.data.series.minimumAmount).toBe('100.00');
    const before = await optionCount(t);
    // Two December 14.000 calls cost 94.39 (options.test.ts).
    const december = Date.UTC(2026, 11, 18, 16, 30);
    const two = { symbol: 'ENI.MI', right: 'call', strike: '14.000', expiresAt: december, contracts: 2 };
    expect(await buyOption(t, who.token, two)).toMatchObject({
      code: -1001,
      msg: 'The minimum options purchase amount is 100.00 EUR.',
    });
    expect(await optionCount(t)).toBe(before);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n);
    const three = await buyOption(t, who.token, { ...two, contracts: 3 });
    expect(three.code, three.msg).toBe(0);
  });
});

describe('perpetuals under new terms', () => {
  let user: { id: number; token: string };
  let before: PositionView;

  it('a position opened before the save keeps its maintenance and fee rates', async () => {
    user = await newTrader(t, 0n);
    await setAppropriateness(t, user.id, 'fit');
    await fundContract(t, user, 4_000_000_000n);
    eth3300(t);
    const opened = await openLong(t, user.token);
    expect(opened.data).toMatchObject({ quantity: '0.6060', liquidationPrice: '1658.95' });
    before = opened.data;

    const saved = await save({
      ...cryptoForm,
      leverageCrypto: '1',
      perpetualFeeBp: '10',
      perpetualMaintenanceBp: '100',
      perpetualMarginMin: '20',
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({
      leverage: { crypto: 1 },
      perpetual: { feeRateBp: 10, maintenanceRateBp: 100, marginMin: '20.000000' },
    });

    // (1,999.80 − 1,500) ÷ (0.6060 × (1 − 0.50% − 0.05%)) = 829.31; under the new 1.10% it would be 833.92.
    const added = await contractCall(t, '/add/mgn', user.token, { id: before.id, amount: '500' });
    expect(added.data).toMatchObject({ margin: '1500.000000', liquidationPrice: '829.31' });
  });

  it('the ticket offers 1:1 only, with the new rates and minimum', async () => {
    const res = await contractCall<Record<string, unknown>>(
      t,
      '/order/multiple',
      user.token,
      { symbol: 'ETHUSDT' },
      { money: false },
    );
    expect(res.data).toMatchObject({
      leverageMax: 1,
      choices: [1],
      maintenanceRateBp: 100,
      feeRateBp: 10,
      marginMin: '20.000000',
    });
  });

  it('refuses 2:1 and a margin under 20 USDT, moving nothing', async () => {
    const state = async () => ({
      contract: await usdtOf(t, user.id, 'contract'),
      frozen: await usdtOf(t, user.id, 'frozen'),
      positions: await positionCount(t),
    });
    const was = await state();
    expect(await openLong(t, user.token, { leverage: 2 })).toMatchObject({
      code: -1001,
      msg: 'Leverage cannot exceed 1:1.',
    });
    expect(await openLong(t, user.token, { leverage: 1, margin: '19.99' })).toMatchObject({
      code: -1001,
      msg: 'The minimum margin is 20.00 USDT.',
    });
    expect(await openLong(t, user.token, { leverage: 1, margin: '19.99' }, { lang: 'it-IT' })).toMatchObject({
      code: -1001,
      msg: 'Il margine minimo è di 20,00 USDT.',
    });
    expect(await state()).toEqual(was);
  });

  it('a 1:1 short opened now pays 0.10 % and is liquidated at 1 % maintenance; the old long closes at 0.05 %', async () => {
    // 1,000 USDT at 1:1 sells 0.3031 ETH at 3,299.00 = 999.9269; fee 0.10 % = 0.99992… → 0.999926.
    // Liquidation (999.9269 + 1,000) ÷ (0.3031 × (1 + 1% + 0.10%)) = 6,526.450… → 6,526.46 (up, to the tick).
    const short = await contractCall(t, '/add', user.token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '1000',
      leverage: 1,
    });
    expect(short.code, short.msg).toBe(0);
    expect(short.data).toMatchObject({
      quantity: '0.3031',
      openFee: '0.999926',
      liquidationPrice: '6526.46',
    });

    // Both close at ETH 3,400.00 (bid 3,399.00, ask 3,400.00).
    setEth(t, 340_000n, 339_900n, 340_000n);
    // The long sells 0.6060 at 3,399.00 = 2,059.794: its own 0.05 % is 1.029897.
    const long = await contractCall(t, '/close', user.token, { id: before.id });
    expect(long.data).toMatchObject({ closeFee: '1.029897' });
    // The short buys 0.3031 at 3,400.00 = 1,030.54: 0.10 % is 1.03054.
    const closed = await contractCall(t, '/close', user.token, { id: short.data.id });
    expect(closed.data).toMatchObject({ closeFee: '1.030540' });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
