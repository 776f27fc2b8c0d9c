import { type BarsBySymbol, commonLength, type Targets } from './strategy';

export interface VolatilityTargetParams {
  /** The basket's base weights (FTSE MIB, S&P 500 and bitcoin for the index tracker), summing to 1. */
  baseWeights: Readonly<Record<string, number>>;
  /** The annual volatility the book aims at, e.g. 0.10 for 10%. */
  targetVolatility: number;
  /** Bars of history the realised volatility is measured over. */
  lookback: number;
  /** Bars per year, to annualise (252 trading days; 365 when every instrument trades daily). */
  barsPerYear: number;
}

export const indexTrackerDefaults: VolatilityTargetParams = {
  baseWeights: { 'FTSEMIB.IDX': 0.45, 'SPX.IDX': 0.45, BTCUSDT: 0.1 },
  targetVolatility: 0.1,
  lookback: 20,
  barsPerYear: 252,
};

/**
 * A volatility-targeted index tracker: hold the basket at its base weights, scaled so that the basket's
 * realised volatility over the lookback would have been the target, never above fully invested. Before the
 * lookback has filled, it holds nothing (no figure to scale by).
 */
export function volatilityTarget(
  bars: BarsBySymbol,
  params: VolatilityTargetParams = indexTrackerDefaults,
): Targets {
  const symbols = Object.keys(params.baseWeights);
  const total = symbols.reduce((sum, s) => sum + (params.baseWeights[s] ?? 0), 0);
  if (Math.abs(total - 1) > 1e-9) throw new RangeError('base weights must sum to 1');
  const basket: Record<string, readonly { close: number }[]> = {};
  for (const s of symbols) {
    const series = bars[s];
    if (!series) throw new RangeError(`no bars for ${s}`);
    basket[s] = series;
  }
  const n = commonLength(bars);
  // The basket's return per bar at its base weights.
  const returns = Array.from({ length: n }, (_, i) =>
    i === 0
      ? 0
      : symbols.reduce((sum, s) => {
          const series = basket[s] ?? [];
          const prev = series[i - 1]?.close ?? 0;
          const now = series[i]?.close ?? 0;
          return sum + (params.baseWeights[s] ?? 0) * (prev > 0 ? now / prev - 1 : 0);
        }, 0),
  );
  return returns.map((_, i) => {
    if (i < params.lookback) return {};
    const window = returns.slice(i - params.lookback + 1, i + 1);
    const mean = window.reduce((a, b) => a + b, 0) / window.length;
    const variance = window.reduce((a, r) => a + (r - mean) ** 2, 0) / (window.length - 1);
    const realised = Math.sqrt(variance * params.barsPerYear);
    const scale = realised > 0 ? Math.min(1, params.targetVolatility / realised) : 1;
    const weights: Record<string, number> = {};
    for (const s of symbols) weights[s] = (params.baseWeights[s] ?? 0) * scale;
    return weights;
  });
}
