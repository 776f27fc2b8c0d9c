/*
 * Italian tax rates as data (DESIGN.md §14, issue 19): each rate with the day it took effect, so a budget law
 * is a new row, not new code. Rates are basis points; days are ISO dates in Europe/Rome.
 */

export type GainKind = 'shares' | 'contracts' | 'options' | 'crypto' | 'euroEmt' | 'governmentBonds';

export interface DatedRate {
  from: string;
  basisPoints: number;
}

/** Substitute tax on capital gains (imposta sostitutiva), regime amministrato. */
export const capitalGainsRates: Readonly<Record<GainKind, readonly DatedRate[]>> = {
  // D.L. 66/2014: 26% from 1 July 2014.
  shares: [{ from: '2014-07-01', basisPoints: 2600 }],
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
