import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntry } from '../src/ledger/post';
import { verifyLedger } from '../src/ledger/verify';
import type { Instrument } from '../src/market/instrument';
import { ensureSecurityAsset } from '../src/modules/trading';
import { call } from './helper';
import { realise, taxEstimate, taxPosition, taxpayer } from './taxes-steps';
import {
  createTradingApp,
  credit,
  newTrader,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * Issue 19's scenarios with the numbers written out. ENI.MI: fees 0.19 % with a €2.95 minimum, shares settle
 * T+2 on Borsa Italiana. Capital gains at 26 % on shares and contracts, 33 % on crypto from 2026; the Tobin tax
 * 0.1 % of each day's net purchases of Italian shares; the stamp duty 0.2 % a year.
 */

const day = 86_400_000;
let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
});
afterAll(async () => {
  await t?.close();
});

const eniAt = (price: bigint) => ({
  last: price,
  bids: [{ price, quantity: 10_000n }],
  asks: [{ price, quantity: 10_000n }],
});

async function settleAll() {
  await t.app.services.jobs.runNow('settlement', 'test');
}

describe('buy 100 ENI at 14.00 and 100 at 15.00, sell 150 at 16.00', () => {
  let who: { token: string; id: number };

  it('buys on Monday and Tuesday, each with the €2.95 minimum fee', async () => {
    who = await newTrader(t, 500_000n); // €5,000.00
    t.books.set('ENI.MI', eniAt(14_000n));
    const first = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '100',
    });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ value: '1400.00', fee: '2.95' });

    t.clock.advance(day); // Tuesday 24
    t.books.set('ENI.MI', eniAt(15_000n));
    // The ticket's Tobin tax: 0.1 % of €1,500.00.
    const preview = await taxEstimate(t, who.token, { symbol: 'ENI.MI', side: 'buy', quantity: '100' });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data).toMatchObject({ transactionTax: '1.50', transactionTaxRate: '0.10', tax: '0.00' });
    const second = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '100',
    });
    expect(second.code, second.msg).toBe(0);
    expect(second.data).toMatchObject({ value: '1500.00', fee: '2.95' });
    // 5,000.00 − 1,402.95 − 1,502.95
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(209_410n);
  });

  it('charges the Tobin tax of each day at its end: €1.40 and €1.50', async () => {
    await t.app.services.jobs.runPeriod('tax-ftt', '2026-11-23');
    await t.app.services.jobs.runPeriod('tax-ftt', '2026-11-24');
    const rows = await t.db.query<{ day: string; purchases: bigint; tax: bigint }>(
      `select to_char(day, 'YYYY-MM-DD') as day, purchases, tax from tax_ftt_charges where user_id = $1
        order by day`,
      [who.id],
    );
    expect(rows).toEqual([
      { day: '2026-11-23', purchases: 140_000n, tax: 140n },
      { day: '2026-11-24', purchases: 150_000n, tax: 150n },
    ]);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(209_120n); // 2,094.10 − 2.90
  });

  it('previews the sale on Thursday: average cost €14.53, gain €216.02, €56.17 withheld', async () => {
    t.clock.advance(2 * day); // Thursday 26: both lots settled
    await settleAll();
    t.books.set('ENI.MI', eniAt(16_000n));
    const preview = await taxEstimate(t, who.token, { symbol: 'ENI.MI', side: 'sell', quantity: '150' });
    expect(preview.code, preview.msg).toBe(0);
    // Cost 1,402.95 + 1,502.95 = 2,905.90 for 200; 150 of them 2,179.425 → 2,179.42 (half even).
    // Proceeds 2,400.00, fee 0.19 % = 4.56; gain 2,400.00 − 4.56 − 2,179.42 = 216.02; 26 % = 56.1652 → 56.17.
    expect(preview.data).toMatchObject({
      kind: 'shares',
      regime: 'amministrato',
      proceeds: '2400.00',
      fees: '4.56',
      cost: '2179.42',
      gain: '216.02',
      lossUsed: '0.00',
      rate: '26.00',
      tax: '56.17',
    });
  });

  it('withholds €56.17 in the sale itself and shows it on the tax position', async () => {
    const sale = await placeOrder(t, 'sell', who.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '150',
    });
    expect(sale.code, sale.msg).toBe(0);
    expect(sale.data).toMatchObject({ value: '2400.00', fee: '4.56' });
    // 2,091.20 + 2,400.00 − 4.56 − 56.17
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(443_047n);
    const position = await taxPosition(t, who.token);
    expect(position.code, position.msg).toBe(0);
    expect(position.data.year).toBe(2026);
    expect(position.data.figures).toEqual([
      {
        currency: 'EUR',
        gains: '216.02',
        losses: '0.00',
        lossUsed: '0.00',
        taxable: '216.02',
        withheld: '56.17',
        transactionTax: '2.90',
        stampDuty: '0.00',
      },
    ]);
    expect(position.data.realisations[0]).toMatchObject({
      instrument: 'ENI.MI',
      cost: '2179.42',
      gain: '216.02',
      withheld: '56.17',
    });
    // 50 shares left at the rest of the cost: 2,905.90 − 2,179.42.
    const [held] = await t.db.query<{ cost: bigint }>(
      `select cost from stock_positions where user_id = $1 and symbol = 'ENI.MI'`,
      [who.id],
    );
    expect(held?.cost).toBe(72_648n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a loss carried to the next year and used there', () => {
  it('carries €100.00 lost in 2026 and sets it against a €150.00 gain of 2027: €13.00 withheld', async () => {
    t.clock.ms = Date.UTC(2026, 5, 10, 10, 0);
    const who = await taxpayer(t, 100_000n);
    const loss = await realise(t, who.id, { proceeds: 90_000n, cost: 100_000n });
    expect(loss).toMatchObject({ gain: -10_000n, withheld: 0n });
    t.clock.ms = Date.UTC(2027, 2, 1, 10, 0);
    const gain = await realise(t, who.id, { proceeds: 115_000n, cost: 100_000n });
    // 150.00 − 100.00 carried = 50.00 taxable, 26 % = 13.00.
    expect(gain).toMatchObject({ gain: 15_000n, lossUsed: 10_000n, taxable: 5_000n, withheld: 1_300n });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(98_700n);
    const position = await taxPosition(t, await who.signIn());
    expect(position.code, position.msg).toBe(0);
    expect(position.data.zainetto).toEqual([
      {
        currency: 'EUR',
        year: 2026,
        carried: '100.00',
        used: '100.00',
        remaining: '0.00',
        usableUntil: 2030,
        expired: false,
      },
    ]);
    expect(position.data.figures[0]).toMatchObject({
      gains: '150.00',
      lossUsed: '100.00',
      withheld: '13.00',
    });
  });
});

