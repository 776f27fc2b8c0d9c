import { mulDiv } from '../money';

/*
 * Trading fees (DESIGN.md §7: fees from operator configuration). A schedule per market charges a rate of
 * the trade's value, optionally a fixed amount per share, held between a minimum and a maximum. The fee is
 * owed per order, not per fill: an order that fills in five parts pays the minimum once.
 */

export interface FeeSchedule {
  /** Basis points of the trade's value, an integer: 19 is 0.19 %. */
  rateBp: number;
  /**
   * An amount per whole share (one unit at the instrument's quantity scale), in the currency with its own
   * decimals, since per-share prices go below a cent ($0.005 is { amount: 5n, scale: 3 }); null for none.
   */
  perShare: { amount: bigint; scale: number } | null;
  /** Currency minor units: what an order that fills pays at least. */
  minimum: bigint;
  /** Currency minor units: what an order pays at most; null for no cap. */
  maximum: bigint | null;
}

/** What an order has traded so far, the basis of its fee. */
export interface FeeBasis {
  /** The trade's value in currency minor units (fills.ts tradeValue). */
  value: bigint;
  /** Quantity minor units traded. */
  quantity: bigint;
}

/** The decimals of the instrument's quantities and of the currency the fee is paid in. */
export interface FeeScales {
  quantityScale: number;
  currencyScale: number;
}

/**
 * Suggested schedules for a fresh install, keyed by trading calendar: Borsa Italiana 0.19 % between
 * €2.95 and €19.00, as Italian online brokers charge; US shares $0.005 a share, at least $1.00, as US
 * brokers charge; crypto 0.10 % of the USDT value (scale 6), as exchanges charge takers, with no minimum.
 */
export const feeScheduleDefaults = {
  XMIL: { rateBp: 19, perShare: null, minimum: 295n, maximum: 1900n },
  XNYS: { rateBp: 0, perShare: { amount: 5n, scale: 3 }, minimum: 100n, maximum: null },
  CRYPTO: { rateBp: 10, perShare: null, minimum: 0n, maximum: null },
} as const satisfies Record<string, FeeSchedule>;

/** Throws when a schedule cannot be applied: a negative or fractional rate, a negative bound, min > max. */
export function checkFeeSchedule(schedule: FeeSchedule): void {
  const { rateBp, perShare, minimum, maximum } = schedule;
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) {
    throw new RangeError('a fee rate is whole basis points ≥ 0');
  }
  if (perShare && (perShare.amount < 0n || !Number.isInteger(perShare.scale) || perShare.scale < 0)) {
    throw new RangeError('a per-share fee is an amount ≥ 0 with a scale ≥ 0');
  }
  if (minimum < 0n) throw new RangeError('a minimum fee is ≥ 0');
  if (maximum !== null && maximum < minimum) throw new RangeError('a maximum fee is ≥ the minimum');
}

/**
 * The fee an order owes for what it has traded, in currency minor units: nothing while nothing has filled;
 * otherwise the rate of the value plus the per-share amount, computed exactly and rounded down, then held
 * between the minimum and the maximum. Rounded down, in the customer's favour, because the schedule a
 * person reads ("0.19 %") is the most they may be charged: a fraction of a cent is never rounded up into
 * a charge above it. (The price: a schedule with a rate and no minimum charges nothing below one minor
 * unit of fee, so an operator who sets no minimum accepts that orders split small enough pay nothing.)
 */
export function orderFee(schedule: FeeSchedule, basis: FeeBasis, scales: FeeScales): bigint {
  checkFeeSchedule(schedule);
  if (basis.value < 0n || basis.quantity < 0n) {
    throw new RangeError('orderFee: a traded value and quantity are ≥ 0');
  }
  if (basis.quantity === 0n) return 0n;
  // rate part: value × bp / 10 000; per-share part: amount × quantity × 10^currency / 10^(scale + quantity),
  // over one common denominator so the sum is rounded once.
  const perShareScale = schedule.perShare ? schedule.perShare.scale : 0;
  const shareDenominator = 10n ** BigInt(perShareScale + scales.quantityScale);
  const perShareNumerator = schedule.perShare
    ? schedule.perShare.amount * basis.quantity * 10n ** BigInt(scales.currencyScale) * 10_000n
    : 0n;
  const numerator = basis.value * BigInt(schedule.rateBp) * shareDenominator + perShareNumerator;
  const fee = mulDiv(numerator, 1n, 10_000n * shareDenominator, 'floor');
  const atLeast = fee < schedule.minimum ? schedule.minimum : fee;
  return schedule.maximum !== null && atLeast > schedule.maximum ? schedule.maximum : atLeast;
}

/**
 * The fee to post with one fill: the order's fee after it less the fee before it, so the fills of an
 * order together pay exactly orderFee of the whole (the minimum with the first, nothing past the cap).
 */
export function fillFee(schedule: FeeSchedule, before: FeeBasis, after: FeeBasis, scales: FeeScales): bigint {
  return orderFee(schedule, after, scales) - orderFee(schedule, before, scales);
}

/** What a buy costs: the value, the fee and their sum, all currency minor units. */
export interface BuyCost {
  value: bigint;
  fee: bigint;
  total: bigint;
}

/**
 * The cost preview of a buy ticket, and what a resting buy freezes when priced at its limit: a fill at or
 * below the limit never costs more, since the fee grows with the value.
 */
export function buyCost(schedule: FeeSchedule, basis: FeeBasis, scales: FeeScales): BuyCost {
  const fee = orderFee(schedule, basis, scales);
  return { value: basis.value, fee, total: basis.value + fee };
}

/** What a sale brings: the value, the fee and the value less the fee, all currency minor units. */
export interface SaleProceeds {
  value: bigint;
  fee: bigint;
  /** Below zero when the minimum fee exceeds a small sale's value: the seller then pays the difference. */
  net: bigint;
}

export function saleProceeds(schedule: FeeSchedule, basis: FeeBasis, scales: FeeScales): SaleProceeds {
  const fee = orderFee(schedule, basis, scales);
  return { value: basis.value, fee, net: basis.value - fee };
}
