import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../src/ledger/post';
import { verifyLedger } from '../src/ledger/verify';
import { euroBasisOf, euroCostReleased } from '../src/modules/taxes/spot';
import { csvBlocks, download, generate } from './documents-steps';
import { call } from './helper';
import { realise, taxEstimate } from './taxes-steps';
import {
  createTradingApp,
  credit,
  newTrader,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * Issue 19's leftovers with the numbers written out (decision 065). Monday 23 November 2026 at 16:00 in Milan:
 * New York (10:00) and Borsa Italiana are both in session. AAPL.US pays $0.005 a share with a $1.00 minimum
 * and settles T+1; Milan's shares and ETFs pay 0.19 % with a €2.95 minimum and a
 * €19.00 maximum and settle T+2. Capital gains
 * tax 26 %.
 *
 * 1. A dollar share is taxed in euros: proceeds at the EUR/USD of the sale, the cost at the EUR/USD of the
 *    purchase (the rate the order exchanged euros at when it did), the tax withheld in euros.
 * 2. A harmonised ETF's gain is reddito di capitale: taxed in full, the zainetto untouched; its loss goes into
 *    the zainetto and is set against a share's gain. The gold ETC is a reddito diverso like a share.
 * 3. A coin bought with USDT is taxed in euros the same way (USDT counting as one dollar), at 33 % from 2026.
 */

const day = 86_400_000;
const november = 10;
const december = 11;
let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp(Date.UTC(2026, 10, 23, 15, 0));
});
afterAll(async () => {
  await t?.close();
});

const at = (symbol: string, price: bigint) =>
  t.books.set(symbol, {
    last: price,
    bids: [{ price, quantity: 10_000n }],
    asks: [{ price, quantity: 10_000n }],
  });
/** EUR/USD at 5 decimals: 110_000n is $1.10 for €1. */
const eurUsd = (rate: bigint) => t.books.set('EURUSD.FX', { last: rate, bids: [], asks: [] });

const platform = (purpose: string, asset: string) =>
  balanceOf(t.db, { ownerType: 'platform', ownerId: 0, purpose, asset });

async function nextDaySettled(days = 1) {
  t.clock.advance(days * day);
  await t.app.services.jobs.runNow('settlement', 'test');
}

/** 16:00 in Milan on a day of December 2026 (or November), and what has come due settled. */
async function on(month: number, date: number) {
  t.clock.ms = Date.UTC(2026, month, date, 15, 0);
  await t.app.services.jobs.runNow('settlement', 'test');
}

const realisation = (userId: number, instrument: string) =>
  t.db.query<Record<string, unknown>>(
    `select kind, currency, proceeds, fees, cost, gain, loss_used as "lossUsed", withheld, sale_currency as "saleCurrency",
            sale_proceeds as "saleProceeds", sale_fees as "saleFees", sale_cost as "saleCost", fx_rate as "fxRate",
            withheld_sale as "withheldSale"
       from tax_realisations where user_id = $1 and instrument = $2 order by id`,
    [userId, instrument],
  );

const zainetto = (userId: number) =>
  t.db.query<{ currency: string; year: number; carried: bigint; used: bigint }>(
    'select currency, year, carried, used from tax_losses where user_id = $1 order by currency, year',
    [userId],
  );

