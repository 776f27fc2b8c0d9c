import { sma } from '../indicators/moving-average';
import { closesOf, type Signal } from './strategy';

export interface TrendFollowingParams {
  fastPeriod: number;
  slowPeriod: number;
}

export const trendFollowingDefaults: TrendFollowingParams = { fastPeriod: 20, slowPeriod: 50 };

/** Moving-average crossover: in while the fast SMA of closes is above the slow one, out otherwise. */
export function trendFollowing(params: TrendFollowingParams = trendFollowingDefaults): Signal {
  if (params.fastPeriod >= params.slowPeriod)
    throw new RangeError('the fast period must be below the slow one');
  return (bars) => {
    const closes = closesOf(bars);
    const fast = sma(closes, params.fastPeriod);
    const slow = sma(closes, params.slowPeriod);
    return closes.map((_, i) => {
      const f = fast[i];
      const s = slow[i];
      return f != null && s != null && f > s ? 1 : 0;
    });
  };
}
