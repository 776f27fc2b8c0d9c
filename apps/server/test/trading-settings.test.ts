import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { countRows, operatorWithRole } from './admin-fixtures';
import { adminToken } from './funding-steps';
import { call } from './helper';
import {
  createTradingApp,
  eniBook,
  newTrader,
  orderCount,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * The operator's trading settings (decision 012): the back office saves a market's fee schedule, order
 * bounds and settlement days; the next order placed there is charged, bounded and settled by them; an order
 * already resting keeps the schedule it was placed under. ENI.MI's book: asks 60 at 14.230, 30 at 14.232,
 * 500 at 14.236; bids 1,000 at 14.220.
 */

let t: TradingApp;
let admin: string;
let finance: string;
let support: string;
beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
  admin = await adminToken(t.app);
  finance = await operatorWithRole(t.app, admin, 'finance');
  support = await operatorWithRole(t.app, admin, 'support');
});
afterAll(async () => {
  await t?.close();
});

interface SettingsView {
  market: string;
  currency: string;
  fee: { rateBp: number; perShare: string | null; minimum: string; maximum: string | null };
  buy: Record<string, string | null>;
  sell: Record<string, string | null>;
  settlementDays: number;
}

/** Borsa Italiana as a fresh install has it: 0.19 % between €2.95 and €19.00, no bounds, T+2. */
const xmilDefaults = {
  market: 'XMIL',
  rateBp: '19',
  minimum: '2.95',
  maximum: '19.00',
  settlementDays: '2',
};

function save(form: Record<string, string>, token = finance, lang = 'en-US') {
  return call<SettingsView>(t.app, 'POST', '/admin/trading/settings/save', form, { token, lang });
}

