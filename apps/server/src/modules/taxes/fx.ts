import { mulDiv, type Rate } from '@piazza/core/money';
import { currenciesTaxedInEuro, taxCurrency } from '@piazza/core/tax/rates';
import type { Queryable } from '../../db/db';
import type { Instrument } from '../../market/instrument';
import type { MarketService } from '../../market/market-service';
import { referenceFxRates } from '../../platform/fx';

/*
 * Results in dollars (and USDT, one dollar each) taxed in euros (TUIR art. 9 c.2, art. 68 c.6; decision 065):
 * the proceeds convert at the EUR/USD of the sale, each purchase's cost at the EUR/USD of the purchase. The
 * calls that realise results (trading's fills, the contract and option closes) reach the taxes with a
 * transaction only, so the module keeps the market it was registered with: the same EUR/USD the exchange page
 * and the valuation read (the feed's `EURUSD.FX`, or the reference rates when it cannot answer). One market per
 * process, as the market service is.
 */

let bound: MarketService | undefined;

/** Called by the module's registration. */
export function bindTaxMarket(market: MarketService): void {
  bound = market;
}

export const taxedInEuro = (currency: string) => currenciesTaxedInEuro.includes(currency);

/** Units of `currency` one euro is worth at `atMs` (EUR/USD 1.10: $1.10 for €1). */
export async function euroRateAt(currency: string, atMs: number): Promise<Rate> {
  const rates = bound ? await bound.fxRates(atMs) : referenceFxRates;
  const rate = rates.rate(taxCurrency, currency);
  if (!rate) throw new Error(`no EUR/${currency} rate to tax a result in euros`);
  return rate;
}

/** The instrument a spot fill traded, for its asset class. */
export const taxInstrument = (symbol: string): Instrument | undefined => bound?.instrument(symbol);

const scaleCache = new WeakMap<Queryable, Map<string, number>>();

export async function scaleOf(q: Queryable, asset: string): Promise<number> {
  let cached = scaleCache.get(q);
  if (!cached) {
    cached = new Map();
    scaleCache.set(q, cached);
  }
  const known = cached.get(asset);
  if (known !== undefined) return known;
  const [row] = await q.query<{ scale: number }>('select scale from assets where code = $1', [asset]);
  const scale = Number(row?.scale ?? 2);
  cached.set(asset, scale);
  return scale;
}

/** Minor units of `currency` in euro cents at `rate` (units of currency per euro), half even. */
export async function toEuro(q: Queryable, amount: bigint, currency: string, rate: Rate): Promise<bigint> {
  const from = 10n ** BigInt(await scaleOf(q, currency));
  const to = 10n ** BigInt(await scaleOf(q, taxCurrency));
  return mulDiv(amount, rate.den * to, rate.num * from, 'halfEven');
}

/** Euro cents in minor units of `currency` at `rate`, rounded up: what pays a tax of `euros` in full. */
export async function fromEuroUp(q: Queryable, euros: bigint, currency: string, rate: Rate): Promise<bigint> {
  const from = 10n ** BigInt(await scaleOf(q, taxCurrency));
  const to = 10n ** BigInt(await scaleOf(q, currency));
  return mulDiv(euros, rate.num * to, rate.den * from, 'ceil');
}

/** A rate as text with 8 decimals (as the order's exchange writes it), rounded half even. */
export function rateText(rate: Rate): string {
  const scaled = mulDiv(rate.num, 10n ** 8n, rate.den, 'halfEven');
  const s = scaled.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
}
