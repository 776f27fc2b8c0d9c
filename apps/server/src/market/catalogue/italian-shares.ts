import type { Sector } from '@piazza/contract/sectors';
import type { Instrument } from '../instrument';
import { amountOf, decimalsOf } from './amount-literal';
import { loadingsFor } from './factor-loadings';
import { type LiquidityBand, mifidTick } from './tick-regime';

interface ItalianShare {
  /** Borsa Italiana's trading code: the symbol is `${ticker}.MI`. */
  ticker: string;
  name: string;
  isin: string;
  sector: Sector;
  /** Price in euros early in 2026, a multiple of the tick. */
  anchor: string;
  /** MiFID II liquidity band (average daily number of trades): sets the tick with the price. */
  band: LiquidityBand;
  /** Average shares traded a day. */
  dailyVolume: number;
  /** Yearly volatility of the price path. */
  volatility: number;
  /** Free-float shares, in millions: shares outstanding less strategic holdings (they weight the indices). */
  freeFloatMillions: number;
}

/**
 * The 40 FTSE MIB constituents after the review effective 23 March 2026 (Avio in for Banca Popolare di
 * Sondrio, merged into BPER; Fincantieri in for Interpump from 22 December 2025). Names, ISINs and sectors
 * (ICB supersectors) are the real ones; prices, volumes, volatilities and free floats are realistic, not
 * live.
 */