async function xmil(): Promise<SettingsView> {
  const res = await call<{ list: SettingsView[] }>(
    t.app,
    'GET',
    '/admin/trading/settings',
    {},
    { token: finance },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.list.find((s) => s.market === 'XMIL') as SettingsView;
}

describe('the settings of a fresh install', () => {
  it('are the suggested defaults of each market', async () => {
    const res = await call<{ list: SettingsView[] }>(
      t.app,
      'GET',
      '/admin/trading/settings',
      {},
      { token: finance },
    );
    expect(res.code, res.msg).toBe(0);
    const none = { quantityMin: null, quantityMax: null };
    expect(res.data.list).toMatchObject([
      {
        market: 'XMIL',
        currency: 'EUR',
        fee: { rateBp: 19, perShare: null, minimum: '2.95', maximum: '19.00' },
        buy: { ...none, amountMin: null, amountMax: null },
        sell: none,
        settlementDays: 2,
      },
      {
        market: 'XNYS',
        currency: 'USD',
        fee: { rateBp: 0, perShare: '0.005', minimum: '1.00', maximum: null },
        settlementDays: 1,
      },
      {
        market: 'CRYPTO',
        currency: 'USDT',
        fee: { rateBp: 10, perShare: null, minimum: '0.000000', maximum: null },
        sell: none,
        settlementDays: 0,
      },
    ]);
  });

  it('are not support’s to see or change', async () => {
    const list = await call(t.app, 'GET', '/admin/trading/settings', {}, { token: support });
    expect(list).toMatchObject({ code: -1001, msg: 'Your role does not allow this action' });
    const saved = await save({ ...xmilDefaults, rateBp: '50' }, support);
    expect(saved).toMatchObject({ code: -1001, msg: 'Your role does not allow this action' });
    expect((await xmil()).fee.rateBp).toBe(19);
  });
});

describe('a save the rules refuse', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    [
      'an unknown market',
      { ...xmilDefaults, market: 'XPAR' },
      'Choose a market: XMIL, XNYS or CRYPTO.',
      'Scegli un mercato: XMIL, XNYS o CRYPTO.',
    ],
    [
      'a rate above 100 %',
      { ...xmilDefaults, rateBp: '10001' },
      'The fee rate is a whole number of basis points from 0 to 10000.',
      'La commissione percentuale è un numero intero di punti base da 0 a 10000.',
    ],
    [
      'a rate in percent',
      { ...xmilDefaults, rateBp: '0.19' },
      'The fee rate is a whole number of basis points from 0 to 10000.',
      'La commissione percentuale è un numero intero di punti base da 0 a 10000.',
    ],
    [
      'a maximum fee below the minimum',
      { ...xmilDefaults, minimum: '5.00', maximum: '4.99' },
      'The maximum fee cannot be below the minimum fee.',
      'La commissione massima non può essere inferiore alla minima.',
    ],
    [
      'a euro amount with three decimals',
      { ...xmilDefaults, minimum: '2.955' },
      'An amount in EUR has at most 2 decimals.',
      'Un importo in EUR ha al massimo 2 decimali.',
    ],
    [
      'a fraction of a share',
      { ...xmilDefaults, buyQuantityMin: '1.5' },
      'A quantity in this market has at most 0 decimals.',
      'Una quantità in questo mercato ha al massimo 0 decimali.',
    ],
    [
      'a bound of 0',
      { ...xmilDefaults, sellQuantityMax: '0' },
      'A minimum or maximum must be more than 0; leave it empty for none.',
      'Un minimo o un massimo deve essere maggiore di 0; lascialo vuoto per nessun limite.',
    ],
    [
      'a purchase maximum below its minimum',
      { ...xmilDefaults, buyQuantityMin: '100', buyQuantityMax: '50' },
      'The maximum purchase quantity cannot be below the minimum.',
      "La quantità massima d'acquisto non può essere inferiore alla minima.",
    ],
    [
      'a sale maximum below its minimum',
      { ...xmilDefaults, sellQuantityMin: '100', sellQuantityMax: '50' },
      'The maximum sell quantity cannot be below the minimum.',
      'La quantità massima di vendita non può essere inferiore alla minima.',
    ],
    [
      'a purchase amount maximum below its minimum',
      { ...xmilDefaults, buyAmountMin: '500', buyAmountMax: '100' },
      'The maximum purchase amount cannot be below the minimum.',
      "L'importo massimo d'acquisto non può essere inferiore al minimo.",
    ],
    [
      'settlement eleven days out',
      { ...xmilDefaults, settlementDays: '11' },
      'Settlement is 0 to 10 business days after the trade.',
      "Il regolamento avviene da 0 a 10 giorni lavorativi dopo l'esecuzione.",
    ],
    [
      'coins settling after two days',
      { market: 'CRYPTO', rateBp: '10', settlementDays: '2' },
      'Coins are delivered at once: crypto settlement is 0 days.',
      'Le cripto sono consegnate subito: il regolamento è a 0 giorni.',
    ],
  ];

  for (const [name, form, en, it_] of cases) {
    it(`refuses ${name} in both languages, and nothing changes`, async () => {
      const before = await call(t.app, 'GET', '/admin/trading/settings', {}, { token: finance });
      const audited = await countRows(t.db, 'audit_log');
      expect(await save(form)).toMatchObject({ code: -1001, msg: en });
      expect(await save(form, finance, 'it-IT')).toMatchObject({ code: -1001, msg: it_ });
      expect(await call(t.app, 'GET', '/admin/trading/settings', {}, { token: finance })).toEqual(before);
      expect(await countRows(t.db, 'audit_log')).toBe(audited);
    });
  }
});

