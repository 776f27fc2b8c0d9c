/*
 * Italian tax rates as data (DESIGN.md §14, issue 19): each rate with the day it took effect, so a budget law
 * is a new row, not new code. Rates are basis points; days are ISO dates in Europe/Rome.
 */

export type GainKind =
  | 'shares'
  | 'etf'
  | 'etc'
  | 'contracts'
  | 'options'
  | 'crypto'
  | 'euroEmt'
  | 'governmentBonds';

export interface DatedRate {
  from: string;
  basisPoints: number;
}

/** Substitute tax on capital gains (imposta sostitutiva), regime amministrato. */
export const capitalGainsRates: Readonly<Record<GainKind, readonly DatedRate[]>> = {
  // D.L. 66/2014: 26% from 1 July 2014.
  shares: [{ from: '2014-07-01', basisPoints: 2600 }],
  // Harmonised (UCITS) ETFs: gains are redditi di capitale at 26% (TUIR art. 44, art. 26-quinquies D.P.R. 600/73).
  etf: [{ from: '2014-07-01', basisPoints: 2600 }],
  // Exchange-traded commodities (notes, not funds): redditi diversi at 26% (TUIR art. 67 c.1 c-quater).
  etc: [{ from: '2014-07-01', basisPoints: 2600 }],
  contracts: [{ from: '2014-07-01', basisPoints: 2600 }],
  options: [{ from: '2014-07-01', basisPoints: 2600 }],
  // L. 197/2022 brought crypto-assets in at 26% from 2023; L. 207/2024 raised it to 33% from 2026.
  crypto: [
    { from: '2023-01-01', basisPoints: 2600 },
    { from: '2026-01-01', basisPoints: 3300 },
  ],
  // Euro-denominated e-money tokens stay at 26% (L. 207/2024).
  euroEmt: [{ from: '2023-01-01', basisPoints: 2600 }],
  // Italian and white-list government bonds: 12.5%.
  governmentBonds: [{ from: '2012-01-01', basisPoints: 1250 }],
};

/** Financial transaction tax on Italian shares (L. 228/2012): on a regulated market 0.1%. */
export const transactionTaxRates: readonly DatedRate[] = [{ from: '2014-01-01', basisPoints: 10 }];

/** Stamp duty on financial products held (imposta di bollo): 0.2% a year. */
export const stampDutyRates: readonly DatedRate[] = [{ from: '2014-01-01', basisPoints: 20 }];

/** The rate in force on a day; refuses a day before any row (no rate is guessed). */
export function rateOn(rates: readonly DatedRate[], isoDay: string): number {
  let found: DatedRate | undefined;
  for (const rate of rates) if (rate.from <= isoDay && (!found || rate.from > found.from)) found = rate;
  if (!found) throw new RangeError(`no rate in force on ${isoDay}`);
  return found.basisPoints;
}

/** Euro-denominated e-money tokens (MiCA EMTs): their gains are taxed at the euroEmt rate, not crypto's. */
export const euroEmtAssets: readonly string[] = ['EURC', 'EURCV', 'EURI', 'EURS'];

/** The kind of gain a crypto-asset's sale realises. */
export const gainKindOfCoin = (asset: string): GainKind =>
  euroEmtAssets.includes(asset) ? 'euroEmt' : 'crypto';

/**
 * How each kind's results meet the zainetto fiscale (TUIR art. 67–68, decision 065): a gain that is *reddito
 * diverso* is set against the carried losses first; a gain that is *reddito di capitale* (a harmonised ETF's) is
 * taxed in full and leaves the zainetto untouched. Every kind's losses are redditi diversi and go into it.
 */
export interface GainRule {
  gainsUseZainetto: boolean;
  lossesToZainetto: boolean;
}

const diversi: GainRule = { gainsUseZainetto: true, lossesToZainetto: true };

export const gainRules: Readonly<Record<GainKind, GainRule>> = {
  shares: diversi,
  etf: { gainsUseZainetto: false, lossesToZainetto: true },
  etc: diversi,
  contracts: diversi,
  options: diversi,
  crypto: diversi,
  euroEmt: diversi,
  governmentBonds: diversi,
};

/** The kind of gain a listed security's sale realises, by its asset class (unset for an ordinary share). */
export const gainKindOfSecurity = (assetClass: 'etf' | 'etc' | undefined): GainKind => assetClass ?? 'shares';

/** The currency the Italian tax is computed and withheld in. */
export const taxCurrency = 'EUR';

/**
 * Foreign currencies whose results are converted to euros (TUIR art. 9 c.2 and art. 68 c.6): proceeds at the
 * sale day's rate, each purchase's cost at its own day's. USDT too, as an Italian broker computes a
 * crypto-asset's gain in euros (its EUR value through USD, USDT counting as one dollar: decision 065). Results
 * in any other currency are still taxed in their own currency, with a zainetto of their own (decision 048).
 */
export const currenciesTaxedInEuro: readonly string[] = ['USD', 'USDT'];
