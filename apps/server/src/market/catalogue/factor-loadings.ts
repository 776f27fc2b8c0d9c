import type { Sector } from '@piazza/contract/sectors';
import type { FactorLoadings, Instrument, MarketFactor } from '../instrument';

/*
 * Loadings of the simulated market (decision 034), calibrated on 2015–2025 daily returns: shares load on the
 * world, their region and their sector; Italian shares also on Italy (the spread of its bonds, its banks).
 * The catalogue gives every instrument its loadings from these templates, or its own where it differs.
 */

/** The sector factor an ICB supersector moves with. */
const sectorFactor: Record<Sector, MarketFactor> = {
  Technology: 'tech',
  Telecommunications: 'telecom',
  'Health Care': 'health',
  Banks: 'banks',
  'Financial Services': 'banks',
  Insurance: 'insurance',
  'Real Estate': 'utilities',
  'Automobiles and Parts': 'autos',
  'Consumer Products and Services': 'luxury',
  Media: 'tech',
  Retail: 'consumer',
  'Travel and Leisure': 'consumer',
  'Food, Beverage and Tobacco': 'consumer',
  'Personal Care, Drug and Grocery Stores': 'consumer',
  'Construction and Materials': 'industrials',
  'Industrial Goods and Services': 'industrials',
  'Basic Resources': 'energy',
  Chemicals: 'industrials',
  Energy: 'energy',
  Utilities: 'utilities',
};

// Italian shares: [world, eurozone, italy, sector] by sector factor. Banks move most with Italy and each
// other (Intesa and UniCredit ≈ 0.85); utilities and consumer names least with the world.
// biome-ignore format: a table reads best one row a line
const italian: Partial<Record<MarketFactor, readonly [number, number, number, number]>> = {
  banks:       [0.42, 0.45, 0.25, 0.63],
  insurance:   [0.5, 0.52, 0.2, 0.35],
  energy:      [0.58, 0.48, 0.12, 0.45],
  utilities:   [0.42, 0.5, 0.2, 0.5],
  luxury:      [0.52, 0.45, 0.05, 0.5],
  autos:       [0.52, 0.48, 0.08, 0.45],
  industrials: [0.52, 0.48, 0.12, 0.35],
  tech:        [0.52, 0.42, 0.05, 0.55],
};
const italianOther = [0.48, 0.46, 0.12, 0.35] as const;

// US shares: [world, us, sector].
// biome-ignore format: a table reads best one row a line
const american: Partial<Record<MarketFactor, readonly [number, number, number]>> = {
  tech:      [0.5, 0.42, 0.58],
  banks:     [0.55, 0.45, 0.5],
  energy:    [0.45, 0.38, 0.55],
  consumer:  [0.42, 0.42, 0.35],
  health:    [0.4, 0.42, 0.4],
};
const americanOther = [0.5, 0.45, 0.35] as const;

/** The loadings of an index that is not computed from members here, by its country. */
export const indexLoadings = {
  // The Euro Stoxx 50 and the DAX: Europe's large caps, some banks, a little Italy and technology.
  europe: { world: 0.7, eurozone: 0.56, banks: 0.28, italy: 0.1, tech: 0.08 },
  germany: { world: 0.7, eurozone: 0.55, industrials: 0.2, autos: 0.12, tech: 0.1 },
  // An Italian index whose members are not all here: what the FTSE MIB comes out as from its members.
  italy: { world: 0.62, eurozone: 0.6, italy: 0.34, banks: 0.27 },
  sp500: { world: 0.77, us: 0.52, tech: 0.33 },
  nasdaq100: { world: 0.66, us: 0.45, tech: 0.58 },
} as const satisfies Record<string, FactorLoadings>;

/** Coins move with the crypto factor, a little with risk in general. */
export function cryptoLoadings(crypto: number, world = 0.15): FactorLoadings {
  return { world, crypto };
}

/** EUR/USD has its own factor and a small link to risk: the euro gains when the world does well. */
export const eurUsdLoadings: FactorLoadings = { fx: 0.85, world: 0.12 };

/** The loadings an instrument gets from its kind, country and sector. */
export function loadingsFor(instrument: Pick<Instrument, 'kind' | 'country' | 'sector'>): FactorLoadings {
  const sector = instrument.sector === null ? null : (sectorFactor[instrument.sector as Sector] ?? null);
  switch (instrument.kind) {
    case 'crypto':
      return cryptoLoadings(0.75);
    case 'fx':
      return eurUsdLoadings;
    case 'index':
      return instrument.country === 'IT'
        ? indexLoadings.italy
        : instrument.country === 'US'
          ? indexLoadings.sp500
          : indexLoadings.europe;
    default:
      if (instrument.country === 'US') {
        const [world, us, own] = (sector && american[sector]) || americanOther;
        return sector ? { world, us, [sector]: own } : { world, us };
      }
      if (instrument.country === 'IT') {
        const [world, eurozone, italy, own] = (sector && italian[sector]) || italianOther;
        return sector ? { world, eurozone, italy, [sector]: own } : { world, eurozone, italy };
      }
      return sector ? { world: 0.5, eurozone: 0.45, [sector]: 0.35 } : { world: 0.5, eurozone: 0.45 };
  }
}
