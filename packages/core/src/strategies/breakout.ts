import type { Signal } from './strategy';

export interface BreakoutParams {
  /** Enter when the close passes the highest high of this many bars before it. */
  entryPeriod: number;
  /** Exit when the close falls under the lowest low of this many bars before it. */
  exitPeriod: number;
}

export const breakoutDefaults: BreakoutParams = { entryPeriod: 20, exitPeriod: 10 };

function extreme(values: number[], end: number, period: number, pick: (a: number, b: number) => number) {
  let out = values[end - period] as number;
  for (let j = end - period + 1; j < end; j++) out = pick(out, values[j] as number);
  return out;
}

/** Donchian channel breakout (the turtles' rule): in on a new N-bar high, out on a new M-bar low. */
export function breakout(params: BreakoutParams = breakoutDefaults): Signal {
  const { entryPeriod, exitPeriod } = params;
  if (!Number.isInteger(entryPeriod) || !Number.isInteger(exitPeriod) || entryPeriod < 1 || exitPeriod < 1) {
    throw new RangeError('breakout periods must be positive integers');
  }
  return (bars) => {
    const highs = bars.map((b) => b.high);
    const lows = bars.map((b) => b.low);
    let holding = false;
    return bars.map((bar, i) => {
      if (!holding && i >= entryPeriod && bar.close > extreme(highs, i, entryPeriod, Math.max))
        holding = true;
      else if (holding && i >= exitPeriod && bar.close < extreme(lows, i, exitPeriod, Math.min))
        holding = false;
      return holding ? 1 : 0;
    });
  };
}