// biome-ignore format: a table reads best one row a line
const constituents: readonly ItalianShare[] = [
  { ticker: 'A2A', name: 'A2A', isin: 'IT0001233417', sector: 'Utilities', anchor: '2.35', band: 6, dailyVolume: 12_000_000, volatility: 0.22, freeFloatMillions: 1_400 },
  { ticker: 'AMP', name: 'Amplifon', isin: 'IT0004056880', sector: 'Health Care', anchor: '14.00', band: 5, dailyVolume: 1_200_000, volatility: 0.38, freeFloatMillions: 125 },
  { ticker: 'AVIO', name: 'Avio', isin: 'IT0005119810', sector: 'Industrial Goods and Services', anchor: '30.00', band: 4, dailyVolume: 400_000, volatility: 0.4, freeFloatMillions: 25 },
  { ticker: 'AZM', name: 'Azimut Holding', isin: 'IT0003261697', sector: 'Financial Services', anchor: '28.50', band: 5, dailyVolume: 700_000, volatility: 0.3, freeFloatMillions: 105 },
  { ticker: 'BMED', name: 'Banca Mediolanum', isin: 'IT0004776628', sector: 'Banks', anchor: '17.50', band: 5, dailyVolume: 1_300_000, volatility: 0.25, freeFloatMillions: 330 },
  { ticker: 'BMPS', name: 'Banca Monte dei Paschi di Siena', isin: 'IT0005508921', sector: 'Banks', anchor: '8.40', band: 6, dailyVolume: 28_000_000, volatility: 0.35, freeFloatMillions: 2_100 },
  { ticker: 'BAMI', name: 'Banco BPM', isin: 'IT0005218380', sector: 'Banks', anchor: '12.40', band: 6, dailyVolume: 9_000_000, volatility: 0.3, freeFloatMillions: 1_050 },
  { ticker: 'BPE', name: 'BPER Banca', isin: 'IT0000066123', sector: 'Banks', anchor: '11.00', band: 6, dailyVolume: 12_000_000, volatility: 0.32, freeFloatMillions: 1_500 },
  { ticker: 'BC', name: 'Brunello Cucinelli', isin: 'IT0004764699', sector: 'Consumer Products and Services', anchor: '95.00', band: 5, dailyVolume: 250_000, volatility: 0.33, freeFloatMillions: 31 },
  { ticker: 'BZU', name: 'Buzzi', isin: 'IT0001347308', sector: 'Construction and Materials', anchor: '47.00', band: 5, dailyVolume: 450_000, volatility: 0.28, freeFloatMillions: 86 },
  { ticker: 'CPR', name: 'Davide Campari-Milano', isin: 'NL0015435975', sector: 'Food, Beverage and Tobacco', anchor: '6.00', band: 6, dailyVolume: 5_000_000, volatility: 0.32, freeFloatMillions: 550 },
  { ticker: 'DIA', name: 'DiaSorin', isin: 'IT0003492391', sector: 'Health Care', anchor: '66.00', band: 5, dailyVolume: 250_000, volatility: 0.35, freeFloatMillions: 31 },
  { ticker: 'ENEL', name: 'Enel', isin: 'IT0003128367', sector: 'Utilities', anchor: '9.10', band: 6, dailyVolume: 25_000_000, volatility: 0.2, freeFloatMillions: 7_700 },
  { ticker: 'ENI', name: 'Eni', isin: 'IT0003132476', sector: 'Energy', anchor: '16.50', band: 6, dailyVolume: 12_000_000, volatility: 0.22, freeFloatMillions: 2_100 },
  { ticker: 'RACE', name: 'Ferrari', isin: 'NL0011585146', sector: 'Automobiles and Parts', anchor: '330.00', band: 5, dailyVolume: 450_000, volatility: 0.28, freeFloatMillions: 125 },
  { ticker: 'FCT', name: 'Fincantieri', isin: 'IT0005599938', sector: 'Industrial Goods and Services', anchor: '17.00', band: 5, dailyVolume: 1_500_000, volatility: 0.45, freeFloatMillions: 90 },
  { ticker: 'FBK', name: 'FinecoBank', isin: 'IT0000072170', sector: 'Banks', anchor: '21.00', band: 6, dailyVolume: 2_500_000, volatility: 0.25, freeFloatMillions: 610 },
  { ticker: 'G', name: 'Assicurazioni Generali', isin: 'IT0000062072', sector: 'Insurance', anchor: '34.00', band: 6, dailyVolume: 3_500_000, volatility: 0.18, freeFloatMillions: 1_050 },
  { ticker: 'HER', name: 'Hera', isin: 'IT0001250932', sector: 'Utilities', anchor: '4.30', band: 5, dailyVolume: 3_000_000, volatility: 0.2, freeFloatMillions: 740 },
  { ticker: 'ISP', name: 'Intesa Sanpaolo', isin: 'IT0000072618', sector: 'Banks', anchor: '5.60', band: 6, dailyVolume: 70_000_000, volatility: 0.24, freeFloatMillions: 16_000 },
  { ticker: 'INW', name: 'Infrastrutture Wireless Italiane', isin: 'IT0005090300', sector: 'Telecommunications', anchor: '9.00', band: 5, dailyVolume: 1_200_000, volatility: 0.22, freeFloatMillions: 280 },
  { ticker: 'IG', name: 'Italgas', isin: 'IT0005211237', sector: 'Utilities', anchor: '9.50', band: 5, dailyVolume: 2_500_000, volatility: 0.2, freeFloatMillions: 600 },
  { ticker: 'IVG', name: 'Iveco Group', isin: 'NL0015000LU4', sector: 'Industrial Goods and Services', anchor: '19.00', band: 5, dailyVolume: 2_000_000, volatility: 0.35, freeFloatMillions: 190 },
  { ticker: 'LDO', name: 'Leonardo', isin: 'IT0003856405', sector: 'Industrial Goods and Services', anchor: '50.00', band: 6, dailyVolume: 4_500_000, volatility: 0.38, freeFloatMillions: 400 },
  { ticker: 'LTMC', name: 'Lottomatica Group', isin: 'IT0005541336', sector: 'Travel and Leisure', anchor: '22.00', band: 5, dailyVolume: 900_000, volatility: 0.3, freeFloatMillions: 125 },
  { ticker: 'MB', name: 'Mediobanca', isin: 'IT0000062957', sector: 'Banks', anchor: '18.00', band: 6, dailyVolume: 4_000_000, volatility: 0.25, freeFloatMillions: 330 },
  { ticker: 'MONC', name: 'Moncler', isin: 'IT0004965148', sector: 'Consumer Products and Services', anchor: '55.00', band: 6, dailyVolume: 1_000_000, volatility: 0.3, freeFloatMillions: 205 },
  { ticker: 'NEXI', name: 'Nexi', isin: 'IT0005366767', sector: 'Industrial Goods and Services', anchor: '4.20', band: 6, dailyVolume: 5_000_000, volatility: 0.35, freeFloatMillions: 900 },
  { ticker: 'PST', name: 'Poste Italiane', isin: 'IT0003796171', sector: 'Insurance', anchor: '20.00', band: 6, dailyVolume: 2_500_000, volatility: 0.2, freeFloatMillions: 450 },
  { ticker: 'PRY', name: 'Prysmian', isin: 'IT0004176001', sector: 'Industrial Goods and Services', anchor: '90.00', band: 6, dailyVolume: 1_200_000, volatility: 0.32, freeFloatMillions: 280 },
  { ticker: 'REC', name: 'Recordati', isin: 'IT0003828271', sector: 'Health Care', anchor: '50.00', band: 5, dailyVolume: 350_000, volatility: 0.22, freeFloatMillions: 95 },
  { ticker: 'SPM', name: 'Saipem', isin: 'IT0005495657', sector: 'Energy', anchor: '2.40', band: 6, dailyVolume: 40_000_000, volatility: 0.4, freeFloatMillions: 1_370 },
  { ticker: 'SRG', name: 'Snam', isin: 'IT0003153415', sector: 'Utilities', anchor: '5.40', band: 6, dailyVolume: 10_000_000, volatility: 0.18, freeFloatMillions: 1_850 },
  { ticker: 'STLAM', name: 'Stellantis', isin: 'NL00150001Q9', sector: 'Automobiles and Parts', anchor: '9.50', band: 6, dailyVolume: 18_000_000, volatility: 0.38, freeFloatMillions: 1_730 },
  { ticker: 'STMMI', name: 'STMicroelectronics', isin: 'NL0000226223', sector: 'Technology', anchor: '22.00', band: 6, dailyVolume: 5_000_000, volatility: 0.45, freeFloatMillions: 650 },
  { ticker: 'TIT', name: 'Telecom Italia', isin: 'IT0003497168', sector: 'Telecommunications', anchor: '0.52', band: 6, dailyVolume: 150_000_000, volatility: 0.4, freeFloatMillions: 10_700 },
  { ticker: 'TEN', name: 'Tenaris', isin: 'LU0156801721', sector: 'Energy', anchor: '17.00', band: 6, dailyVolume: 3_000_000, volatility: 0.3, freeFloatMillions: 420 },
  { ticker: 'TRN', name: 'Terna', isin: 'IT0003242622', sector: 'Utilities', anchor: '8.80', band: 6, dailyVolume: 6_000_000, volatility: 0.17, freeFloatMillions: 1_400 },
  { ticker: 'UCG', name: 'UniCredit', isin: 'IT0005239360', sector: 'Banks', anchor: '70.00', band: 6, dailyVolume: 8_000_000, volatility: 0.3, freeFloatMillions: 1_550 },
  { ticker: 'UNI', name: 'Unipol Assicurazioni', isin: 'IT0004810054', sector: 'Insurance', anchor: '19.00', band: 5, dailyVolume: 2_000_000, volatility: 0.24, freeFloatMillions: 430 },
];

