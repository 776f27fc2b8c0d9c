import { mulDiv } from '../money';
import type { TradeScales } from './fills';

/*
 * Leveraged contracts on margin (DESIGN.md §7, ESMA's CFD measures): the initial margin a position needs,
 * its profit or loss at a mark, the equity of a contract account, the margin close-out at 50% of the
 * required margin, and negative-balance protection. Prices are the instrument's price minor units,
 * quantities its quantity minor units, and a position's entry is kept as its exact notional (Σ price ×
 * quantity of its fills, at priceScale + quantityScale decimals, as fills.ts gives it), so a position opened
 * across several book levels is valued without an averaged price. Money is the currency's minor units.
 */

export const contractSides = ['long', 'short'] as const;
export type ContractSide = (typeof contractSides)[number];

/** What a contract position is for its margin and P&L. */
export interface ContractPosition {
  side: ContractSide;
  /** Quantity minor units, positive. */
  quantity: bigint;
  /** Σ price × quantity at opening, in notional units (priceScale + quantityScale decimals). */
  entryNotional: bigint;
}

/**
 * The initial margin of a notional at a leverage: notional ÷ leverage in the currency's minor units, rounded
 * up, so the margin posted is never less than ESMA's initial margin protection (1/leverage of the exposure).
 */
export function initialMarginMinor(notional: bigint, leverage: number, scales: TradeScales): bigint {
  if (notional < 0n) throw new RangeError('initialMarginMinor: a notional is not negative');
  return mulDiv(
    notional,
    10n ** BigInt(scales.currencyScale),
    notionalDivisor(scales) * leverageOf(leverage),
    'ceil',
  );
}

/**
 * The most a margin opens at a price and leverage: the largest multiple of the lot whose initial margin is
 * within `marginMinor`. Zero when not even one lot fits.
 */
export function maxQuantityForMargin(
  marginMinor: bigint,
  leverage: number,
  price: bigint,
  lotSize: bigint,
  scales: TradeScales,
): bigint {
  if (price <= 0n || lotSize <= 0n) throw new RangeError('maxQuantityForMargin: price and lot are positive');
  if (marginMinor <= 0n) return 0n;
  // ceil(x) ≤ margin exactly when x ≤ margin, as the margin is whole: so q ≤ margin × leverage ÷ price in units.
  const quantity = mulDiv(
    marginMinor * leverageOf(leverage),
    notionalDivisor(scales),
    price * 10n ** BigInt(scales.currencyScale),
    'floor',
  );
  return (quantity / lotSize) * lotSize;
}

/**
 * A position's profit (positive) or loss (negative) at a mark price, in the currency's minor units:
 * quantity × mark − entry notional for a long, the opposite for a short. Rounded half to even, which is
 * symmetric, so a long and a short of the same position always show opposite figures and neither side
 * gains from the rounding (the same reasoning as fills.ts tradeValue).
 */
export function contractPnlMinor(position: ContractPosition, markPrice: bigint, scales: TradeScales): bigint {
  const move = markPrice * position.quantity - position.entryNotional;
  const signed = position.side === 'long' ? move : -move;
  return mulDiv(signed, 10n ** BigInt(scales.currencyScale), notionalDivisor(scales), 'halfEven');
}

/**
 * The equity of a contract account (ESMA: the funds in the CFD account plus the unrealised net P&L of its
 * open positions): its cash, counting margin posted for open positions, plus every position's P&L. The P&L
 * must already be in the account's currency.
 */
export function accountEquityMinor(cashMinor: bigint, pnlMinors: readonly bigint[]): bigint {
  return pnlMinors.reduce((sum, pnl) => sum + pnl, cashMinor);
}

/** The close-out threshold: 50% of the required margin, as basis points. */
export const closeOutLevelBp = 5000;

/**
 * Equity as a share of the required margin in basis points, rounded down (10000 is 100%), or null with no
 * margin required (no open position), when the level means nothing.
 */
export function marginLevelBp(equityMinor: bigint, requiredMarginMinor: bigint): bigint | null {
  if (requiredMarginMinor <= 0n) return null;
  return mulDiv(equityMinor, 10_000n, requiredMarginMinor, 'floor');
}

