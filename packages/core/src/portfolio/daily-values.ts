import { applyRate, type Rate } from '../money';

/*
 * What an account was worth at each day's close: the holdings from its postings up to the day's end, each at
 * the last close known by then, converted to euros. Nothing is stored: the same postings and the same
 * prices give the same series (decision 058).
 */

/** A change of the user's balance in one asset, minor units, at the time of its journal entry. */
export interface HoldingChange {
  t: number;
  asset: string;
  deltaMinor: bigint;
}

/** A daily close of one asset in euros: how many EUR one unit is worth (a share's close × EUR per USD). */
export interface CloseInEur {
  t: number;
  rate: Rate;
}

export interface PricedAsset {
  scale: number;
  /** Ascending by time. EUR itself is priced by `eurRate` and needs none. */
  closes: readonly CloseInEur[];
}

export interface ValuedDay {
  t: number;
  valueMinor: bigint;
  /** Assets held that day with no close yet: left out of the value. */
  unvalued: string[];
}

/** One EUR is one EUR. */
export const eurRate: Rate = { num: 1n, den: 1n };

/** The product of two exact rates (a share's USD close times EUR per USD). */
export function rateTimes(a: Rate, b: Rate): Rate {
  return { num: a.num * b.num, den: a.den * b.den };
}

/** The rate the other way round (EUR per USD from USD per EUR). */
export function rateInverse(r: Rate): Rate {
  return { num: r.den, den: r.num };
}

/**
 * The value at each day's close, `dayStarts` ascending and `dayMs` long each, in EUR minor units at
 * `eurScale`, each asset rounded down once as the assets page does.
 */
export function dailyValues(input: {
  dayStarts: readonly number[];
  dayMs: number;
  changes: readonly HoldingChange[];
  prices: ReadonlyMap<string, PricedAsset>;
  eurScale: number;
}): ValuedDay[] {
  const changes = [...input.changes].sort((a, b) => a.t - b.t);
  const held = new Map<string, bigint>();
  const closeAt = new Map<string, number>();
  let next = 0;
  const out: ValuedDay[] = [];
  for (const start of input.dayStarts) {
    const end = start + input.dayMs;
    for (; next < changes.length && (changes[next] as HoldingChange).t < end; next++) {
      const c = changes[next] as HoldingChange;
      held.set(c.asset, (held.get(c.asset) ?? 0n) + c.deltaMinor);
    }
    let value = 0n;
    const unvalued: string[] = [];
    for (const [asset, minor] of held) {
      if (minor === 0n) continue;
      if (asset === 'EUR') {
        value += minor;
        continue;
      }
      const priced = input.prices.get(asset);
      const rate = priced ? lastCloseBefore(priced.closes, end, closeAt, asset) : undefined;
      if (!priced || !rate) {
        unvalued.push(asset);
        continue;
      }
      value += applyRate(minor, priced.scale, rate, input.eurScale, 'down');
    }
    out.push({ t: start, valueMinor: value, unvalued: unvalued.sort() });
  }
  return out;
}

/** The last close before `end`; `cursor` remembers where the previous day stopped, the days being ascending. */
function lastCloseBefore(
  closes: readonly CloseInEur[],
  end: number,
  cursor: Map<string, number>,
  asset: string,
): Rate | undefined {
  let i = cursor.get(asset) ?? -1;
  while (i + 1 < closes.length && (closes[i + 1] as CloseInEur).t < end) i++;
  cursor.set(asset, i);
  return i >= 0 ? (closes[i] as CloseInEur).rate : undefined;
}

/** The sum of flows in each day, aligned with `dayStarts`. */
export function dailyFlows(
  dayStarts: readonly number[],
  dayMs: number,
  flows: readonly { t: number; eurMinor: bigint }[],
): bigint[] {
  return dayStarts.map((start) =>
    flows.filter((f) => f.t >= start && f.t < start + dayMs).reduce((sum, f) => sum + f.eurMinor, 0n),
  );
}
