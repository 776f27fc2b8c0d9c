import type { Instrument } from '../instrument';
import { amountOf, decimalsOf } from './amount-literal';
import { cryptoLoadings } from './factor-loadings';

interface CryptoPair {
  /** The coin: the symbol is `${base}USDT`. */
  base: string;
  name: string;
  /** Price in USDT early in 2026, written with exactly `priceScale` decimals (the tick is one unit of it). */
  anchor: string;
  /** Decimals of a quantity: the lot is one unit of it, as on the major exchanges. */
  quantityScale: number;
  /** Average coins traded a day against USDT. */
  dailyVolume: string;
  volatility: number;
  /** Loading on the crypto factor: bitcoin and ether move together (≈ 0.8), small coins more alone. */
  crypto: number;
}

/**
 * Pairs against USDT with the price tick and quantity step a major exchange uses for them (the tick is the
 * last decimal of the anchor); realistic prices and volumes, not live ones. Crypto trades around the clock.
 */
// biome-ignore format: a table reads best one row a line
const pairs: readonly CryptoPair[] = [
  { base: 'BTC', name: 'Bitcoin', anchor: '95000.00', quantityScale: 5, dailyVolume: '20000', volatility: 0.55, crypto: 0.88 },
  { base: 'ETH', name: 'Ethereum', anchor: '3300.00', quantityScale: 4, dailyVolume: '400000', volatility: 0.7, crypto: 0.9 },
  { base: 'SOL', name: 'Solana', anchor: '140.00', quantityScale: 3, dailyVolume: '3000000', volatility: 0.85, crypto: 0.8 },
  { base: 'XRP', name: 'XRP', anchor: '2.1000', quantityScale: 1, dailyVolume: '150000000', volatility: 0.8, crypto: 0.72 },
  { base: 'BNB', name: 'BNB', anchor: '880.00', quantityScale: 3, dailyVolume: '150000', volatility: 0.55, crypto: 0.78 },
  { base: 'ADA', name: 'Cardano', anchor: '0.4000', quantityScale: 1, dailyVolume: '150000000', volatility: 0.85, crypto: 0.78 },
  { base: 'DOGE', name: 'Dogecoin', anchor: '0.14000', quantityScale: 0, dailyVolume: '1000000000', volatility: 0.95, crypto: 0.7 },
  { base: 'TRX', name: 'TRON', anchor: '0.2900', quantityScale: 1, dailyVolume: '200000000', volatility: 0.55, crypto: 0.6 },
  { base: 'AVAX', name: 'Avalanche', anchor: '13.00', quantityScale: 2, dailyVolume: '1500000', volatility: 0.9, crypto: 0.78 },
  { base: 'LINK', name: 'Chainlink', anchor: '13.50', quantityScale: 2, dailyVolume: '2000000', volatility: 0.9, crypto: 0.78 },
  { base: 'DOT', name: 'Polkadot', anchor: '2.100', quantityScale: 2, dailyVolume: '5000000', volatility: 0.9, crypto: 0.76 },
  { base: 'LTC', name: 'Litecoin', anchor: '80.00', quantityScale: 3, dailyVolume: '300000', volatility: 0.75, crypto: 0.76 },
  { base: 'BCH', name: 'Bitcoin Cash', anchor: '550.0', quantityScale: 3, dailyVolume: '50000', volatility: 0.75, crypto: 0.74 },
  { base: 'SHIB', name: 'Shiba Inu', anchor: '0.00000850', quantityScale: 0, dailyVolume: '5000000000000', volatility: 1, crypto: 0.65 },
  { base: 'TON', name: 'Toncoin', anchor: '1.600', quantityScale: 2, dailyVolume: '5000000', volatility: 0.8, crypto: 0.6 },
  { base: 'XLM', name: 'Stellar', anchor: '0.23000', quantityScale: 0, dailyVolume: '150000000', volatility: 0.85, crypto: 0.7 },
  { base: 'ATOM', name: 'Cosmos', anchor: '2.500', quantityScale: 2, dailyVolume: '3000000', volatility: 0.9, crypto: 0.74 },
  { base: 'NEAR', name: 'NEAR Protocol', anchor: '1.700', quantityScale: 1, dailyVolume: '10000000', volatility: 0.95, crypto: 0.74 },
  { base: 'UNI', name: 'Uniswap', anchor: '5.500', quantityScale: 2, dailyVolume: '2000000', volatility: 0.95, crypto: 0.72 },
  { base: 'POL', name: 'Polygon', anchor: '0.1200', quantityScale: 1, dailyVolume: '50000000', volatility: 0.95, crypto: 0.72 },
];

function cryptoPair(p: CryptoPair): Instrument {
  const priceScale = decimalsOf(p.anchor);
  return {
    symbol: `${p.base}USDT`,
    name: p.name,
    kind: 'crypto',
    isin: null,
    country: null,
    sector: null,
    currency: 'USDT',
    baseAsset: p.base,
    calendar: 'CRYPTO',
    priceScale,
    tickSize: 1n,
    quantityScale: p.quantityScale,
    lotSize: 1n,
    anchorPrice: amountOf(p.anchor, priceScale),
    volatility: p.volatility,
    drift: 0,
    factors: cryptoLoadings(p.crypto, p.base === 'BTC' || p.base === 'ETH' ? 0.2 : 0.15),
    averageDailyVolume: amountOf(p.dailyVolume, p.quantityScale),
    listed: true,
  };
}

export const cryptoPairs: readonly Instrument[] = pairs.map(cryptoPair);
