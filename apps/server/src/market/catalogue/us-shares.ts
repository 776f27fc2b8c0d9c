import type { Sector } from '@piazza/contract/sectors';
import type { Instrument } from '../instrument';
import { amountOf } from './amount-literal';
import { loadingsFor } from './factor-loadings';

interface UsShare {
  /** The ticker on Nasdaq or NYSE: the symbol is `${ticker}.US`. */
  ticker: string;
  name: string;
  isin: string;
  sector: Sector;
  /** Price in dollars early in 2026. */
  anchor: string;
  /** Average shares traded a day on the consolidated tape. */
  dailyVolume: number;
  volatility: number;
}

/** US large caps: real names, ISINs and sectors; realistic prices and volumes, not live ones. */
// biome-ignore format: a table reads best one row a line
const largeCaps: readonly UsShare[] = [
  { ticker: 'AAPL', name: 'Apple', isin: 'US0378331005', sector: 'Technology', anchor: '270.00', dailyVolume: 50_000_000, volatility: 0.26 },
  { ticker: 'MSFT', name: 'Microsoft', isin: 'US5949181045', sector: 'Technology', anchor: '480.00', dailyVolume: 20_000_000, volatility: 0.24 },
  { ticker: 'NVDA', name: 'NVIDIA', isin: 'US67066G1040', sector: 'Technology', anchor: '185.00', dailyVolume: 180_000_000, volatility: 0.5 },
  { ticker: 'AMZN', name: 'Amazon.com', isin: 'US0231351067', sector: 'Retail', anchor: '230.00', dailyVolume: 40_000_000, volatility: 0.32 },
  { ticker: 'GOOGL', name: 'Alphabet (Class A)', isin: 'US02079K3059', sector: 'Technology', anchor: '310.00', dailyVolume: 30_000_000, volatility: 0.3 },
  { ticker: 'META', name: 'Meta Platforms', isin: 'US30303M1027', sector: 'Technology', anchor: '650.00', dailyVolume: 12_000_000, volatility: 0.38 },
  { ticker: 'TSLA', name: 'Tesla', isin: 'US88160R1014', sector: 'Automobiles and Parts', anchor: '430.00', dailyVolume: 90_000_000, volatility: 0.6 },
  { ticker: 'AVGO', name: 'Broadcom', isin: 'US11135F1012', sector: 'Technology', anchor: '340.00', dailyVolume: 20_000_000, volatility: 0.45 },
  { ticker: 'AMD', name: 'Advanced Micro Devices', isin: 'US0079031078', sector: 'Technology', anchor: '215.00', dailyVolume: 40_000_000, volatility: 0.5 },
  { ticker: 'ORCL', name: 'Oracle', isin: 'US68389X1054', sector: 'Technology', anchor: '195.00', dailyVolume: 15_000_000, volatility: 0.42 },
  { ticker: 'NFLX', name: 'Netflix', isin: 'US64110L1061', sector: 'Media', anchor: '95.00', dailyVolume: 35_000_000, volatility: 0.35 },
  { ticker: 'JPM', name: 'JPMorgan Chase', isin: 'US46625H1005', sector: 'Banks', anchor: '320.00', dailyVolume: 9_000_000, volatility: 0.22 },
  { ticker: 'BAC', name: 'Bank of America', isin: 'US0605051046', sector: 'Banks', anchor: '54.00', dailyVolume: 35_000_000, volatility: 0.25 },
  { ticker: 'V', name: 'Visa', isin: 'US92826C8394', sector: 'Industrial Goods and Services', anchor: '345.00', dailyVolume: 7_000_000, volatility: 0.2 },
  { ticker: 'MA', name: 'Mastercard', isin: 'US57636Q1040', sector: 'Industrial Goods and Services', anchor: '570.00', dailyVolume: 3_000_000, volatility: 0.21 },
  { ticker: 'LLY', name: 'Eli Lilly', isin: 'US5324571083', sector: 'Health Care', anchor: '1050.00', dailyVolume: 3_000_000, volatility: 0.32 },
  { ticker: 'UNH', name: 'UnitedHealth Group', isin: 'US91324P1021', sector: 'Health Care', anchor: '330.00', dailyVolume: 8_000_000, volatility: 0.35 },
  { ticker: 'JNJ', name: 'Johnson & Johnson', isin: 'US4781601046', sector: 'Health Care', anchor: '205.00', dailyVolume: 7_000_000, volatility: 0.16 },
  { ticker: 'WMT', name: 'Walmart', isin: 'US9311421039', sector: 'Personal Care, Drug and Grocery Stores', anchor: '112.00', dailyVolume: 20_000_000, volatility: 0.2 },
  { ticker: 'COST', name: 'Costco Wholesale', isin: 'US22160K1051', sector: 'Personal Care, Drug and Grocery Stores', anchor: '900.00', dailyVolume: 2_000_000, volatility: 0.22 },
  { ticker: 'PG', name: 'Procter & Gamble', isin: 'US7427181091', sector: 'Personal Care, Drug and Grocery Stores', anchor: '145.00', dailyVolume: 7_000_000, volatility: 0.16 },
  { ticker: 'KO', name: 'Coca-Cola', isin: 'US1912161007', sector: 'Food, Beverage and Tobacco', anchor: '70.00', dailyVolume: 13_000_000, volatility: 0.15 },
  { ticker: 'XOM', name: 'Exxon Mobil', isin: 'US30231G1022', sector: 'Energy', anchor: '118.00', dailyVolume: 15_000_000, volatility: 0.24 },
  { ticker: 'HD', name: 'Home Depot', isin: 'US4370761029', sector: 'Retail', anchor: '350.00', dailyVolume: 3_500_000, volatility: 0.22 },
];

/** US shares trade in cents (Rule 612 sets a $0.01 tick above $1) and in whole shares. */
const usPriceScale = 2;

export const usShares: readonly Instrument[] = largeCaps.map((s) => ({
  symbol: `${s.ticker}.US`,
  name: s.name,
  kind: 'stock',
  isin: s.isin,
  country: 'US',
  sector: s.sector,
  currency: 'USD',
  baseAsset: null,
  calendar: 'XNYS',
  priceScale: usPriceScale,
  tickSize: 1n,
  quantityScale: 0,
  lotSize: 1n,
  anchorPrice: amountOf(s.anchor, usPriceScale),
  volatility: s.volatility,
  drift: 0.07,
  // Amazon trades as a technology name whatever its supersector says.
  factors: loadingsFor({
    kind: 'stock',
    country: 'US',
    sector: s.ticker === 'AMZN' ? 'Technology' : s.sector,
  }),
  averageDailyVolume: BigInt(s.dailyVolume),
  listed: true,
}));