async function trade(who: { token: string }, side: 'buy' | 'sell', symbol: string, quantity: string) {
  const res = await placeOrder(t, side, who.token, { symbol, type: 'market', quantity });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

describe('buy 10 AAPL at $200 when EUR/USD is 1.10, sell at $220 when it is 1.05', () => {
  let who: { token: string; id: number };
  const taxPayableBefore = { eur: 0n, usd: 0n };

  it('buys for $2,001.00 with the fee: €1,819.09 at 1.10', async () => {
    who = await newTrader(t, 0n);
    await credit(t, who.id, 'USD', 300_000n); // $3,000.00
    eurUsd(110_000n);
    at('AAPL.US', 20_000n);
    expect(await trade(who, 'buy', 'AAPL.US', '10')).toMatchObject({ value: '2000.00', fee: '1.00' });
    // $2,001.00 ÷ 1.10 = €1,819.0909… → €1,819.09
    const [basis] = await t.db.query('select quantity, cost, cost_eur from tax_fx_basis where user_id = $1', [
      who.id,
    ]);
    expect(basis).toEqual({ quantity: 10n, cost: 200_100n, cost_eur: 181_909n });
  });

  it('previews the sale in euros: gain €275.20, tax €71.55 (in dollars it would have been $198.00)', async () => {
    await nextDaySettled();
    eurUsd(105_000n);
    at('AAPL.US', 22_000n);
    const preview = await taxEstimate(t, who.token, { symbol: 'AAPL.US', side: 'sell', quantity: '10' });
    expect(preview.code, preview.msg).toBe(0);
    // $2,200.00 ÷ 1.05 = €2,095.238… → 2,095.24; fee $1.00 ÷ 1.05 → €0.95; 2,095.24 − 0.95 − 1,819.09 = 275.20;
    // 26 % = 71.552 → €71.55.
    expect(preview.data).toMatchObject({
      kind: 'shares',
      currency: 'EUR',
      proceeds: '2095.24',
      fees: '0.95',
      cost: '1819.09',
      gain: '275.20',
      lossUsed: '0.00',
      tax: '71.55',
    });
  });

  it('withholds €71.55 in the sale: $75.13 from the dollars at 1.05, €71.55 into tax-payable in euros', async () => {
    taxPayableBefore.eur = await platform('tax-payable', 'EUR');
    taxPayableBefore.usd = await platform('tax-payable', 'USD');
    expect(await trade(who, 'sell', 'AAPL.US', '10')).toMatchObject({ value: '2200.00', fee: '1.00' });
    expect(await realisation(who.id, 'AAPL.US')).toEqual([
      {
        kind: 'shares',
        currency: 'EUR',
        proceeds: 209_524n,
        fees: 95n,
        cost: 181_909n,
        gain: 27_520n,
        lossUsed: 0n,
        withheld: 7_155n,
        saleCurrency: 'USD',
        saleProceeds: 220_000n,
        saleFees: 100n,
        saleCost: 200_100n,
        fxRate: '1.05000000',
        withheldSale: 7_513n,
      },
    ]);
    // €71.55 × 1.05 = $75.1275, rounded up: $999.00 + $2,200.00 − $1.00 − $75.13
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(312_287n);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(0n);
    expect((await platform('tax-payable', 'EUR')) - taxPayableBefore.eur).toBe(7_155n);
    expect((await platform('tax-payable', 'USD')) - taxPayableBefore.usd).toBe(0n);
    const [basis] = await t.db.query('select quantity, cost, cost_eur from tax_fx_basis where user_id = $1', [
      who.id,
    ]);
    expect(basis).toEqual({ quantity: 0n, cost: 0n, cost_eur: 0n });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('shows the gain and the tax in euros on the tax certificate, with the rates it used', async () => {
    const res = await generate(t.app, who.token, 'tax', '2026');
    expect(res.code, res.msg).toBe(0);
    const csv = (await download(t.app, who.token, res.data.id, 'csv')).text;
    const blocks = csvBlocks(csv, ',');
    expect(blocks.get('gains')).toEqual([
      ['Currency', 'Gains realised', 'Losses realised', 'Used', 'Net result'],
      ['EUR', '275.20', '0.00', '0.00', '275.20'],
    ]);
    // The tax in euros, though the dollars paid it: no USD line.
    expect(blocks.get('withheld')?.slice(1)).toEqual([['EUR', '71.55', '0.00', '0.00', '71.55']]);
    expect(csv).toContain('Results of sales in USD are in euros');
  });
});

describe('a dollar gain that is a euro loss', () => {
  it('buys at $200 when EUR/USD is 1.00, sells at $220 when it is 1.20: −€168.50 to the zainetto, no tax', async () => {
    await on(november, 30);
    const who = await newTrader(t, 10_000n); // €100.00 to pay a tax in euros later
    await credit(t, who.id, 'USD', 300_000n);
    eurUsd(100_000n);
    at('AAPL.US', 20_000n);
    await trade(who, 'buy', 'AAPL.US', '10'); // $2,001.00 = €2,001.00
    await on(december, 1);
    eurUsd(120_000n);
    at('AAPL.US', 22_000n);
    await trade(who, 'sell', 'AAPL.US', '10');
    // $2,200.00 ÷ 1.20 = €1,833.33; fee $1.00 ÷ 1.20 = €0.83; 1,833.33 − 0.83 − 2,001.00 = −168.50,
    // although in dollars it gained $198.00.
    expect(await realisation(who.id, 'AAPL.US')).toMatchObject([
      { currency: 'EUR', proceeds: 183_333n, fees: 83n, cost: 200_100n, gain: -16_850n, withheld: 0n },
    ]);
    expect(await zainetto(who.id)).toEqual([{ currency: 'EUR', year: 2026, carried: 16_850n, used: 0n }]);
    // $999.00 + $2,200.00 − $1.00: nothing withheld.
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(319_800n);
    // The euro loss is set against a later gain in euros (a contract's €200.00): €31.50 taxable, €8.19.
    expect(await realise(t, who.id, { proceeds: 20_000n, cost: 0n })).toMatchObject({
      currency: 'EUR',
      lossUsed: 16_850n,
      taxable: 3_150n,
      withheld: 819n,
    });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a US share paid from euros: the cost is the euros the order exchanged', () => {
  it('costs €1,824.57 at 1.10 less the 30 bp spread, and gains €269.72 sold at 1.05', async () => {
    await on(december, 1);
    const who = await newTrader(t, 300_000n); // €3,000.00, no dollars
    eurUsd(110_000n);
    at('AAPL.US', 20_000n);
    const buy = await placeOrder(t, 'buy', who.token, {
      symbol: 'AAPL.US',
      type: 'market',
      quantity: '10',
      payFrom: 'EUR',
    });
    expect(buy.code, buy.msg).toBe(0);
    // 1.10 × 0.997 = 1.0967; $2,001.00 ÷ 1.0967 = €1,824.5646… → €1,824.57 in, $2,001.00 out.
    expect(buy.data).toMatchObject({ fx: { amountIn: '1824.57', amountOut: '2001.00' } });
    const [basis] = await t.db.query('select cost_eur from tax_fx_basis where user_id = $1', [who.id]);
    expect(basis).toEqual({ cost_eur: 182_457n });
    await on(december, 2);
    eurUsd(105_000n);
    at('AAPL.US', 22_000n);
    await trade(who, 'sell', 'AAPL.US', '10');
    // 2,095.24 − 0.95 − 1,824.57 = 269.72; 26 % = 70.1272 → €70.13, paid with $73.64 (70.13 × 1.05 = 73.6365).
    expect(await realisation(who.id, 'AAPL.US')).toMatchObject([
      { cost: 182_457n, gain: 26_972n, withheld: 7_013n, withheldSale: 7_364n },
    ]);
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(220_000n - 100n - 7_364n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('ETFs: a gain is reddito di capitale, a loss feeds the zainetto', () => {
  let who: { token: string; id: number };

  it('buys on Monday 7 December: 100 ENI at 15.00, 100 SWDA at 100.00, 100 VWCE at 140.00, 100 SGLN at 72.00', async () => {
    await on(december, 7);
    who = await newTrader(t, 5_000_000n); // €50,000.00
    at('ENI.MI', 15_000n);
    at('SWDA.MI', 100_000n);
    at('VWCE.MI', 140_000n);
    at('SGLN.MI', 72_000n);
    expect(await trade(who, 'buy', 'ENI.MI', '100')).toMatchObject({ value: '1500.00', fee: '2.95' });
    expect(await trade(who, 'buy', 'SWDA.MI', '100')).toMatchObject({ value: '10000.00', fee: '19.00' });
    expect(await trade(who, 'buy', 'VWCE.MI', '100')).toMatchObject({ value: '14000.00', fee: '19.00' });
    expect(await trade(who, 'buy', 'SGLN.MI', '100')).toMatchObject({ value: '7200.00', fee: '13.68' });
    await on(december, 9); // Wednesday: all settled
  });

  it('carries a share loss: ENI sold at 12.00 loses €305.90', async () => {
    at('ENI.MI', 12_000n);
    await trade(who, 'sell', 'ENI.MI', '100'); // 1,200.00 − 2.95 − 1,502.95
    expect(await zainetto(who.id)).toEqual([{ currency: 'EUR', year: 2026, carried: 30_590n, used: 0n }]);
  });

  it('taxes an ETF gain of €462.00 in full, €120.12, leaving the zainetto as it was', async () => {
    at('SWDA.MI', 105_000n);
    const preview = await taxEstimate(t, who.token, { symbol: 'SWDA.MI', side: 'sell', quantity: '100' });
    expect(preview.data).toMatchObject({ kind: 'etf', gain: '462.00', lossUsed: '0.00', tax: '120.12' });
    const before = await userBalance(t, who.id, 'spot', 'EUR');
    expect(await trade(who, 'sell', 'SWDA.MI', '100')).toMatchObject({ value: '10500.00', fee: '19.00' });
    // 10,500.00 − 19.00 − 10,019.00 = 462.00; 26 % = 120.12. A share's gain would have used €305.90.
    expect(await realisation(who.id, 'SWDA.MI')).toMatchObject([
      { kind: 'etf', currency: 'EUR', gain: 46_200n, lossUsed: 0n, withheld: 12_012n, saleCurrency: null },
    ]);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(before + 1_050_000n - 1_900n - 12_012n);
    expect(await zainetto(who.id)).toEqual([{ currency: 'EUR', year: 2026, carried: 30_590n, used: 0n }]);
  });

  it('adds an ETF loss of €538.00 to the zainetto', async () => {
    at('VWCE.MI', 135_000n);
    await trade(who, 'sell', 'VWCE.MI', '100'); // 13,500.00 − 19.00 − 14,019.00
    expect(await realisation(who.id, 'VWCE.MI')).toMatchObject([
      { kind: 'etf', gain: -53_800n, withheld: 0n },
    ]);
    // 305.90 + 538.00
    expect(await zainetto(who.id)).toEqual([{ currency: 'EUR', year: 2026, carried: 84_390n, used: 0n }]);
  });

  it("sets the gold ETC's gain against the zainetto, as a share's: a €192.23 gain, no tax", async () => {
    at('SGLN.MI', 74_200n);
    const preview = await taxEstimate(t, who.token, { symbol: 'SGLN.MI', side: 'sell', quantity: '100' });
    // The fee 0.19 % of 7,420.00 = 14.098, rounded down to 14.09: 7,420.00 − 14.09 − 7,213.68 = 192.23, all of it
    // from the zainetto.
    expect(preview.data).toMatchObject({ kind: 'etc', gain: '192.23', lossUsed: '192.23', tax: '0.00' });
    await trade(who, 'sell', 'SGLN.MI', '100');
    expect(await realisation(who.id, 'SGLN.MI')).toMatchObject([
      { kind: 'etc', gain: 19_223n, lossUsed: 19_223n, withheld: 0n },
    ]);
    expect(await zainetto(who.id)).toEqual([
      { currency: 'EUR', year: 2026, carried: 84_390n, used: 19_223n },
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('sets what the ETF loss left in the zainetto against a share gain', async () => {
    // 843.90 − 192.23 = 651.67 left; a €1,000.00 share gain leaves 348.33 taxable, 26 % = 90.5658 → €90.57.
    expect(await realise(t, who.id, { kind: 'shares', proceeds: 100_000n, cost: 0n })).toMatchObject({
      lossUsed: 65_167n,
      taxable: 34_833n,
      withheld: 9_057n,
    });
    expect(await zainetto(who.id)).toEqual([
      { currency: 'EUR', year: 2026, carried: 84_390n, used: 84_390n },
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('shows the ETF gain apart on the tax certificate, as redditi di capitale', async () => {
    const res = await generate(t.app, who.token, 'tax', '2026');
    expect(res.code, res.msg).toBe(0);
    const blocks = csvBlocks((await download(t.app, who.token, res.data.id, 'csv')).text, ',');
    // Redditi diversi: the ETC's 192.23 and the share's 1,000.00; losses: ENI's 305.90 and VWCE's 538.00.
    expect(blocks.get('gains')).toEqual([
      ['Currency', 'Gains realised', 'Losses realised', 'Used', 'Net result'],
      ['EUR', '1192.23', '843.90', '843.90', '348.33'],
    ]);
    expect(blocks.get('capitalIncome')).toEqual([
      ['Currency', 'Gains realised', 'Capital gains tax withheld'],
      ['EUR', '462.00', '120.12'],
    ]);
    // 120.12 on the ETF and 90.57 on the share.
    expect(blocks.get('withheld')?.slice(1)).toEqual([['EUR', '210.69', '0.00', '0.00', '210.69']]);
  });
});

describe('a dollar holding whose shares did not all come by fills', () => {
  const basisOf = (userId: number, held: { quantity: bigint; cost: bigint }) =>
    euroBasisOf(t.db, { userId, symbol: 'AAPL.US', currency: 'USD', nowMs: t.clock.now() }, held, false);

  it('counts 5 delivered shares at their dollar cost at the sale day’s rate: $950.00 at 1.25 is €760.00', async () => {
    const who = await newTrader(t, 0n);
    await t.db.query(
      `insert into tax_fx_basis (user_id, symbol, currency, quantity, cost, cost_eur)
       values ($1, 'AAPL.US', 'USD', 10, 200100, 181909)`,
      [who.id],
    );
    eurUsd(125_000n);
    // The holding: the 10 bought ($2,001.00) and 5 from a block trade at $190.00.
    const basis = await basisOf(who.id, { quantity: 15n, cost: 295_100n });
    expect(basis).toEqual({ quantity: 15n, cost: 295_100n, costEur: 181_909n + 76_000n });
    expect(euroCostReleased(basis, 15n)).toBe(257_909n);
  });

  it('lets shares that left otherwise than by a sale take their part of both costs', async () => {
    const who = await newTrader(t, 0n);
    await t.db.query(
      `insert into tax_fx_basis (user_id, symbol, currency, quantity, cost, cost_eur)
       values ($1, 'AAPL.US', 'USD', 10, 200100, 181909)`,
      [who.id],
    );
    // 4 left of 10: 6 × $200.10 = $1,200.60 and 6/10 of €1,819.09 = €1,091.454 → 1,091.45 leave.
    expect(await basisOf(who.id, { quantity: 4n, cost: 80_040n })).toEqual({
      quantity: 4n,
      cost: 80_040n,
      costEur: 72_764n,
    });
  });
});

describe('buy 0.1 BTC at 60,000 USDT when EUR/USD is 1.10, sell at 66,000 when it is 1.05', () => {
  let who: { token: string; id: number };
  const before = { fxUsdt: 0n, fxEur: 0n, taxEur: 0n, taxUsdt: 0n };
  const btcAt = (price: bigint) =>
    t.books.set('BTCUSDT', {
      last: price,
      bids: [{ price, quantity: 100_000n }],
      asks: [{ price, quantity: 100_000n }],
    });
  const coin = (side: 'buy' | 'sell') =>
    call<{ value: string; fee: string }>(
      t.app,
      'POST',
      '/coin/order/add',
      { symbol: 'BTCUSDT', side, type: 'market', quantity: '0.1', requestId: `tax-btc-${side}-${who.id}` },
      { token: who.token },
    );
  const btcBasis = () =>
    t.db.query('select quantity, cost, cost_eur from tax_fx_basis where user_id = $1 and symbol = $2', [
      who.id,
      'BTCUSDT',
    ]);

  it('buys for 6,006.00 USDT with the 0.10 % fee: €5,460.00 at 1.10', async () => {
    await on(december, 12); // a Saturday: coins trade
    who = await newTrader(t, 0n);
    await credit(t, who.id, 'USDT', 10_000_000_000n); // 10,000.000000 USDT
    eurUsd(110_000n);
    btcAt(6_000_000n); // 60,000.00
    const buy = await coin('buy');
    expect(buy.code, buy.msg).toBe(0);
    // 0.1 × 60,000.00 = 6,000.00, fee 6.00: 6,006.00 USDT ÷ 1.10 = €5,460.00; BTC at the ledger's 8 decimals.
    expect(await btcBasis()).toEqual([{ quantity: 10_000_000n, cost: 6_006_000_000n, cost_eur: 546_000n }]);
  });

  it('previews the sale in euros: gain €819.42, tax 33 % €270.41 (in USDT it would have been 193.842)', async () => {
    await on(december, 14);
    eurUsd(105_000n);
    btcAt(6_600_000n); // 66,000.00
    const preview = await taxEstimate(t, who.token, { symbol: 'BTCUSDT', side: 'sell', quantity: '0.1' });
    expect(preview.code, preview.msg).toBe(0);
    // 6,600.00 ÷ 1.05 = 6,285.714… → €6,285.71; fee 6.60 ÷ 1.05 = 6.2857… → €6.29;
    // 6,285.71 − 6.29 − 5,460.00 = €819.42; 33 % = 270.4086 → €270.41.
    // In USDT: 6,600.00 − 6.60 − 6,006.00 = 587.40 at 33 % = 193.842.
    expect(preview.data).toMatchObject({
      kind: 'crypto',
      currency: 'EUR',
      rate: '33.00',
      proceeds: '6285.71',
      fees: '6.29',
      cost: '5460.00',
      gain: '819.42',
      lossUsed: '0.00',
      tax: '270.41',
    });
  });

  it('withholds €270.41 in the sale, paid with 283.9305 USDT through the fx account at 1.05', async () => {
    before.fxUsdt = await platform('fx', 'USDT');
    before.fxEur = await platform('fx', 'EUR');
    before.taxEur = await platform('tax-payable', 'EUR');
    before.taxUsdt = await platform('tax-payable', 'USDT');
    const sell = await coin('sell');
    expect(sell.code, sell.msg).toBe(0);
    expect(await realisation(who.id, 'BTC')).toEqual([
      {
        kind: 'crypto',
        currency: 'EUR',
        proceeds: 628_571n,
        fees: 629n,
        cost: 546_000n,
        gain: 81_942n,
        lossUsed: 0n,
        withheld: 27_041n,
        saleCurrency: 'USDT',
        saleProceeds: 6_600_000_000n,
        saleFees: 6_600_000n,
        saleCost: 6_006_000_000n,
        fxRate: '1.05000000',
        // €270.41 × 1.05 = 283.9305 USDT, exactly (rounded up to the micro-USDT, nothing to round).
        withheldSale: 283_930_500n,
      },
    ]);
    // 10,000.00 − 6,006.00 + 6,600.00 − 6.60 − 283.9305
    expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(10_303_469_500n);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(0n);
    expect((await platform('fx', 'USDT')) - before.fxUsdt).toBe(283_930_500n);
    expect((await platform('fx', 'EUR')) - before.fxEur).toBe(-27_041n);
    expect((await platform('tax-payable', 'EUR')) - before.taxEur).toBe(27_041n);
    expect((await platform('tax-payable', 'USDT')) - before.taxUsdt).toBe(0n);
    expect(await btcBasis()).toEqual([{ quantity: 0n, cost: 0n, cost_eur: 0n }]);
    expect(await zainetto(who.id)).toEqual([]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