/**
 * Whether an account must be closed out: it has margin required and its equity has fallen to half of it
 * or below. ESMA's text reads "less than half"; DESIGN.md §7 closes out on reaching it, one minor unit
 * earlier, which only ever protects the investor's remaining equity sooner. Compared exactly, not on the
 * rounded margin level.
 */
export function isCloseOut(equityMinor: bigint, requiredMarginMinor: bigint): boolean {
  if (requiredMarginMinor <= 0n) return false;
  return equityMinor * 10_000n <= requiredMarginMinor * BigInt(closeOutLevelBp);
}

/** An open position as the close-out sees it: its P&L at the close-out price and the margin it requires. */
export interface CloseOutCandidate {
  pnlMinor: bigint;
  marginMinor: bigint;
}

/**
 * The positions to close, in order, to bring an account out of close-out: the largest loss first (ties: the
 * larger margin, then the order given), one at a time until equity is above half of what the rest require,
 * or all of them. Closing turns P&L into cash, so equity stays as it was and only the required margin
 * falls; the losing positions go first because they drive the account down, while its winners are kept.
 * Empty when the account is not in close-out.
 */
export function closeOutSelection<T extends CloseOutCandidate>(
  cashMinor: bigint,
  positions: readonly T[],
): T[] {
  const equity = accountEquityMinor(
    cashMinor,
    positions.map((p) => p.pnlMinor),
  );
  let required = positions.reduce((sum, p) => sum + p.marginMinor, 0n);
  const order = positions
    .map((position, index) => ({ position, index }))
    .sort(
      (a, b) =>
        compare(a.position.pnlMinor, b.position.pnlMinor) ||
        compare(b.position.marginMinor, a.position.marginMinor) ||
        a.index - b.index,
    );
  const chosen: T[] = [];
  for (const { position } of order) {
    if (!isCloseOut(equity, required)) break;
    chosen.push(position);
    required -= position.marginMinor;
  }
  return chosen;
}

/**
 * Negative-balance protection (ESMA: a retail client never loses more than the funds in the account): a
 * loss settled against what an account holds is paid up to that and the rest absorbed by the platform,
 * posted as such, so the account ends at zero instead of below it.
 */
export function coverLoss(
  availableMinor: bigint,
  lossMinor: bigint,
): { paidMinor: bigint; absorbedMinor: bigint } {
  if (lossMinor < 0n) throw new RangeError('coverLoss: a loss is not negative');
  const paidMinor = availableMinor <= 0n ? 0n : lossMinor < availableMinor ? lossMinor : availableMinor;
  return { paidMinor, absorbedMinor: lossMinor - paidMinor };
}

/**
 * The close-out price of one position, for an engine that watches prices rather than accounts: the tick at
 * which the account reaches close-out through this position's price alone, the rest of its equity
 * (`restEquityMinor`: cash plus the other positions' P&L) held as it is. For a long the highest tick at or
 * below which `isCloseOut` holds, for a short the lowest at or above which it does; null for a long no
 * positive price closes out, or with no margin required. Found from the closed form
 *     P* = (N·C + (R/2 − rest)·D) / (Q·C) for a long,   (N·C − (R/2 − rest)·D) / (Q·C) for a short,
 * (N entry notional, Q quantity, R required margin, C = 10^currencyScale, D = 10^(priceScale + quantityScale)),
 * then settled on the tick grid by `isCloseOut` itself, so the price and the rule never disagree, rounding
 * of the P&L included. It moves whenever the rest of the account does, so the engine recomputes it then.
 */
