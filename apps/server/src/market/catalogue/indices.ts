import type { CalendarId } from '@piazza/contract/enums';
import type { FactorLoadings, Instrument } from '../instrument';
import { amountOf } from './amount-literal';
import { indexLoadings } from './factor-loadings';
import { italianShares } from './italian-shares';

interface IndexRow {
  symbol: string;
  name: string;
  country: string | null;
  currency: string;
  calendar: CalendarId;
  /** Level early in 2026, in points with 2 decimals. */
  anchor: string;
  volatility: number;
  /** A notional daily volume (shares of its members traded): indices themselves do not trade. */
  dailyVolume: number;
  /** How it moves: computed from its members in the catalogue, or driven by its factors. */
  moves: { members: readonly Instrument[] } | { factors: FactorLoadings };
}

// The catalogue holds the FTSE MIB's forty members, so both Italian indices are computed from them (the
// All-Share's other two hundred smaller names are not here). Their volatility is then what comes out.
const italian = { members: italianShares };

/**
 * The indices of DESIGN.md §6. European ones follow Borsa Italiana's calendar (Xetra and Eurex keep nearly
 * the same days and hours), US ones the NYSE's. Quoted in points, not tradable.
 */
// biome-ignore format: a table reads best one row a line
const rows: readonly IndexRow[] = [
  { symbol: 'FTSEMIB.IDX', name: 'FTSE MIB', country: 'IT', currency: 'EUR', calendar: 'XMIL', anchor: '45500.00', volatility: 0.18, dailyVolume: 600_000_000, moves: italian },
  { symbol: 'FTSEITALIASHARE.IDX', name: 'FTSE Italia All-Share', country: 'IT', currency: 'EUR', calendar: 'XMIL', anchor: '48100.00', volatility: 0.17, dailyVolume: 700_000_000, moves: italian },
  { symbol: 'DAX.IDX', name: 'DAX 40', country: 'DE', currency: 'EUR', calendar: 'XMIL', anchor: '24300.00', volatility: 0.17, dailyVolume: 90_000_000, moves: { factors: indexLoadings.germany } },
  { symbol: 'SX5E.IDX', name: 'Euro Stoxx 50', country: null, currency: 'EUR', calendar: 'XMIL', anchor: '5800.00', volatility: 0.17, dailyVolume: 300_000_000, moves: { factors: indexLoadings.europe } },
  { symbol: 'SPX.IDX', name: 'S&P 500', country: 'US', currency: 'USD', calendar: 'XNYS', anchor: '6900.00', volatility: 0.16, dailyVolume: 2_500_000_000, moves: { factors: indexLoadings.sp500 } },
  { symbol: 'NDX.IDX', name: 'Nasdaq 100', country: 'US', currency: 'USD', calendar: 'XNYS', anchor: '25500.00', volatility: 0.21, dailyVolume: 1_200_000_000, moves: { factors: indexLoadings.nasdaq100 } },
];

const indexPriceScale = 2;

export const indices: readonly Instrument[] = rows.map((r) => ({
  symbol: r.symbol,
  name: r.name,
  kind: 'index',
  isin: null,
  country: r.country,
  sector: null,
  currency: r.currency,
  baseAsset: null,
  calendar: r.calendar,
  priceScale: indexPriceScale,
  tickSize: 1n,
  quantityScale: 0,
  lotSize: 1n,
  anchorPrice: amountOf(r.anchor, indexPriceScale),
  volatility: r.volatility,
  drift: 0.05,
  averageDailyVolume: BigInt(r.dailyVolume),
  listed: true,
  ...('members' in r.moves
    ? { constituents: r.moves.members.map((m) => m.symbol), factors: indexLoadings.italy }
    : { factors: r.moves.factors }),
}));