describe('a loss expiring after four years', () => {
  it('uses a 2026 loss in 2030 and no more in 2031, where it shows expired', async () => {
    t.clock.ms = Date.UTC(2026, 3, 1, 10, 0);
    const who = await taxpayer(t, 100_000n);
    await realise(t, who.id, { proceeds: 0n, cost: 10_000n }); // −100.00 in 2026
    t.clock.ms = Date.UTC(2030, 11, 31, 10, 0);
    expect(await realise(t, who.id, { proceeds: 4_000n, cost: 0n })).toMatchObject({
      lossUsed: 4_000n,
      withheld: 0n,
    });
    t.clock.ms = Date.UTC(2031, 0, 2, 10, 0);
    // 100.00 gained in 2031: the 60.00 left of 2026 expired on 31 December 2030, so 26.00 is withheld.
    expect(await realise(t, who.id, { proceeds: 10_000n, cost: 0n })).toMatchObject({
      lossUsed: 0n,
      taxable: 10_000n,
      withheld: 2_600n,
    });
    const position = await taxPosition(t, await who.signIn());
    expect(position.code, position.msg).toBe(0);
    expect(position.data.zainetto).toEqual([
      {
        currency: 'EUR',
        year: 2026,
        carried: '100.00',
        used: '40.00',
        remaining: '60.00',
        usableUntil: 2030,
        expired: true,
      },
    ]);
  });
});