/** Italian shares quote to at least 3 decimals (as Borsa Italiana shows them), more when the tick needs it. */
const italianPriceScaleMin = 3;

function italianShare(s: ItalianShare): Instrument {
  const tick = mifidTick(s.anchor, s.band);
  const priceScale = Math.max(italianPriceScaleMin, decimalsOf(tick));
  const tickSize = amountOf(tick, priceScale);
  const anchorPrice = amountOf(s.anchor, priceScale);
  if (anchorPrice % tickSize !== 0n)
    throw new Error(`catalogue: ${s.ticker} ${s.anchor} is off its ${tick} tick`);
  return {
    symbol: `${s.ticker}.MI`,
    name: s.name,
    kind: 'stock',
    isin: s.isin,
    country: 'IT',
    sector: s.sector,
    currency: 'EUR',
    baseAsset: null,
    calendar: 'XMIL',
    priceScale,
    tickSize,
    quantityScale: 0,
    lotSize: 1n,
    anchorPrice,
    volatility: s.volatility,
    drift: 0.05,
    factors: loadingsFor({ kind: 'stock', country: 'IT', sector: s.sector }),
    freeFloatShares: s.freeFloatMillions * 1_000_000,
    averageDailyVolume: BigInt(s.dailyVolume),
    listed: true,
  };
}

export const italianShares: readonly Instrument[] = constituents.map(italianShare);
