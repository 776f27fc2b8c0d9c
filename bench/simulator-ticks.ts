/*
 * How many ticks the simulator makes a second on one core: quotes at successive seconds for every
 * instrument of the catalogue, at a time when Milan, New York, crypto and FX are all in session, as the
 * live publisher asks for them. Then the same with everything a subscribed instrument publishes each
 * second (quote, book, the last trades and the 1m candle in progress).
 *
 *   npx tsx bench/simulator-ticks.ts
 */
import { catalogue } from '../apps/server/src/market/catalogue/catalogue';
import { createSimulator } from '../apps/server/src/market/sim/simulator';

// Wednesday 18 November 2026, 15:00 UTC: 16:00 in Milan, 10:00 in New York.
const startMs = Date.parse('2026-11-18T15:00:00Z');
let nowMs = startMs;
const clock = { now: () => nowMs };

let t0 = performance.now();
const sim = createSimulator({ seed: 'bench', instruments: catalogue, clock });
const createMs = performance.now() - t0;

async function run(seconds: number, full: boolean): Promise<{ ticks: number; ms: number }> {
  let ticks = 0;
  const started = performance.now();
  for (let s = 0; s < seconds; s++) {
    nowMs = startMs + s * 1000;
    for (const instrument of catalogue) {
      await sim.quote(instrument.symbol, nowMs);
      if (full) {
        await sim.book(instrument.symbol, nowMs, 20);
        await sim.trades(instrument.symbol, nowMs, 20);
        await sim.candles(instrument.symbol, '1m', nowMs - 60_000, nowMs + 1, 1);
      }
      ticks++;
    }
  }
  return { ticks, ms: performance.now() - started };
}

// The first second builds each instrument's session path; warm up on it, then measure the steady state.
t0 = performance.now();
await run(1, false);
const firstSecondMs = performance.now() - t0;
const quotes = await run(600, false);
const full = await run(120, true);

const perSecond = (r: { ticks: number; ms: number }) => Math.round(r.ticks / (r.ms / 1000));
console.log(`instruments: ${catalogue.length}`);
console.log(`create: ${createMs.toFixed(0)} ms`);
console.log(
  `first second (daily models from 2015 and today’s minute paths, for all): ${firstSecondMs.toFixed(0)} ms`,
);
console.log(`quotes: ${quotes.ticks} in ${quotes.ms.toFixed(0)} ms = ${perSecond(quotes)} ticks/s`);
console.log(
  `quote + book(20) + trades(20) + 1m candle: ${full.ticks} in ${full.ms.toFixed(0)} ms = ${perSecond(full)} instrument-seconds/s`,
);
console.log(
  `one second of the whole catalogue, everything: ${((full.ms / full.ticks) * catalogue.length).toFixed(1)} ms`,
);
