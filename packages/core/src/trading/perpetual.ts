import { mulDiv } from '../money';
import type { TradeScales } from './fills';
import {
  type ContractPosition,
  type ContractSide,
  contractPnlMinor,
  coverLoss,
  notionalDivisor,
} from './margin';

/*
 * USDT-margined perpetual contracts (issue 7, DESIGN.md §7), each position on its own isolated margin: a
 * linear contract whose P&L is quantity × (mark − entry) in USDT, liquidated when its margin plus P&L no
 * longer covers the maintenance margin and the fee of closing it, both charged on the value at the mark.
 *
 * Liquidation price. With Q the quantity, N = Q·E the entry notional, M the margin (initial plus any
 * added), m the maintenance rate and f the closing fee rate, a long is liquidated at a price P when
 *     M + Q·P − N ≤ (m + f)·Q·P,   so   P ≤ (N − M) / (Q·(1 − m − f)),
 * and a short when
 *     M + N − Q·P ≤ (m + f)·Q·P,   so   P ≥ (N + M) / (Q·(1 + m + f)).
 * With M = N/L at leverage L these are E·(1 − 1/L)/(1 − m − f) and E·(1 + 1/L)/(1 + m + f).
 * Worked example: a 2:1 long of 0.1 BTC at 95,000.00 USDT posts 4,750 USDT; with m = 0.50% and f = 0.05%
 * it is liquidated at or below (9,500 − 4,750) / (0.1 × 0.9945) = 47,762.6948… USDT. The price is rounded
 * to the tick away from the entry (47,762.69), so it is the first tick at which the rule above holds:
 * comparing a mark to it is exactly the margin rule, decided in integers with nothing rounded.
 */

/** A perpetual position on isolated margin. */
export interface PerpetualPosition extends ContractPosition {
  /** USDT minor units held for this position: the initial margin plus any margin added since. */
  marginMinor: bigint;
}

/** The rates of a coin's contract, in basis points (50 is 0.50%). */
export interface PerpetualRates {
  /** Share of the position's value at the mark that must stay covered. */
  maintenanceRateBp: number;
  /** The fee of the closing trade, a share of its value, which the margin must still cover. */
  closeFeeRateBp: number;
}

const bp = 10_000n;

/** The maintenance margin at a mark: value × maintenance rate, rounded up, in the currency's minor units. */
export function maintenanceMarginMinor(
  quantity: bigint,
  markPrice: bigint,
  maintenanceRateBp: number,
  scales: TradeScales,
): bigint {
  return mulDiv(
    quantity * markPrice * rateOf(maintenanceRateBp),
    10n ** BigInt(scales.currencyScale),
    notionalDivisor(scales) * bp,
    'ceil',
  );
}

/**
 * The liquidation price of a position in price minor units, a multiple of `tickSize`: the highest tick at
 * or below which a long is liquidated, the lowest at or above which a short is (formula above). Null for a
 * long so well margined that no positive price liquidates it (1:1, or more margin added than it needs).
 * A close at this price is covered by the margin whenever a tick is finer than the buffer left there,
 * (m + f) of the price: true of every listed coin by orders of magnitude; a coarser tick could step past
 * the margin, and negative-balance protection (settleClose) takes the rest.
 */
export function liquidationPrice(
  position: PerpetualPosition,
  rates: PerpetualRates,
  scales: TradeScales,
  tickSize: bigint,
): bigint | null {
  checkPosition(position);
  if (tickSize <= 0n) throw new RangeError('liquidationPrice: a tick is positive');
  const k = rateOf(rates.maintenanceRateBp) + rateOf(rates.closeFeeRateBp);
  if (k >= bp) throw new RangeError('liquidationPrice: maintenance and fee rates together are below 100%');
  // Both sides of the inequality times 10^(priceScale + quantityScale) × 10^currencyScale × 10,000, so that
  // margin (currency units) and notional (notional units) are compared as integers.
  const c = 10n ** BigInt(scales.currencyScale);
  const marginAsNotional = position.marginMinor * notionalDivisor(scales) * bp;
  const entry = position.entryNotional * c * bp;
  if (position.side === 'long') {
    const numerator = entry - marginAsNotional;
    if (numerator <= 0n) return null;
    const price = mulDiv(numerator, 1n, c * position.quantity * (bp - k), 'floor');
    const onTick = (price / tickSize) * tickSize;
    return onTick > 0n ? onTick : null;
  }
  const price = mulDiv(entry + marginAsNotional, 1n, c * position.quantity * (bp + k), 'ceil');
  return mulDiv(price, 1n, tickSize, 'ceil') * tickSize;
}