describe('a fee the operator configures', () => {
  it('is saved, audited, and what the ticket reads', async () => {
    const res = await save({ ...xmilDefaults, rateBp: '50', minimum: '5.00', maximum: '10.00' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.fee).toEqual({ rateBp: 50, perShare: null, minimum: '5.00', maximum: '10.00' });
    const [row] = await t.db.query<{ action: string; before: { fee: unknown }; after: { fee: unknown } }>(
      `select action, before, after from audit_log where target_type = 'trading_settings' order by id desc limit 1`,
    );
    expect(row).toMatchObject({
      action: 'tradingSettings.save',
      before: { fee: { rateBp: 19, minimum: '2.95', maximum: '19.00' } },
      after: { fee: { rateBp: 50, minimum: '5.00', maximum: '10.00' } },
    });

    const who = await newTrader(t, 0n);
    const rule = await call(t.app, 'GET', '/stock/order/rule', { symbol: 'eni.mi' }, { token: who.token });
    expect(rule).toMatchObject({
      code: 0,
      data: {
        symbol: 'ENI.MI',
        market: 'XMIL',
        currency: 'EUR',
        currencyScale: 2,
        fee: { rateBp: 50, perShare: null, minimum: '5.00', maximum: '10.00' },
        buy: { quantityMin: null, quantityMax: null, amountMin: null, amountMax: null },
        settlementDays: 2,
      },
    });
    const unknown = await call(
      t.app,
      'GET',
      '/stock/order/rule',
      { symbol: 'NOPE.MI' },
      { token: who.token },
    );
    expect(unknown).toMatchObject({ code: -1001, msg: 'Unknown stock: NOPE.MI.' });
  });

  it('is the fee the next market buy posts: 0.50 % of 1,423.12 is 7.11', async () => {
    const who = await newTrader(t, 200_000n);
    const feesBefore = await platformFees();
    const res = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    // 60 × 14.230 + 30 × 14.232 + 10 × 14.236 = 1,423.12; 0.50 % is 7.1156, rounded down to 7.11, inside
    // the €5.00–€10.00 band (the default schedule would have charged 2.95).
    expect(res.data).toMatchObject({ value: '1423.12', fee: '7.11' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n - 142_312n - 711n);
    expect((await platformFees()) - feesBefore).toBe(711n);
  });

  it('stays what a resting order was placed under when the operator changes it', async () => {
    const who = await newTrader(t, 20_000n); // €200.00
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '10',
      price: '14.200',
    });
    expect(res.code, res.msg).toBe(0);
    // 10 × 14.200 = 142.00; 0.50 % is 0.71, under the €5.00 minimum: 147.00 frozen.
    expect(res.data).toMatchObject({ state: 'open', frozen: '147.00' });
    expect((await save({ ...xmilDefaults, rateBp: '0', minimum: '0', maximum: '' })).code).toBe(0);

    t.books.set('ENI.MI', { ...eniBook, asks: [{ price: 14_200n, quantity: 100n }] });
    try {
      expect(await t.engine.step()).toBe(1);
    } finally {
      t.books.set('ENI.MI', eniBook);
    }
    const [order] = await t.db.query<{ state: string; value: bigint; fee: bigint; frozen: bigint }>(
      'select state, value, fee, frozen from stock_orders where id = $1',
      [res.data.id],
    );
    expect(order).toEqual({ state: 'position', value: 14_200n, fee: 500n, frozen: 0n });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(5_300n); // 200.00 − 147.00
    expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(0n);

    // The next order is charged by the new schedule: nothing.
    const next = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '1' });
    expect(next.data).toMatchObject({ value: '14.23', fee: '0.00' });
  });
});

