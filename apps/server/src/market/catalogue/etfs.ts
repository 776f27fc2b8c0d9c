import type { FactorLoadings, Instrument } from '../instrument';
import { amountOf, decimalsOf } from './amount-literal';
import { indexLoadings } from './factor-loadings';
import { type LiquidityBand, mifidTick } from './tick-regime';

/** What an exchange-traded product holds: shares, bonds or a commodity (gold). */
export type EtfAssetClass = 'equity' | 'bond' | 'commodity';
/** Full: holds every member; sampling: a representative subset; synthetic: a swap on the index. */
export type EtfReplication = 'physical-full' | 'physical-sampling' | 'synthetic';
export type EtfDistribution = 'accumulating' | 'distributing';
/** A UCITS ETF, or an ETC (exchange-traded commodity: a secured note, not a fund). */
export type EtfStructure = 'etf' | 'etc';

/** The facts an investor compares ETFs on, shown on the list and the detail (issue 20, decision 052). */
export interface EtfFacts {
  /** `${ticker}.MI`, the instrument on the share path. */
  symbol: string;
  ticker: string;
  name: string;
  isin: string;
  issuer: string;
  /** The index or asset it tracks. */
  benchmark: string;
  assetClass: EtfAssetClass;
  structure: EtfStructure;
  /** Total expense ratio a year, in basis points (0.20% is 20). */
  terBp: number;
  replication: EtfReplication;
  distribution: EtfDistribution;
  /** The currency the fund is kept in; it trades in euros on ETFplus. */
  fundCurrency: 'EUR' | 'USD';
  /** The issuer's page for the PRIIPs key information document (KID). */
  kidUrl: string;
}

interface EtfRow extends Omit<EtfFacts, 'symbol'> {
  /** Price in euros early in 2026 on ETFplus. */
  anchor: string;
  band: LiquidityBand;
  dailyVolume: number;
  volatility: number;
  drift: number;
  factors: FactorLoadings;
}

// What each kind of index moves with (decision 052): a world index with the world factor and a little of
// the US (two thirds of it), Europe with the world and the eurozone, bonds with euro yields (prices fall when
// yields rise), gold with its own factor.
const msciWorld: FactorLoadings = { world: 0.95, us: 0.2 };
const allWorld: FactorLoadings = { world: 0.96, us: 0.15 };
const msciUsa: FactorLoadings = { world: 0.78, us: 0.52, tech: 0.3 };
const europe: FactorLoadings = { world: 0.72, eurozone: 0.62, banks: 0.15 };
const emerging: FactorLoadings = { world: 0.82 };
const euroGovernment: FactorLoadings = { rates: -0.92, italy: 0.15 };
const euroCorporate: FactorLoadings = { rates: -0.82, world: 0.3 };
const gold: FactorLoadings = { gold: 0.96 };

const ishares = (isin: string) =>
  `https://www.ishares.com/it/investitore-privato/it/literature/kiid/kiid-ishares-${isin.toLowerCase()}-it.pdf`;
const vanguard = (isin: string) => `https://www.it.vanguard/professionale/prodotti/documenti?isin=${isin}`;
const xtrackers = (isin: string) => `https://etf.dws.com/it-it/${isin}/`;
const amundi = (isin: string) => `https://www.amundietf.it/it/privati/products/equity/${isin}`;
const spdr = (isin: string) => `https://www.ssga.com/it/it/intermediary/etfs/funds/documents?isin=${isin}`;

/**
 * UCITS ETFs (and one ETC) on Borsa Italiana's ETFplus that Italian investors hold most. Names, ISINs,
 * issuers, TERs, replication and distribution are the real ones as published in 2025; prices, volumes and
 * volatilities are realistic, not live.
 */
