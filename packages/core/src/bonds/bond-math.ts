/*
 * Government bonds (BTP, BOT; issue 20): coupon dates, accrued interest by ACT/ACT ICMA, and yields. Days are
 * day numbers (days since 1970-01-01); nominal and cash amounts minor units; coupon rates basis points a year;
 * prices per cent of par are display figures (numbers), as the market quotes them.
 */

export interface Bond {
  /** Annual coupon in basis points (0 for a BOT). */
  couponBasisPoints: number;
  /** Coupons a year: 2 for BTPs, 0 for zero-coupon BOTs. */
  frequency: 0 | 1 | 2 | 4;
  maturityDay: number;
  /** The day interest starts to run (issue date), before the first coupon. */
  issueDay: number;
}

const msPerDay = 86_400_000;

/** The same day of the month `months` earlier, or the month's last day where it has no such day. */
function monthsBefore(day: number, months: number, dayOfMonth: number): number {
  const date = new Date(day * msPerDay);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(dayOfMonth, lastDay)) / msPerDay;
}

/** Coupon days from the first after the issue to maturity, counted back from maturity. */
export function couponDays(bond: Bond): number[] {
  if (bond.frequency === 0) return [bond.maturityDay];
  const step = 12 / bond.frequency;
  const dayOfMonth = new Date(bond.maturityDay * msPerDay).getUTCDate();
  const days: number[] = [];
  for (let k = 0; ; k++) {
    const day = k === 0 ? bond.maturityDay : monthsBefore(bond.maturityDay, k * step, dayOfMonth);
    if (day <= bond.issueDay) break;
    days.unshift(day);
  }
  return days;
}

/** The coupon period a settlement day falls in: [start, end), start being the issue day or the last coupon. */
export function couponPeriod(bond: Bond, settlementDay: number): { start: number; end: number } {
  const days = couponDays(bond);
  let start = bond.issueDay;
  for (const end of days) {
    if (settlementDay < end) return { start, end };
    start = end;
  }
  throw new RangeError('the bond has matured');
}

/** The coupon paid on each coupon day for a nominal: nominal × rate ÷ frequency, rounded half up. */
export function couponMinor(bond: Bond, nominalMinor: bigint): bigint {
  if (bond.frequency === 0) return 0n;
  const denominator = 10_000n * BigInt(bond.frequency);
  return (nominalMinor * BigInt(bond.couponBasisPoints) * 2n + denominator) / (denominator * 2n);
}

/**
 * Accrued interest at settlement, ACT/ACT ICMA: the period's coupon × days run ÷ days in the period, rounded
 * half up. (A first period longer or shorter than regular is counted over its real days too.)
 */
export function accruedInterestMinor(bond: Bond, nominalMinor: bigint, settlementDay: number): bigint {
  if (bond.frequency === 0) return 0n;
  const { start, end } = couponPeriod(bond, settlementDay);
  const run = BigInt(settlementDay - start);
  const length = BigInt(end - start);
  const denominator = 10_000n * BigInt(bond.frequency) * length;
  return (nominalMinor * BigInt(bond.couponBasisPoints) * run * 2n + denominator) / (denominator * 2n);
}

/** Cash flows per 100 of par still to come after settlement: coupons and the redemption at maturity. */
function flowsPer100(
  bond: Bond,
  settlementDay: number,
  couponTaxRate: number,
): { day: number; amount: number }[] {
  const coupon = bond.frequency === 0 ? 0 : bond.couponBasisPoints / 100 / bond.frequency;
  return couponDays(bond)
    .filter((day) => day > settlementDay)
    .map((day) => ({
      day,
      amount: coupon * (1 - couponTaxRate) + (day === bond.maturityDay ? 100 : 0),
    }));
}

/**
 * The annual yield to maturity (effective, compounding yearly over ACT/365 times, as Italian issuers quote
 * the "rendimento effettivo") of a bond bought at `cleanPrice` per cent of par plus accrued interest. The
 * net yield takes the tax rate off each coupon, off the accrued interest paid and off the gain at
 * redemption above the price paid.
 */
