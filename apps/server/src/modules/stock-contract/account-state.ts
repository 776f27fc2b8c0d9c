import { formatAmount, mulDiv } from '@piazza/core/money';
import type { TradeScales } from '@piazza/core/trading/fills';
import {
  accountEquityMinor,
  closeOutPrice,
  contractPnlMinor,
  isCloseOut,
  marginLevelBp,
} from '@piazza/core/trading/margin';
import type { Instrument } from '../../market/instrument';
import { quoteOrNull } from '../../market/market-service';
import type { Services } from '../../services';
import type { ContractRow } from './contract-rows';

/*
 * A contract account as ESMA reads it (DESIGN.md §7): its cash (the `contract` balance, margin included),
 * each open position's P&L at its mark (the last trade), the equity (cash + P&L), the margin its positions
 * require (Σ initial margin) and whether it is at close-out (equity ≤ 50% of that). Each position's
 * close-out price is where the account reaches close-out through that position's price alone, the rest of
 * the account held at its marks: that is how the per-account rule becomes one trigger price per position.
 */

export interface MarkedPosition {
  row: ContractRow;
  instrument: Instrument;
  scales: TradeScales;
  /** The last trade, or null when the feed cannot answer (the position then counts no P&L). */
  mark: bigint | null;
  pnl: bigint;
  closeOutPrice: bigint | null;
}

export interface AccountState {
  currency: string;
  currencyScale: number;
  balance: bigint;
  positions: MarkedPosition[];
  required: bigint;
  equity: bigint;
  closeOut: boolean;
}

export function scalesOf(instrument: Instrument, currencyScale: number): TradeScales {
  return { priceScale: instrument.priceScale, quantityScale: instrument.quantityScale, currencyScale };
}

/** The last trade of each symbol now; null for one the feed cannot answer. */
export async function marksOf(
  services: Services,
  symbols: Iterable<string>,
  nowMs: number,
): Promise<Map<string, bigint | null>> {
  const marks = new Map<string, bigint | null>();
  for (const symbol of new Set(symbols)) {
    marks.set(symbol, (await quoteOrNull(services.market, symbol, nowMs))?.last ?? null);
  }
  return marks;
}

/** Values an account's open positions at the marks given. */
export function accountState(
  services: Services,
  input: {
    currency: string;
    currencyScale: number;
    balance: bigint;
    rows: readonly ContractRow[];
    marks: ReadonlyMap<string, bigint | null>;
  },
): AccountState {
  const { currencyScale, balance } = input;
  const positions: MarkedPosition[] = input.rows.map((row) => {
    const instrument = services.market.instrument(row.symbol);
    if (!instrument)
      throw new Error(`contract ${row.id} is on ${row.symbol}, which the market no longer lists`);
    const scales = scalesOf(instrument, currencyScale);
    const mark = input.marks.get(row.symbol) ?? null;
    const pnl = mark === null ? 0n : contractPnlMinor(row, mark, scales);
    return { row, instrument, scales, mark, pnl, closeOutPrice: null };
  });
  const required = positions.reduce((sum, p) => sum + p.row.margin, 0n);
  const equity = accountEquityMinor(
    balance,
    positions.map((p) => p.pnl),
  );
  for (const p of positions) {
    p.closeOutPrice = closeOutPrice(p.row, equity - p.pnl, required, p.scales, p.instrument.tickSize);
  }
  return {
    currency: input.currency,
    currencyScale,
    balance,
    positions,
    required,
    equity,
    closeOut: isCloseOut(equity, required),
  };
}

/** The account summary the app shows: amounts as decimals, the margin level as a percentage. */
export function accountView(s: AccountState) {
  const money = (v: bigint) => formatAmount(v, s.currencyScale);
  const level = marginLevelBp(s.equity, s.required);
  return {
    currency: s.currency,
    balance: money(s.balance),
    equity: money(s.equity),
    usedMargin: money(s.required),
    freeMargin: money(s.equity - s.required),
    marginLevel: level === null ? null : formatAmount(level, 2),
    closeOutLevel: '50.00',
    openPositions: s.positions.length,
  };
}

/** The free margin of an account: equity less what its positions require (may be negative). */
export function freeMargin(s: AccountState): bigint {
  return s.equity - s.required;
}

/** A position's P&L over its whole life in money, from the exact notionals (close − entry for a long). */
export function realisedPnl(row: ContractRow, closeNotional: bigint, scales: TradeScales): bigint {
  const move = closeNotional - row.entryNotional;
  return mulDiv(
    row.side === 'long' ? move : -move,
    10n ** BigInt(scales.currencyScale),
    10n ** BigInt(scales.priceScale + scales.quantityScale),
    'halfEven',
  );
}
