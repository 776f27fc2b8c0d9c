/*
 * Leverage caps for retail clients (DESIGN.md §7). ESMA's product intervention on CFDs (Decision (EU)
 * 2018/796, art. 2 and annex I), made permanent in Italy by CONSOB (delibera n. 20976 of 20 June 2019),
 * caps the leverage a retail client may open with by the class of the underlying. The operator may
 * configure lower caps, never higher ones: the ESMA figure is the ceiling for a retail platform.
 */

export const leverageClasses = [
  'majorFx',
  'nonMajorFx',
  'gold',
  'majorIndex',
  'otherIndex',
  'commodity',
  'share',
  'crypto',
] as const;
export type LeverageClass = (typeof leverageClasses)[number];

/**
 * ESMA's caps as n:1: 30:1 major currency pairs; 20:1 non-major currency pairs, gold and major equity
 * indices; 10:1 commodities other than gold and non-major equity indices; 5:1 individual equities and other
 * reference values; 2:1 cryptocurrencies. The initial margin is its inverse (3.33%, 5%, 10%, 20%, 50%).
 */
export const esmaRetailLeverageMax: Readonly<Record<LeverageClass, number>> = {
  majorFx: 30,
  nonMajorFx: 20,
  gold: 20,
  majorIndex: 20,
  otherIndex: 10,
  commodity: 10,
  share: 5,
  crypto: 2,
};

/** ESMA's major currencies: a pair of any two of them is a major pair. */
export const esmaMajorCurrencies: readonly string[] = ['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF'];

/**
 * ESMA's major equity indices, as names normalised by `indexKey`: FTSE 100, CAC 40, DAX30 (the DAX has
 * 40 members since 2021 and is the same index), Dow Jones Industrial Average, S&P 500, NASDAQ Composite,
 * NASDAQ 100, Nikkei 225, ASX 200, EURO STOXX 50. Every other index, the FTSE MIB among them, is non-major.
 */
const esmaMajorIndexKeys: ReadonlySet<string> = new Set([
  'FTSE100',
  'CAC40',
  'DAX',
  'DAX30',
  'DAX40',
  'DOWJONESINDUSTRIALAVERAGE',
  'DJIA',
  'SP500',
  'NASDAQCOMPOSITE',
  'NASDAQ100',
  'NIKKEI225',
  'ASX200',
  'SPASX200',
  'EUROSTOXX50',
]);

/** Gold's ISO 4217 code, as the base of a gold instrument (XAU/USD). */
const gold = 'XAU';

/** What the classification reads from an instrument: its kind, its name, and for a pair its two currencies. */
export interface LeverageSubject {
  kind: 'stock' | 'index' | 'fx' | 'crypto' | 'commodity';
  name: string;
  /** The base of a pair or commodity (EUR in EUR/USD, XAU for gold); null for shares and indices. */
  baseAsset: string | null;
  /** The quote currency. */
  currency: string;
}

/** The ESMA class of an instrument, which decides its leverage cap. */
export function leverageClassOf(subject: LeverageSubject): LeverageClass {
  switch (subject.kind) {
    case 'stock':
      return 'share';
    case 'crypto':
      return 'crypto';
    case 'index':
      return esmaMajorIndexKeys.has(indexKey(subject.name)) ? 'majorIndex' : 'otherIndex';
    case 'commodity':
      return subject.baseAsset === gold ? 'gold' : 'commodity';
    case 'fx': {
      if (subject.baseAsset === gold) return 'gold';
      const major = (code: string | null) => code !== null && esmaMajorCurrencies.includes(code);
      return major(subject.baseAsset) && major(subject.currency) ? 'majorFx' : 'nonMajorFx';
    }
  }
}

/** An index name reduced to letters and digits in capitals, so 'S&P 500', 'S&P500' and 's&p 500' agree. */
export function indexKey(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The cap that applies: the operator's configured cap for the class when it is lower than ESMA's, else
 * ESMA's. A configured cap above ESMA's is ignored rather than obeyed, since a retail client may not have it.
 */
export function retailLeverageMax(leverageClass: LeverageClass, configuredMax?: number): number {
  const esma = esmaRetailLeverageMax[leverageClass];
  if (configuredMax === undefined || !Number.isSafeInteger(configuredMax) || configuredMax < 1) return esma;
  return Math.min(configuredMax, esma);
}

/**
 * Whether an operator may configure `configuredMax` as the cap of a class for retail clients: a whole number
 * from 1 to ESMA's figure. A save above it is refused (the figure is the reason), never stored and clamped.
 */
export function configurableLeverageMax(leverageClass: LeverageClass, configuredMax: number): boolean {
  return (
    Number.isSafeInteger(configuredMax) &&
    configuredMax >= 1 &&
    configuredMax <= esmaRetailLeverageMax[leverageClass]
  );
}

/** Why a requested leverage is refused; the names are message keys of the trading catalogue. */
export type LeverageFailure =
  | { failure: 'leverage.invalid' }
  | { failure: 'leverage.aboveMax'; leverageMax: number };

/**
 * Null when `leverage` may be opened under `leverageMax`: a whole number from 1 (no leverage) to the cap.
 * Otherwise the rule broken: not a whole number of at least 1, or above the cap (named, for the message).
 */
export function checkLeverage(leverage: number, leverageMax: number): LeverageFailure | null {
  if (!Number.isSafeInteger(leverage) || leverage < 1) return { failure: 'leverage.invalid' };
  if (leverage > leverageMax) return { failure: 'leverage.aboveMax', leverageMax };
  return null;
}

/** The ladder leverage pickers offer before it is cut at a cap. */
export const leverageLadder: readonly number[] = [1, 2, 3, 5, 10, 20, 25, 30];

/**
 * The leverage choices to offer under a cap (`/coin/contract/order/multiple`): the ladder's steps up to the
 * cap, and the cap itself when it is not a step, ascending. A 2:1 crypto cap offers 1 and 2.
 */
export function leverageChoices(leverageMax: number, ladder: readonly number[] = leverageLadder): number[] {
  const choices = new Set(ladder.filter((step) => step >= 1 && step <= leverageMax));
  if (Number.isSafeInteger(leverageMax) && leverageMax >= 1) choices.add(leverageMax);
  return [...choices].sort((a, b) => a - b);
}