describe('the bounds of one order', () => {
  let who: { token: string; id: number };
  beforeAll(async () => {
    const res = await save({
      ...xmilDefaults,
      buyQuantityMin: '10',
      buyQuantityMax: '200',
      buyAmountMin: '100',
      buyAmountMax: '1000.00',
      sellQuantityMin: '5',
      sellQuantityMax: '50',
    });
    expect(res.code, res.msg).toBe(0);
    who = await newTrader(t, 500_000n); // €5,000.00
  });

  const cases: [string, Record<string, string>, string, string][] = [
    [
      'fewer shares than the minimum',
      { type: 'market', quantity: '9' },
      'The minimum quantity per order is 10.',
      'Quantità minima per ordine: 10.',
    ],
    [
      'more shares than the maximum',
      { type: 'limit', quantity: '201', price: '1.000' },
      'The maximum quantity per order is 200.',
      'Quantità massima per ordine: 200.',
    ],
    [
      'less than the minimum amount',
      // 10 × 9.000 = 90.00
      { type: 'limit', quantity: '10', price: '9.000' },
      'The minimum purchase amount is 100.00.',
      'Importo minimo di acquisto: 100,00.',
    ],
    [
      'more than the maximum amount',
      // 71 × 14.230 (the best ask) = 1,010.33
      { type: 'market', quantity: '71' },
      'The maximum purchase amount is 1,000.00.',
      'Importo massimo di acquisto: 1.000,00.',
    ],
  ];
  for (const [name, ticket, en, it_] of cases) {
    it(`refuses a buy of ${name} in both languages, and nothing moves`, async () => {
      const orders = await orderCount(t);
      for (const [lang, msg] of [
        ['en-US', en],
        ['it-IT', it_],
      ] as const) {
        const res = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', ...ticket }, { lang });
        expect(res).toMatchObject({ code: -1001, msg });
      }
      expect(await orderCount(t)).toBe(orders);
      expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(500_000n);
      expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(0n);
    });
  }

  it('lets a buy inside them through, and bounds the sale of what it bought', async () => {
    const rule = await call(t.app, 'GET', '/stock/order/rule', { symbol: 'ENI.MI' }, { token: who.token });
    expect(rule.data).toMatchObject({
      buy: { quantityMin: '10', quantityMax: '200', amountMin: '100.00', amountMax: '1000.00' },
      sell: { quantityMin: '5', quantityMax: '50' },
    });
    // 60 × 14.230 = 853.80, inside 100.00–1,000.00.
    const bought = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '60',
    });
    expect(bought.data).toMatchObject({ state: 'position', value: '853.80', fee: '2.95' });
    await t.engine.settleDue(Date.UTC(2027, 0, 1));
    const orders = await orderCount(t);
    const sell = (quantity: string) =>
      placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity });
    expect(await sell('4')).toMatchObject({ code: -1001, msg: 'The minimum quantity per order is 5.' });
    expect(await sell('51')).toMatchObject({ code: -1001, msg: 'The maximum quantity per order is 50.' });
    expect(await orderCount(t)).toBe(orders);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(60n);
    const sold = await sell('50');
    expect(sold.data).toMatchObject({ state: 'closed', quantity: '50', value: '711.00' }); // 50 × 14.220
  });
});

describe('settlement days', () => {
  it('lock the shares of the next buy for as many business days as the operator set', async () => {
    expect((await save({ ...xmilDefaults, settlementDays: '1' })).code).toBe(0);
    const who = await newTrader(t, 50_000n);
    const res = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '10' });
    expect(res.code, res.msg).toBe(0);
    const [lot] = await t.db.query<{ settlesAt: Date }>(
      `select l.settles_at as "settlesAt" from stock_lots l join stock_fills f on f.id = l.fill_id
        where f.order_id = $1`,
      [(res.data as OrderView).id],
    );
    // Bought on Monday 23 November: T+1 is Tuesday, from midnight in Milan (23:00 UTC on Monday).
    expect(lot?.settlesAt.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect((await save(xmilDefaults)).code).toBe(0);
  });
});

describe('the ledger', () => {
  it('verifies clean after every order of this file', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('notices an order whose fee is not what its pinned schedule charges', async () => {
    const [order] = await t.db.query<{ id: bigint; fee: bigint }>(
      `select o.id, o.fee from stock_orders o join stock_order_fees f on f.order_id = o.id
        where o.fee = 295 order by o.id limit 1`,
    );
    if (!order) throw new Error('no order paid the €2.95 minimum');
    await t.db.query('update stock_order_fees set fee_minimum = 300 where order_id = $1', [order.id]);
    try {
      expect(await verifyLedger(t.db)).toEqual([
        {
          check: 'stock-order-fee',
          subject: `stock order ${order.id}`,
          detail: 'fee 295, schedule says 300',
        },
      ]);
    } finally {
      await t.db.query('update stock_order_fees set fee_minimum = 295 where order_id = $1', [order.id]);
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

async function platformFees(): Promise<bigint> {
  const [row] = await t.db.query<{ balance: bigint }>(
    `select balance from accounts where owner_type = 'platform' and purpose = 'fees' and asset = 'EUR'`,
  );
  return row?.balance ?? 0n;
}
