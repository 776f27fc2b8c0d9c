/*
 * The statistics the simulator's report card is measured with (`npm run market:stats`, decision 034):
 * log returns, moments and correlations of daily closes. Plain population estimators, as the published
 * figures we compare with use.
 */

/** Log returns of consecutive closes. */
export function logReturns(closes: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) returns.push(Math.log(closes[i]! / closes[i - 1]!));
  return returns;
}

export function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

export function variance(xs: readonly number[]): number {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
}

/** Kurtosis (not excess): 3 for a normal, more for fat tails. */
export function kurtosis(xs: readonly number[]): number {
  const m = mean(xs);
  const v = variance(xs);
  return xs.reduce((s, x) => s + (x - m) ** 4, 0) / xs.length / (v * v);
}

export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  const mx = mean(xs.slice(0, n));
  const my = mean(ys.slice(0, n));
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Correlation of a series with itself `lag` steps earlier. */
export function autocorrelation(xs: readonly number[], lag = 1): number {
  return correlation(xs.slice(lag), xs.slice(0, xs.length - lag));
}

/** Lag-1 autocorrelation of squared returns: how much calm and stressed days cluster. */
export function volatilityClustering(returns: readonly number[]): number {
  const m = mean(returns);
  return autocorrelation(returns.map((r) => (r - m) ** 2));
}

/**
 * Returns of two close series over the dates both have, so markets with different holidays (Milan and
 * New York) are compared close to close on the same days. Keys are dates; values closes.
 */
export function alignedReturns(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
): [number[], number[]] {
  const common = [...a.keys()].filter((day) => b.has(day)).sort();
  return [logReturns(common.map((d) => a.get(d)!)), logReturns(common.map((d) => b.get(d)!))];
}

export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
