import { formatAmount, mulDiv } from '../money';

/*
 * An account's performance from its daily values and the money that came in or went out (decision 058).
 * The return is time-weighted: each day's return is that day's close over the previous close plus the day's
 * deposits less withdrawals, and the days are chained. A deposit therefore moves the value but not the
 * return, and the chart of the growth of 1 stays flat through it. Profit in money is the change in value
 * less the net deposits of the window. Money stays in integer minor units; the growth of 1 is fixed-point
 * with 12 decimals (a ratio, not money), rounded to 6 on the way out.
 */

const indexScale = 12;
const indexOne = 10n ** BigInt(indexScale);

/** One day of the account, in EUR minor units. */
export interface AccountDay {
  /** Start of the day, epoch ms. */
  t: number;
  /** Worth at the day's close (for today: now). */
  valueMinor: bigint;
  /** Deposits (+) and withdrawals (−) of that day. */
  flowMinor: bigint;
}

export interface PerformancePoint {
  t: number;
  /** The growth of 1 invested at the window's start, 6 decimals ("1.020000" is +2 %). */
  growth: string;
  /** Profit since the window's start: value change less net deposits, EUR minor units. */
  pnlMinor: bigint;
}

export interface Performance {
  points: PerformancePoint[];
  /** Profit over the window, EUR minor units. */
  pnlMinor: bigint;
  /** Time-weighted return over the window as a fraction, 6 decimals ("0.020000" is +2 %). */
  returnFraction: string;
  /** Net deposits over the window. */
  flowMinor: bigint;
  /** False when nothing was invested on any day of the window: there is no return to show. */
  measured: boolean;
}

const sixDecimals = (fixed: bigint) => formatAmount(mulDiv(fixed, 1n, 10n ** 6n, 'halfEven'), 6);

/**
 * The performance of the days after `start` (the close before the window): a day whose previous close plus
 * flows is nothing (an empty account) adds no return.
 */
export function performanceOf(
  start: Pick<AccountDay, 't' | 'valueMinor'>,
  days: readonly AccountDay[],
): Performance {
  let growth = indexOne;
  let previous = start.valueMinor;
  let flows = 0n;
  let measured = false;
  const points: PerformancePoint[] = [{ t: start.t, growth: sixDecimals(growth), pnlMinor: 0n }];
  for (const day of days) {
    const invested = previous + day.flowMinor;
    if (invested > 0n) {
      growth = mulDiv(growth, day.valueMinor, invested, 'halfEven');
      measured = true;
    }
    flows += day.flowMinor;
    previous = day.valueMinor;
    points.push({
      t: day.t,
      growth: sixDecimals(growth),
      pnlMinor: day.valueMinor - start.valueMinor - flows,
    });
  }
  return {
    points,
    pnlMinor: previous - start.valueMinor - flows,
    returnFraction: sixDecimals(growth - indexOne),
    flowMinor: flows,
    measured,
  };
}

/**
 * At most `limit` points of a series for a small chart: the first and the last always, evenly between. The
 * figures are computed on every day before thinning; only the drawing is coarser.
 */
export function thinned<T>(points: readonly T[], limit: number): T[] {
  if (points.length <= limit || limit < 2) return [...points];
  const out: T[] = [];
  for (let i = 0; i < limit; i++) {
    out.push(points[Math.round((i * (points.length - 1)) / (limit - 1))] as T);
  }
  return out;
}
