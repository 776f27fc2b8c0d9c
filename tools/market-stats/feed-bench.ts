import { performance } from 'node:perf_hooks';
import { catalogue } from '../../apps/server/src/market/catalogue/catalogue';
import { createSimulator } from '../../apps/server/src/market/sim/simulator';

/*
 * `npx tsx tools/market-stats/feed-bench.ts`: how long the simulator takes for what the server asks of it
 * (decision 034 keeps it within twice the single-instrument model). Prints numbers; asserts nothing.
 */

const start = Date.parse('2026-11-18T15:00:00Z');
let now = start;
const sim = createSimulator({ seed: 'piazza', instruments: catalogue, clock: { now: () => now } });

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await run();
  console.log(`${label.padEnd(58)} ${(performance.now() - t0).toFixed(0).padStart(6)} ms`);
}

await timed('cold: first quote of every instrument (builds history)', async () => {
  for (const i of catalogue) await sim.quote(i.symbol, now);
});
await timed('live: 60 s of quote + book + trades, every instrument', async () => {
  for (let s = 0; s < 60; s++) {
    now = start + 1000 + s * 1000;
    for (const i of catalogue) {
      await sim.quote(i.symbol, now);
      await sim.book(i.symbol, now, 20);
      await sim.trades(i.symbol, now, 20);
    }
  }
});
await timed('live: the next 10 minutes, one tick a second (600 ticks)', async () => {
  for (let s = 0; s < 600; s++) {
    now = start + 61_000 + s * 1000;
    for (const i of catalogue) await sim.quote(i.symbol, now);
  }
});
await timed('chart: 30 days of 1m, FTSE MIB, ISP, AAPL, BTC', async () => {
  for (const symbol of ['FTSEMIB.IDX', 'ISP.MI', 'AAPL.US', 'BTCUSDT'])
    await sim.candles(symbol, '1m', now - 30 * 86_400_000, now, 100_000);
});
await timed('chart: 5 years of 1d, every instrument', async () => {
  for (const i of catalogue) await sim.candles(i.symbol, '1d', now - 5 * 365 * 86_400_000, now, 100_000);
});
await timed('chart: 1 year of 5m, ISP', async () => {
  await sim.candles('ISP.MI', '5m', now - 365 * 86_400_000, now, 100_000);
});