describe('a crypto sale in 2026', () => {
  it('withholds 33 % of the gain on BTC in euros: €14.41 of €43.68, paid with 15.851 USDT at 1.10', async () => {
    t.clock.ms = Date.UTC(2026, 10, 28, 12, 0); // a Saturday: crypto trades
    // EUR/USD 1.10 for the buy and the sale; USDT counts as one dollar.
    t.books.set('EURUSD.FX', { last: 110_000n, bids: [], asks: [] });
    const who = await newTrader(t, 0n);
    await credit(t, who.id, 'USDT', 2_000_000_000n); // 2,000.000000 USDT
    t.books.set('BTCUSDT', {
      last: 9_500_000n,
      bids: [],
      asks: [{ price: 9_500_000n, quantity: 5_000n }],
    });
    const add = (side: string) =>
      call(
        t.app,
        'POST',
        '/coin/order/add',
        { symbol: 'BTCUSDT', side, type: 'market', quantity: '0.01', requestId: `tax-${side}-${who.id}-x` },
        { token: who.token },
      );
    // Buys 0.01 at 95,000.00: 950.00 USDT and a 0.10 % fee of 0.95; 950.95 ÷ 1.10 = €864.50.
    expect((await add('buy')).code).toBe(0);
    t.books.set('BTCUSDT', { last: 10_000_000n, bids: [{ price: 10_000_000n, quantity: 5_000n }], asks: [] });
    const preview = await taxEstimate(t, who.token, { symbol: 'BTCUSDT', side: 'sell', quantity: '0.01' });
    // Sells at 100,000.00: 1,000.00 ÷ 1.10 = 909.0909… → €909.09; fee 1.00 ÷ 1.10 = 0.909… → €0.91;
    // 909.09 − 0.91 − 864.50 = €43.68 gained; 33 % = 14.4144 → €14.41 (in USDT it would have been 15.8565).
    expect(preview.data).toMatchObject({
      kind: 'crypto',
      currency: 'EUR',
      rate: '33.00',
      proceeds: '909.09',
      fees: '0.91',
      cost: '864.50',
      gain: '43.68',
      tax: '14.41',
    });
    expect((await add('sell')).code).toBe(0);
    const [row] = await t.db.query<Record<string, unknown>>(
      `select currency, gain, withheld, rate_bp as "rateBp", withheld_sale as "withheldSale"
         from tax_realisations where user_id = $1`,
      [who.id],
    );
    // €14.41 × 1.10 = 15.851 USDT, exactly.
    expect(row).toEqual({
      currency: 'EUR',
      gain: 4_368n,
      withheld: 1_441n,
      rateBp: 3300,
      withheldSale: 15_851_000n,
    });
    // 2,000 − 950.95 + 999.00 − 15.851
    expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(2_032_199_000n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('the stamp duty of a half year', () => {
  it('accrues €10,000.00 of shares daily from January to June 2026 and charges €9.91 month by month', async () => {
    const who = await newTrader(t, 100_000n);
    const eni = t.app.services.market.instrument('ENI.MI') as Instrument;
    t.books.set('ENI.MI', eniAt(10_000n)); // €10.000 a share
    await t.db.tx(async (q) => {
      await ensureSecurityAsset(q, eni);
      await postEntry(q, {
        billType: 'platform_reward',
        actor: { type: 'system' },
        idempotencyKey: `tax-test:bollo-shares:${who.id}`,
        postings: [
          {
            account: { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: 'ENI.MI' },
            amount: -1_000n,
          },
          {
            account: { ownerType: 'user', ownerId: who.id, purpose: 'spot', asset: 'ENI.MI' },
            amount: 1_000n,
          },
        ],
      });
    });
    for (let d = Date.UTC(2026, 0, 1); d < Date.UTC(2026, 6, 1); d += day) {
      const key = new Date(d).toISOString().slice(0, 10);
      await t.app.services.jobs.runPeriod('tax-bollo-accrual', key, { nowMs: d + day + 3_600_000 });
    }
    const [accrued] = await t.db.query<{ days: bigint; value: bigint }>(
      `select count(*) as days, min(value) as value from tax_bollo_accruals where user_id = $1`,
      [who.id],
    );
    expect(accrued).toEqual({ days: 181n, value: 1_000_000n });
    for (const month of ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'])
      await t.app.services.jobs.runPeriod('tax-bollo', month);
    const charges = await t.db.query<{ period: string; days: number; amount: bigint }>(
      `select period, days, amount from tax_bollo_charges where user_id = $1 order by period`,
      [who.id],
    );
    // 10,000.00 × 0.2 % × days ÷ 365, rounded each month: 1.70, 1.53, 1.70, 1.64, 1.70, 1.64.
    expect(charges.map((c) => [c.period, Number(c.days), c.amount])).toEqual([
      ['2026-01', 31, 170n],
      ['2026-02', 28, 153n],
      ['2026-03', 31, 170n],
      ['2026-04', 30, 164n],
      ['2026-05', 31, 170n],
      ['2026-06', 30, 164n],
    ]);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n - 991n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