// biome-ignore format: a table reads best one row a line
const rows: readonly EtfRow[] = [
  { ticker: 'SWDA', name: 'iShares Core MSCI World UCITS ETF USD (Acc)', isin: 'IE00B4L5Y983', issuer: 'iShares', benchmark: 'MSCI World', assetClass: 'equity', structure: 'etf', terBp: 20, replication: 'physical-sampling', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: ishares('IE00B4L5Y983'), anchor: '108.50', band: 5, dailyVolume: 400_000, volatility: 0.15, drift: 0.06, factors: msciWorld },
  { ticker: 'VWCE', name: 'Vanguard FTSE All-World UCITS ETF (USD) Accumulating', isin: 'IE00BK5BQT80', issuer: 'Vanguard', benchmark: 'FTSE All-World', assetClass: 'equity', structure: 'etf', terBp: 19, replication: 'physical-sampling', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: vanguard('IE00BK5BQT80'), anchor: '140.00', band: 5, dailyVolume: 150_000, volatility: 0.15, drift: 0.06, factors: allWorld },
  { ticker: 'VWRL', name: 'Vanguard FTSE All-World UCITS ETF (USD) Distributing', isin: 'IE00B3RBWM25', issuer: 'Vanguard', benchmark: 'FTSE All-World', assetClass: 'equity', structure: 'etf', terBp: 19, replication: 'physical-sampling', distribution: 'distributing', fundCurrency: 'USD', kidUrl: vanguard('IE00B3RBWM25'), anchor: '130.00', band: 5, dailyVolume: 60_000, volatility: 0.15, drift: 0.06, factors: allWorld },
  { ticker: 'MWRD', name: 'Amundi Core MSCI World UCITS ETF Acc', isin: 'LU1781541179', issuer: 'Amundi', benchmark: 'MSCI World', assetClass: 'equity', structure: 'etf', terBp: 12, replication: 'physical-full', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: amundi('LU1781541179'), anchor: '17.20', band: 5, dailyVolume: 300_000, volatility: 0.15, drift: 0.06, factors: msciWorld },
  { ticker: 'XDWD', name: 'Xtrackers MSCI World UCITS ETF 1C', isin: 'IE00BJ0KDQ92', issuer: 'Xtrackers', benchmark: 'MSCI World', assetClass: 'equity', structure: 'etf', terBp: 12, replication: 'physical-sampling', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: xtrackers('IE00BJ0KDQ92'), anchor: '120.00', band: 5, dailyVolume: 80_000, volatility: 0.15, drift: 0.06, factors: msciWorld },
  { ticker: 'CSSPX', name: 'iShares Core S&P 500 UCITS ETF USD (Acc)', isin: 'IE00B5BMR087', issuer: 'iShares', benchmark: 'S&P 500', assetClass: 'equity', structure: 'etf', terBp: 7, replication: 'physical-full', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: ishares('IE00B5BMR087'), anchor: '610.00', band: 5, dailyVolume: 40_000, volatility: 0.17, drift: 0.07, factors: indexLoadings.sp500 },
  { ticker: 'VUSA', name: 'Vanguard S&P 500 UCITS ETF (USD) Distributing', isin: 'IE00B3XXRP09', issuer: 'Vanguard', benchmark: 'S&P 500', assetClass: 'equity', structure: 'etf', terBp: 7, replication: 'physical-full', distribution: 'distributing', fundCurrency: 'USD', kidUrl: vanguard('IE00B3XXRP09'), anchor: '108.00', band: 5, dailyVolume: 90_000, volatility: 0.17, drift: 0.07, factors: indexLoadings.sp500 },
  { ticker: 'SPY5', name: 'SPDR S&P 500 UCITS ETF (Dist)', isin: 'IE00B6YX5C33', issuer: 'SPDR', benchmark: 'S&P 500', assetClass: 'equity', structure: 'etf', terBp: 3, replication: 'physical-full', distribution: 'distributing', fundCurrency: 'USD', kidUrl: spdr('IE00B6YX5C33'), anchor: '570.00', band: 5, dailyVolume: 10_000, volatility: 0.17, drift: 0.07, factors: indexLoadings.sp500 },
  { ticker: 'XD9U', name: 'Xtrackers MSCI USA UCITS ETF 1C', isin: 'IE00BJ0KDR00', issuer: 'Xtrackers', benchmark: 'MSCI USA', assetClass: 'equity', structure: 'etf', terBp: 7, replication: 'physical-full', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: xtrackers('IE00BJ0KDR00'), anchor: '165.00', band: 5, dailyVolume: 20_000, volatility: 0.17, drift: 0.07, factors: msciUsa },
  { ticker: 'CSNDX', name: 'iShares Nasdaq 100 UCITS ETF USD (Acc)', isin: 'IE00B53SZB19', issuer: 'iShares', benchmark: 'Nasdaq-100', assetClass: 'equity', structure: 'etf', terBp: 30, replication: 'physical-full', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: ishares('IE00B53SZB19'), anchor: '1150.00', band: 5, dailyVolume: 8_000, volatility: 0.22, drift: 0.08, factors: indexLoadings.nasdaq100 },
  { ticker: 'XMEU', name: 'Xtrackers MSCI Europe UCITS ETF 1C', isin: 'LU0274209237', issuer: 'Xtrackers', benchmark: 'MSCI Europe', assetClass: 'equity', structure: 'etf', terBp: 12, replication: 'physical-sampling', distribution: 'accumulating', fundCurrency: 'EUR', kidUrl: xtrackers('LU0274209237'), anchor: '96.00', band: 5, dailyVolume: 30_000, volatility: 0.16, drift: 0.05, factors: europe },
  { ticker: 'SMEA', name: 'iShares Core MSCI Europe UCITS ETF EUR (Acc)', isin: 'IE00B4K48X80', issuer: 'iShares', benchmark: 'MSCI Europe', assetClass: 'equity', structure: 'etf', terBp: 12, replication: 'physical-sampling', distribution: 'accumulating', fundCurrency: 'EUR', kidUrl: ishares('IE00B4K48X80'), anchor: '88.00', band: 5, dailyVolume: 40_000, volatility: 0.16, drift: 0.05, factors: europe },
  { ticker: 'EXSA', name: 'iShares STOXX Europe 600 UCITS ETF (DE)', isin: 'DE0002635307', issuer: 'iShares', benchmark: 'STOXX Europe 600', assetClass: 'equity', structure: 'etf', terBp: 20, replication: 'physical-full', distribution: 'distributing', fundCurrency: 'EUR', kidUrl: ishares('DE0002635307'), anchor: '55.00', band: 5, dailyVolume: 50_000, volatility: 0.16, drift: 0.05, factors: europe },
  { ticker: 'EIMI', name: 'iShares Core MSCI EM IMI UCITS ETF USD (Acc)', isin: 'IE00BKM4GZ66', issuer: 'iShares', benchmark: 'MSCI Emerging Markets IMI', assetClass: 'equity', structure: 'etf', terBp: 18, replication: 'physical-sampling', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: ishares('IE00BKM4GZ66'), anchor: '37.50', band: 5, dailyVolume: 250_000, volatility: 0.17, drift: 0.05, factors: emerging },
  { ticker: 'ETFMIB', name: 'Amundi FTSE MIB UCITS ETF Dist', isin: 'FR0010010827', issuer: 'Amundi', benchmark: 'FTSE MIB', assetClass: 'equity', structure: 'etf', terBp: 25, replication: 'physical-full', distribution: 'distributing', fundCurrency: 'EUR', kidUrl: amundi('FR0010010827'), anchor: '42.00', band: 5, dailyVolume: 150_000, volatility: 0.2, drift: 0.05, factors: indexLoadings.italy },
  { ticker: 'SEGA', name: 'iShares Core € Govt Bond UCITS ETF EUR (Dist)', isin: 'IE00B4WXJJ64', issuer: 'iShares', benchmark: 'Bloomberg Euro Treasury', assetClass: 'bond', structure: 'etf', terBp: 7, replication: 'physical-sampling', distribution: 'distributing', fundCurrency: 'EUR', kidUrl: ishares('IE00B4WXJJ64'), anchor: '117.00', band: 5, dailyVolume: 40_000, volatility: 0.06, drift: 0.025, factors: euroGovernment },
  { ticker: 'XGLE', name: 'Xtrackers II Eurozone Government Bond UCITS ETF 1C', isin: 'LU0290355717', issuer: 'Xtrackers', benchmark: 'iBoxx € Sovereigns Eurozone', assetClass: 'bond', structure: 'etf', terBp: 9, replication: 'physical-sampling', distribution: 'accumulating', fundCurrency: 'EUR', kidUrl: xtrackers('LU0290355717'), anchor: '232.00', band: 5, dailyVolume: 15_000, volatility: 0.06, drift: 0.025, factors: euroGovernment },
  { ticker: 'IEAC', name: 'iShares Core € Corp Bond UCITS ETF EUR (Dist)', isin: 'IE00B3F81R35', issuer: 'iShares', benchmark: 'Bloomberg Euro Corporate', assetClass: 'bond', structure: 'etf', terBp: 9, replication: 'physical-sampling', distribution: 'distributing', fundCurrency: 'EUR', kidUrl: ishares('IE00B3F81R35'), anchor: '123.00', band: 5, dailyVolume: 30_000, volatility: 0.05, drift: 0.03, factors: euroCorporate },
  { ticker: 'SGLN', name: 'iShares Physical Gold ETC', isin: 'IE00B4ND3602', issuer: 'iShares', benchmark: 'LBMA Gold Price', assetClass: 'commodity', structure: 'etc', terBp: 12, replication: 'physical-full', distribution: 'accumulating', fundCurrency: 'USD', kidUrl: ishares('IE00B4ND3602'), anchor: '72.00', band: 5, dailyVolume: 100_000, volatility: 0.16, drift: 0.04, factors: gold },
];

