/*
 * Time to answer one year of 1-minute data aggregated to 1h, for a Milan share and for BTCUSDT, from a
 * fresh simulator (every minute computed from the hash: a scan this long bypasses the day cache); next to
 * the same aggregation over the year's 1m candles precomputed in plain arrays, as a store would hold them.
 * Medians of 5 runs.
 *
 *   npx tsx bench/simulator-aggregate.ts
 */
import { catalogue } from '../apps/server/src/market/catalogue/catalogue';
import type { Candle } from '../apps/server/src/market/feed';
import { createSimulator } from '../apps/server/src/market/sim/simulator';

const nowMs = Date.parse('2026-11-20T16:00:00Z');
const clock = { now: () => nowMs };
const fromMs = nowMs - 365 * 86_400_000;
const hourMs = 3_600_000;
const runs = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The year's minutes as columns, with each minute's session open, as a table in a store would have them. */
interface MinuteColumns {
  time: Float64Array;
  sessionOpen: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

function toColumns(minutes: Candle[], sessionOpenOf: (time: number) => number): MinuteColumns {
  const n = minutes.length;
  const c: MinuteColumns = {
    time: new Float64Array(n),
    sessionOpen: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  minutes.forEach((m, i) => {
    c.time[i] = m.time;
    c.sessionOpen[i] = sessionOpenOf(m.time);
    c.open[i] = Number(m.open);
    c.high[i] = Number(m.high);
    c.low[i] = Number(m.low);
    c.close[i] = Number(m.close);
    c.volume[i] = Number(m.volume);
  });
  return c;
}

function aggregateColumns(c: MinuteColumns): Candle[] {
  const out: Candle[] = [];
  let i = 0;
  while (i < c.time.length) {
    const bucket = c.sessionOpen[i]! + Math.floor((c.time[i]! - c.sessionOpen[i]!) / hourMs) * hourMs;
    let high = c.high[i]!;
    let low = c.low[i]!;
    let volume = 0;
    let j = i;
    for (; j < c.time.length && c.time[j]! < bucket + hourMs && c.sessionOpen[j] === c.sessionOpen[i]; j++) {
      if (c.high[j]! > high) high = c.high[j]!;
      if (c.low[j]! < low) low = c.low[j]!;
      volume += c.volume[j]!;
    }
    out.push({
      time: bucket,
      open: BigInt(c.open[i]!),
      high: BigInt(high),
      low: BigInt(low),
      close: BigInt(c.close[j - 1]!),
      volume: BigInt(volume),
    });
    i = j;
  }
  return out;
}

for (const symbol of ['ENI.MI', 'BTCUSDT']) {
  const instrument = catalogue.find((i) => i.symbol === symbol)!;
  const simulated: number[] = [];
  let hours: Candle[] = [];
  for (let r = 0; r < runs; r++) {
    const sim = createSimulator({ seed: 'bench', instruments: [instrument], clock });
    const t0 = performance.now();
    hours = await sim.candles(symbol, '1h', fromMs, nowMs, 100_000);
    simulated.push(performance.now() - t0);
  }

  const sim = createSimulator({ seed: 'bench', instruments: [instrument], clock });
  const minutes = await sim.candles(symbol, '1m', fromMs, nowMs, 1_000_000);
  const days = await sim.candles(symbol, '1d', fromMs - 86_400_000, nowMs, 1_000);
  const opens = days.map((d) => d.time);
  const sessionOpenOf = (time: number) => {
    let lo = 0;
    let hi = opens.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (opens[mid]! <= time) lo = mid;
      else hi = mid - 1;
    }
    return opens[lo]!;
  };
  const columns = toColumns(minutes, sessionOpenOf);
  const reference: number[] = [];
  let referenceHours: Candle[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    referenceHours = aggregateColumns(columns);
    reference.push(performance.now() - t0);
  }
  const same =
    JSON.stringify(referenceHours, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ===
    JSON.stringify(hours, (_k, v) => (typeof v === 'bigint' ? String(v) : v));

  console.log(
    `${symbol}: ${minutes.length} minutes → ${hours.length} hourly candles; ` +
      `simulator ${median(simulated).toFixed(0)} ms; ` +
      `precomputed arrays ${median(reference).toFixed(1)} ms; same candles: ${same}`,
  );
}
