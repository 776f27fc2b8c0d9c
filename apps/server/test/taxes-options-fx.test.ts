import type { OptionSeries } from '@piazza/contract/calls/options-shapes';
import { mulDiv, parseAmount } from '@piazza/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { taxOptionBought, taxOptionEnd } from '../src/modules/taxes';
import { call } from './helper';
import { buyOption, setProfile } from './options-steps';
import { createTradingApp, credit, newTrader, type TradingApp, userBalance } from './trading-steps';

/*
 * A dollar option's result taxed in euros with its premium at the rate of its purchase (decision 065, amended),
 * through the taxes module's face as the options module calls it: `taxOptionBought` in the purchase's
 * transaction, `taxOptionEnd` in the end's. Capital gains tax 26 %.
 *
 * A premium of $110.00 paid when EUR/USD is 1.10 cost €100.00. The option ends worth $137.50 when EUR/USD is
 * 1.25: €110.00, a gain of €10.00, €2.60 withheld, paid with $3.25 (2.60 × 1.25). Converted at the end's rate
 * the premium would have been €88.00 and the gain €22.00 (€5.72): what an option bought before the purchase's
 * rate was recorded is still taxed on.
 */

let t: TradingApp;
let serial = 9_000_000n;
beforeAll(async () => {
  t = await createTradingApp(Date.UTC(2026, 10, 23, 15, 0));
});
afterAll(async () => {
  await t?.close();
});

/** EUR/USD at 5 decimals: 110_000n is $1.10 for €1. */
const eurUsd = (rate: bigint) => t.books.set('EURUSD.FX', { last: rate, bids: [], asks: [] });
const actor = { type: 'user' as const };

async function option(currency: string, premium: bigint) {
  const who = await newTrader(t, 0n);
  await credit(t, who.id, 'USD', 100_00n);
  serial += 1n;
  return { who, option: { id: serial, userId: who.id, symbol: 'AAPL.US', currency, premium } };
}

const realisation = (userId: number) =>
  t.db.query<Record<string, unknown>>(
    `select currency, proceeds, cost, gain, withheld, sale_currency as "saleCurrency", sale_cost as "saleCost",
            withheld_sale as "withheldSale"
       from tax_realisations where user_id = $1 and source = 'option'`,
    [userId],
  );

describe('a dollar option taxed in euros', () => {
  it('keeps the premium at the purchase’s rate: $110.00 at 1.10 is €100.00', async () => {
    const { who, option: o } = await option('USD', 110_00n);
    eurUsd(110_000n);
    await t.db.tx((q) => taxOptionBought(q, o, t.clock.now()));
    const [basis] = await t.db.query(
      'select premium, premium_eur, fx_rate from tax_option_basis where option_id = $1',
      [o.id],
    );
    expect(basis).toEqual({ premium: 110_00n, premium_eur: 100_00n, fx_rate: '1.10000000' });

    // A week later EUR/USD is 1.25 and the option ends worth $137.50.
    t.clock.advance(7 * 86_400_000);
    eurUsd(125_000n);
    await t.db.tx((q) => taxOptionEnd(q, o, { value: 137_50n, nowMs: t.clock.now(), actor }));
    expect(await realisation(who.id)).toEqual([
      {
        currency: 'EUR',
        proceeds: 110_00n,
        cost: 100_00n,
        gain: 10_00n,
        withheld: 2_60n,
        saleCurrency: 'USD',
        saleCost: 110_00n,
        withheldSale: 3_25n,
      },
    ]);
    // $100.00 credited less $3.25 of tax (the option's own value is the options module's entry, not made here).
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(96_75n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('an option with no purchase rate recorded converts its premium at the end’s: €88.00, tax €5.72', async () => {
    const { who, option: o } = await option('USD', 110_00n);
    eurUsd(125_000n);
    await t.db.tx((q) => taxOptionEnd(q, o, { value: 137_50n, nowMs: t.clock.now(), actor }));
    expect(await realisation(who.id)).toEqual([
      expect.objectContaining({ proceeds: 110_00n, cost: 88_00n, gain: 22_00n, withheld: 5_72n }),
    ]);
  });

  it('records nothing for a premium in euros, which is taxed as it is', async () => {
    const { who, option: o } = await option('EUR', 50_00n);
    await credit(t, who.id, 'EUR', 10_00n);
    await t.db.tx((q) => taxOptionBought(q, o, t.clock.now()));
    const rows = await t.db.query('select 1 from tax_option_basis where option_id = $1', [o.id]);
    expect(rows).toEqual([]);
    await t.db.tx((q) => taxOptionEnd(q, o, { value: 60_00n, nowMs: t.clock.now(), actor }));
    expect(await realisation(who.id)).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        proceeds: 60_00n,
        cost: 50_00n,
        gain: 10_00n,
        withheld: 2_60n,
      }),
    ]);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(7_40n);
  });

  it('an option bought through the API records its premium at that day’s rate', async () => {
    const who = await newTrader(t, 0n);
    await setProfile(t, who.id, 'advanced', 'high');
    await credit(t, who.id, 'USD', 5_000_00n);
    eurUsd(110_000n);
    t.books.set('AAPL.US', { last: 20_000n, bids: [], asks: [] });
    const rule = await call<{ series: OptionSeries }>(
      t.app,
      'GET',
      '/stock/option/rule',
      { symbol: 'AAPL.US' },
      { token: who.token },
    );
    expect(rule.code, rule.msg).toBe(0);
    const expiry = rule.data.series.expiries[0];
    const strike = expiry?.strikes.find((s) => s.strike === '200.00')?.strike;
    expect(strike).toBe('200.00');
    const bought = await buyOption(t, who.token, {
      symbol: 'AAPL.US',
      right: 'call',
      strike: strike ?? '',
      expiresAt: expiry?.expiresAt ?? 0,
      contracts: 1,
    });
    expect(bought.code, bought.msg).toBe(0);
    const premium = parseAmount(bought.data.premium, 2) ?? 0n;
    const [basis] = await t.db.query<{ premium: bigint; premium_eur: bigint; fx_rate: string }>(
      'select premium, premium_eur, fx_rate from tax_option_basis where option_id = $1',
      [bought.data.id],
    );
    // The premium in euros at 1.10, to the cent.
    expect(basis).toEqual({
      premium,
      premium_eur: mulDiv(premium, 100n, 110n, 'halfEven'),
      fx_rate: '1.10000000',
    });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