export function closeOutPrice(
  position: ContractPosition,
  restEquityMinor: bigint,
  requiredMarginMinor: bigint,
  scales: TradeScales,
  tickSize: bigint,
): bigint | null {
  if (tickSize <= 0n || position.quantity <= 0n)
    throw new RangeError('closeOutPrice: tick and quantity are positive');
  if (requiredMarginMinor <= 0n) return null;
  const closesOut = (price: bigint) =>
    isCloseOut(restEquityMinor + contractPnlMinor(position, price, scales), requiredMarginMinor);
  const c = 10n ** BigInt(scales.currencyScale);
  const d = notionalDivisor(scales);
  const shift = (requiredMarginMinor - 2n * restEquityMinor) * d;
  const base = 2n * position.entryNotional * c;
  const estimate = mulDiv(
    position.side === 'long' ? base + shift : base - shift,
    1n,
    2n * position.quantity * c,
    'floor',
  );
  // The P&L's rounding moves the boundary by at most half a minor unit's worth of price; a tick more is safe.
  const slack = mulDiv(d, 1n, c * position.quantity, 'ceil') + tickSize;
  const onGrid = (price: bigint) => {
    const ticks = mulDiv(price, 1n, tickSize, 'floor');
    return (ticks < 1n ? 1n : ticks) * tickSize;
  };
  if (position.side === 'long') {
    // Closes out below the boundary: find the highest grid price that does.
    if (!closesOut(tickSize)) return null;
    let yes = onGrid(estimate - slack);
    let step = slack;
    while (!closesOut(yes)) {
      yes = onGrid(yes - step);
      step *= 2n;
    }
    let no = onGrid(estimate + slack) + tickSize;
    step = slack;
    while (closesOut(no)) {
      no += onGrid(step);
      step *= 2n;
    }
    while (no - yes > tickSize) {
      const mid = yes + ((no - yes) / (2n * tickSize)) * tickSize;
      if (closesOut(mid)) yes = mid;
      else no = mid;
    }
    return yes;
  }
  // A short closes out above the boundary: find the lowest grid price that does.
  if (closesOut(tickSize)) return tickSize;
  let no = onGrid(estimate - slack);
  let step = slack;
  while (closesOut(no)) {
    no = onGrid(no - step);
    step *= 2n;
  }
  let yes = onGrid(estimate + slack) + tickSize;
  step = slack;
  while (!closesOut(yes)) {
    yes += onGrid(step);
    step *= 2n;
  }
  while (yes - no > tickSize) {
    const mid = no + ((yes - no) / (2n * tickSize)) * tickSize;
    if (closesOut(mid)) yes = mid;
    else no = mid;
  }
  return yes;
}

/**
 * Whether an account's free margin (equity less the margin its positions require) pays for opening a
 * position: its initial margin and its fee. The server opens by this rule, and the ticket's preview asks it
 * too, so the two cannot disagree.
 */
export function coversOpening(freeMarginMinor: bigint, marginMinor: bigint, feeMinor: bigint): boolean {
  return freeMarginMinor >= marginMinor + feeMinor;
}

/** The close-out price a position about to open would have, or why it has none. */
export type OpeningCloseOut =
  | { kind: 'price'; price: bigint }
  /** The free margin does not pay the margin and fee: the position does not open, so it has no close-out. */
  | { kind: 'marginShort' }
  /** No positive price closes the account out (a long whose account covers any fall). */
  | { kind: 'none' };

/**
 * The close-out price of a position as it opens, by the engine's own `closeOutPrice`: the account's equity
 * less the fee as the rest, the margin it then requires (its positions' and this one's). Asked only of a
 * position that opens (`coversOpening`): for one that does not, the account would be past close-out from
 * the start and `closeOutPrice` would answer a price on the wrong side of the entry (a long's above it).
 */
export function openingCloseOut(
  position: ContractPosition,
  account: { equityMinor: bigint; usedMarginMinor: bigint },
  cost: { marginMinor: bigint; feeMinor: bigint },
  scales: TradeScales,
  tickSize: bigint,
): OpeningCloseOut {
  const free = account.equityMinor - account.usedMarginMinor;
  if (!coversOpening(free, cost.marginMinor, cost.feeMinor)) return { kind: 'marginShort' };
  const price = closeOutPrice(
    position,
    account.equityMinor - cost.feeMinor,
    account.usedMarginMinor + cost.marginMinor,
    scales,
    tickSize,
  );
  return price === null ? { kind: 'none' } : { kind: 'price', price };
}

/** 10^(priceScale + quantityScale): a notional in these units divided by it is in whole currency units. */
export function notionalDivisor(scales: TradeScales): bigint {
  return 10n ** BigInt(scales.priceScale + scales.quantityScale);
}

function leverageOf(leverage: number): bigint {
  if (!Number.isSafeInteger(leverage) || leverage < 1) {
    throw new RangeError(`a leverage is a whole number of at least 1, not ${leverage}`);
  }
  return BigInt(leverage);
}

function compare(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