/** ETFplus quotes to 3 decimals at least, more where the tick needs it. */
const etfPriceScaleMin = 3;

function etfInstrument(r: EtfRow): Instrument {
  const tick = mifidTick(r.anchor, r.band);
  const priceScale = Math.max(etfPriceScaleMin, decimalsOf(tick));
  const tickSize = amountOf(tick, priceScale);
  const anchorPrice = amountOf(r.anchor, priceScale);
  if (anchorPrice % tickSize !== 0n)
    throw new Error(`catalogue: ${r.ticker} ${r.anchor} is off its ${tick} tick`);
  return {
    symbol: `${r.ticker}.MI`,
    name: r.name,
    kind: 'stock',
    isin: r.isin,
    country: 'IT',
    // ICB files open-end funds under Financial Services (Open End and Miscellaneous Investment Vehicles).
    sector: 'Financial Services',
    currency: 'EUR',
    baseAsset: null,
    calendar: 'XMIL',
    priceScale,
    tickSize,
    quantityScale: 0,
    lotSize: 1n,
    anchorPrice,
    volatility: r.volatility,
    drift: r.drift,
    factors: r.factors,
    assetClass: r.structure,
    averageDailyVolume: BigInt(r.dailyVolume),
    listed: true,
  };
}

/** The ETFs as instruments of the share path (kind 'stock', Borsa Italiana's calendar, euros). */
export const etfs: readonly Instrument[] = rows.map(etfInstrument);

/** Each ETF's facts, in catalogue order. */
export const etfFacts: readonly EtfFacts[] = rows.map(
  ({ anchor: _a, band: _b, dailyVolume: _d, volatility: _v, drift: _r, factors: _f, ...facts }) => ({
    ...facts,
    symbol: `${facts.ticker}.MI`,
  }),
);

const bySymbol = new Map(etfFacts.map((f) => [f.symbol, f]));

/** The facts of an ETF by its symbol; undefined for an instrument that is not an ETF. */
export function etfFactsOf(symbol: string): EtfFacts | undefined {
  return bySymbol.get(symbol);
}

/** The index factors an ETF is priced from, for tests and the report card. */
export function etfLoadingsOf(symbol: string): FactorLoadings | undefined {
  return rows.find((r) => `${r.ticker}.MI` === symbol)?.factors;
}