/** Whether a mark liquidates a position with this liquidation price: at or beyond it on the losing side. */
export function isLiquidated(side: ContractSide, liquidation: bigint | null, markPrice: bigint): boolean {
  if (liquidation === null) return false;
  return side === 'long' ? markPrice <= liquidation : markPrice >= liquidation;
}

/**
 * The margin rule itself, exactly: whether margin + P&L at the mark is at or below the maintenance margin
 * plus the closing fee, both on the value at the mark. For any mark on the tick grid this agrees with
 * `isLiquidated` at the `liquidationPrice`; the engine indexes the price, this states what it means.
 */
export function breachesMaintenance(
  position: PerpetualPosition,
  rates: PerpetualRates,
  markPrice: bigint,
  scales: TradeScales,
): boolean {
  checkPosition(position);
  const k = rateOf(rates.maintenanceRateBp) + rateOf(rates.closeFeeRateBp);
  const c = 10n ** BigInt(scales.currencyScale);
  const value = position.quantity * markPrice;
  const move = position.side === 'long' ? value - position.entryNotional : position.entryNotional - value;
  const marginBalance = position.marginMinor * notionalDivisor(scales) * bp + move * c * bp;
  return marginBalance <= k * value * c;
}

/** Unrealised P&L at the mark in USDT minor units, half to even as for every contract (margin.ts). */
export function unrealisedPnlMinor(
  position: PerpetualPosition,
  markPrice: bigint,
  scales: TradeScales,
): bigint {
  return contractPnlMinor(position, markPrice, scales);
}

/** What closing a position at a price settles, in the currency's minor units. */
export interface PerpetualSettlement {
  /** Realised P&L of the close, half to even. */
  pnlMinor: bigint;
  /** Margin + P&L − fee returned to the contract account; never negative. */
  returnedMinor: bigint;
  /** The fee actually collected: what the margin and P&L can still pay of `feeMinor`. */
  feePaidMinor: bigint;
  /**
   * The loss beyond the position's margin (a fill past the liquidation price), absorbed by the platform
   * under negative-balance protection, never taken from the rest of the account.
   */
  absorbedMinor: bigint;
}

/**
 * Settles a close (by the investor, TP/SL or liquidation) at an exit price with its fee: the margin and the
 * P&L pay the fee first, the rest returns to the account, and a shortfall is absorbed by the platform. A fee
 * the margin cannot pay is waived rather than absorbed: the platform does not pay itself.
 */
export function settleClose(
  position: PerpetualPosition,
  exitPrice: bigint,
  feeMinor: bigint,
  scales: TradeScales,
): PerpetualSettlement {
  checkPosition(position);
  if (feeMinor < 0n) throw new RangeError('settleClose: a fee is not negative');
  const pnlMinor = contractPnlMinor(position, exitPrice, scales);
  const balance = position.marginMinor + pnlMinor;
  if (balance < 0n) {
    const { absorbedMinor } = coverLoss(position.marginMinor, -pnlMinor);
    return { pnlMinor, returnedMinor: 0n, feePaidMinor: 0n, absorbedMinor };
  }
  const feePaidMinor = feeMinor < balance ? feeMinor : balance;
  return { pnlMinor, returnedMinor: balance - feePaidMinor, feePaidMinor, absorbedMinor: 0n };
}

function rateOf(rateBp: number): bigint {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) {
    throw new RangeError(`a rate is a whole number of basis points, not ${rateBp}`);
  }
  return BigInt(rateBp);
}

function checkPosition(position: PerpetualPosition): void {
  if (position.quantity <= 0n || position.entryNotional <= 0n || position.marginMinor < 0n) {
    throw new RangeError('a perpetual position has a positive quantity and entry, and a margin not negative');
  }
}