export function yieldToMaturity(
  bond: Bond,
  cleanPrice: number,
  settlementDay: number,
  opts: { taxRate?: number } = {},
): number {
  const taxRate = opts.taxRate ?? 0;
  if (!(cleanPrice > 0)) throw new RangeError('a price is above zero');
  const accrued = Number(accruedInterestMinor(bond, 1_000_000n, settlementDay)) / 10_000;
  // An investor buying on MOT pays the accrued interest net of the tax the seller owes on it.
  const paid = cleanPrice + accrued * (1 - taxRate);
  const flows = flowsPer100(bond, settlementDay, taxRate);
  const last = flows.at(-1);
  if (!last) throw new RangeError('the bond has matured');
  // The redemption gain over the (clean) price is taxed at maturity too.
  if (taxRate > 0 && cleanPrice < 100) last.amount -= (100 - cleanPrice) * taxRate;
  const value = (y: number) =>
    flows.reduce((sum, f) => sum + f.amount * (1 + y) ** (-(f.day - settlementDay) / 365), 0) - paid;
  let low = -0.99;
  let high = 1;
  while (value(high) > 0) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (value(mid) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The full (dirty) price per 100 of par that yields `annualYield` to maturity, compounding as
 * `yieldToMaturity` does (effective yearly over ACT/365 times): the present value of the coupons and the
 * redemption still to come. `cleanPriceAt` takes the accrued interest off it.
 */
export function dirtyPriceAt(bond: Bond, annualYield: number, settlementDay: number): number {
  const flows = flowsPer100(bond, settlementDay, 0);
  if (flows.length === 0) throw new RangeError('the bond has matured');
  return flows.reduce((sum, f) => sum + f.amount * (1 + annualYield) ** (-(f.day - settlementDay) / 365), 0);
}

/** The clean price per 100 of par (what MOT quotes) that yields `annualYield` to maturity. */
export function cleanPriceAt(bond: Bond, annualYield: number, settlementDay: number): number {
  const accrued = Number(accruedInterestMinor(bond, 1_000_000n, settlementDay)) / 10_000;
  return dirtyPriceAt(bond, annualYield, settlementDay) - accrued;
}

/** A Nelson–Siegel yield curve: the long rate, the short end's difference from it, the hump and its place. */
export interface YieldCurve {
  level: number;
  slope: number;
  curvature: number;
  /** Years at which the hump peaks. */
  tau: number;
}

/** The curve's yield at a maturity in years (the limit at 0 is level + slope). */
export function curveYield(curve: YieldCurve, years: number): number {
  const x = Math.max(years, 1e-6) / curve.tau;
  const loading = (1 - Math.exp(-x)) / x;
  return curve.level + curve.slope * loading + curve.curvature * (loading - Math.exp(-x));
}

/**
 * The cost of buying (or the proceeds of selling) `nominalMinor` at a clean price in thousandths of a
 * point of par (101.235 is 101_235): the clean amount, rounded half up to the cent, and the accrued interest.
 */
export function tradeAmounts(
  bond: Bond,
  nominalMinor: bigint,
  cleanPriceMilli: bigint,
  settlementDay: number,
): { clean: bigint; accrued: bigint; total: bigint } {
  const clean = (nominalMinor * cleanPriceMilli * 2n + 100_000n) / 200_000n;
  const accrued = accruedInterestMinor(bond, nominalMinor, settlementDay);
  return { clean, accrued, total: clean + accrued };
}

/**
 * Tax withheld at a rate in basis points (1250 for 12.5%) on a positive amount, rounded half up to the
 * cent; nothing on a loss.
 */
export function withheldMinor(amountMinor: bigint, rateBp: number): bigint {
  if (amountMinor <= 0n) return 0n;
  return (amountMinor * BigInt(rateBp) * 2n + 10_000n) / 20_000n;
}
