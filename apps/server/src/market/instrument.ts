import type { CalendarId, InstrumentKind } from '@piazza/contract/enums';

/**
 * The common factors of the simulated market (decision 034): one world factor, regions, sectors, crypto
 * and currencies. Each moves once per calendar day, the same for every instrument that loads on it.
 */
export const marketFactors = [
  'world',
  'eurozone',
  'italy',
  'us',
  'banks',
  'insurance',
  'energy',
  'utilities',
  'luxury',
  'autos',
  'industrials',
  'tech',
  'health',
  'telecom',
  'consumer',
  'crypto',
  'fx',
  // Decision 052: gold, and euro government yields (a positive move is yields up, bond prices down).
  'gold',
  'rates',
] as const;
export type MarketFactor = (typeof marketFactors)[number];

/**
 * An instrument's loadings: the correlation of its daily return with each factor. Their squares sum to at
 * most 1; the rest of its variance is its own noise.
 */
export type FactorLoadings = Partial<Record<MarketFactor, number>>;

/**
 * One tradable or quoted instrument (DESIGN.md §6). Prices are integers of price minor units:
 * `priceScale` decimals (ENI.MI at scale 3 quotes 14.236 as 14236n). Quantities are integers with
 * `quantityScale` decimals (shares 0, BTC 5). The catalogue lives in market/catalogue/*.ts and is
 * upserted into the `instruments` table at start.
 */
export interface Instrument {
  symbol: string; // 'ENI.MI', 'AAPL.US', 'BTCUSDT', 'FTSEMIB.IDX', 'EURUSD.FX'
  name: string;
  kind: InstrumentKind;
  /** ISIN for shares; null for indices, crypto and FX. */
  isin: string | null;
  /** ISO country of the listing ('IT', 'US'); null for crypto. */
  country: string | null;
  /** Sector in English (the app translates the known ones); null where it does not apply. */
  sector: string | null;
  /** Quote currency or asset: 'EUR', 'USD', 'USDT'. */
  currency: string;
  /** Base asset of a crypto pair ('BTC'); null otherwise. */
  baseAsset: string | null;
  calendar: CalendarId;
  priceScale: number;
  /** Smallest price step, in price minor units (a 0.005 tick at scale 3 is 5n). */
  tickSize: bigint;
  quantityScale: number;
  /** Orders are in multiples of this, in quantity minor units (a lot of 1 share is 1n). */
  lotSize: bigint;
  /** For the simulator: price at the anchor date (price minor units), yearly volatility and drift. */
  anchorPrice: bigint;
  volatility: number;
  drift: number;
  /** Average daily volume, in quantity minor units: drives simulated volumes, books and trades. */
  averageDailyVolume: bigint;
  /**
   * For the simulator: how the daily return loads on the market's factors. Absent (a new listing, a test's
   * instrument), the loadings of its kind, country and sector apply (catalogue/factor-loadings.ts).
   */
  factors?: FactorLoadings;
  /** For a share in an index here: its free-float shares, which weight it in the index. */
  freeFloatShares?: number;
  /**
   * For an index computed from its members: their symbols. Its level is their free-float capitalisation
   * over a divisor that keeps `anchorPrice` on the anchor day; without members it follows its factors.
   */
  constituents?: readonly string[];
  /**
   * What a 'stock' instrument is: an exchange-traded fund or commodity on ETFplus (decision 052); absent for a
   * share. The taxes read it (no Tobin tax on ETFs); the ETF's own facts are in catalogue/etfs.ts.
   */
  assetClass?: 'etf' | 'etc';
  /** Listed and tradable; an unlisted stock (an IPO before listing) cannot be traded. */
  listed: boolean;
  /**
   * The first session's date (ISO, in the market's zone) of an instrument listed after the catalogue's
   * history begins (an IPO): `anchorPrice` is then the close before that session (the issue price), and
   * there is no history before it. Absent: history reaches back years from the 2026-01-02 anchor.
   * Asked before that session, the simulator quotes the issue price, closed, with nothing traded: the
   * publisher and the lists can read a share the day it is added, before it opens, without an error.
   */
  firstDay?: string;
}
