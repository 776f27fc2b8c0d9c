/*
 * Liquidation checks per tick with 100,000 open perpetual positions (issue 7, decision 017): the liquidation
 * engine's TriggerIndex (apps/server/src/modules/coin-contract/liquidation-engine.ts arms one `at-or-below` trigger per
 * long, one `at-or-above` per short, at the price perpetual.ts liquidationPrice gives), next to a full scan
 * that checks every position against its coin's last price on every tick — what an engine without an index
 * would do. Same positions, same feed, same run.
 *
 * 100,000 positions over the 20 crypto pairs of the catalogue, long or short, 1:1 or 2:1, opened at 60–140 %
 * of the anchor price; each tick moves one coin's last price (±2 % a step, so liquidations happen). A liquidated
 * position is replaced by a fresh one opened at the new price, so 100,000 stay open; the replacement depends
 * only on (position, tick), so both methods see the same book and must liquidate the same positions, which
 * the run checks.
 *
 *   npx tsx bench/liquidation-checks.ts
 *
 * Bounded: each method stops after its tick count or 10 seconds, whichever comes first.
 */

import { cryptoPairs } from '../apps/server/src/market/catalogue/crypto-pairs';
import type { ContractTrigger } from '../apps/server/src/modules/coin-contract/liquidation-engine';
import { TriggerIndex } from '../apps/server/src/platform/engine/trigger-index';
import { maxQuantityForMargin } from '../packages/core/src/trading/margin';
import { liquidationPrice, type PerpetualRates } from '../packages/core/src/trading/perpetual';

const POSITIONS = 100_000;
const TICKS = 20_000;
const BUDGET_MS = 10_000;
const rates: PerpetualRates = { maintenanceRateBp: 50, closeFeeRateBp: 5 };
const pairs = cryptoPairs;

interface Position {
  id: number;
  pair: number;
  side: 'long' | 'short';
  liquidation: bigint | null;
}

/** A hash of two integers: the same (position, tick) always opens the same position. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Position `id` opened at `price` after tick `tick`: its side, leverage and margin from the hash. */
function open(id: number, pairIndex: number, price: bigint, tick: number): Position {
  const pair = pairs[pairIndex] ?? pairs[0];
  if (!pair) throw new Error('no crypto pairs');
  const h = mix(id, tick);
  const side = h % 2 === 0 ? 'long' : 'short';
  const leverage = 1 + ((h >>> 1) % 2);
  const scales = { priceScale: pair.priceScale, quantityScale: pair.quantityScale, currencyScale: 6 };
  const margin = BigInt(10 + ((h >>> 2) % 5000)) * 1_000_000n;
  let quantity = maxQuantityForMargin(margin, leverage, price, pair.lotSize, scales);
  if (quantity <= 0n) quantity = pair.lotSize;
  const liquidation = liquidationPrice(
    { side, quantity, entryNotional: price * quantity, marginMinor: margin },
    rates,
    scales,
    pair.tickSize,
  );
  return { id, pair: pairIndex, side, liquidation };
}

/** The feed: which pair ticks and its last price; a seeded walk of up to ±2 % a step. */
function feed(): { pair: Uint8Array; price: BigInt64Array } {
  let state = 2026;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    return mix(state, 7) / 4294967296;
  };
  const prices = pairs.map((p) => p.anchorPrice);
  const pair = new Uint8Array(TICKS);
  const price = new BigInt64Array(TICKS);
  for (let t = 0; t < TICKS; t++) {
    const s = Math.floor(next() * pairs.length);
    const now = prices[s] as bigint;
    let moved = now + BigInt(Math.round((next() * 2 - 1) * Number(now) * 0.02));
    // Kept within half and twice the anchor, so the walk neither dies nor runs away.
    const anchor = (pairs[s] as (typeof pairs)[number]).anchorPrice;
    if (moved < anchor / 2n) moved = anchor / 2n;
    if (moved > anchor * 2n) moved = anchor * 2n;
    prices[s] = moved;
    pair[t] = s;
    price[t] = moved;
  }
  return { pair, price };
}

function initial(): Position[] {
  return Array.from({ length: POSITIONS }, (_, id) => {
    const pairIndex = id % pairs.length;
    // Opened earlier at 60–140 % of the anchor, so liquidation levels are spread around the price from the start.
    const anchor = (pairs[pairIndex] as (typeof pairs)[number]).anchorPrice;
    const earlier = open(id, pairIndex, (anchor * BigInt(60 + (mix(id, -2) % 81))) / 100n, -1);
    // One the anchor price would already liquidate is opened at the anchor instead: all start open.
    const { liquidation, side } = earlier;
    const under = liquidation !== null && (side === 'long' ? anchor <= liquidation : anchor >= liquidation);
    return under ? open(id, pairIndex, anchor, -1) : earlier;
  });
}

const triggerOf = (p: Position): ContractTrigger | null =>
  p.liquidation === null
    ? null
    : {
        id: String(p.id),
        symbol: (pairs[p.pair] as (typeof pairs)[number]).symbol,
        fires: p.side === 'long' ? 'at-or-below' : 'at-or-above',
        level: p.liquidation,
        sequence: BigInt(p.id),
        positionId: BigInt(p.id),
        kind: 'liquidation',
      };

function runIndex(ticks: ReturnType<typeof feed>) {
  const positions = initial();
  const index = new TriggerIndex<ContractTrigger>();
  for (const p of positions) {
    const t = triggerOf(p);
    if (t) index.add(t);
  }
  const log: string[] = [];
  const start = performance.now();
  let done = 0;
  for (let t = 0; t < TICKS; t++) {
    const s = ticks.pair[t] as number;
    const price = ticks.price[t] as bigint;
    const fired = index.fire((pairs[s] as (typeof pairs)[number]).symbol, price);
    // Liquidated in id order, the order the scan finds them, so both replace alike.
    fired.sort((a, b) => Number(a.positionId - b.positionId));
    for (const f of fired) {
      const id = Number(f.positionId);
      log.push(`${t}:${id}`);
      const fresh = open(id, s, price, t);
      positions[id] = fresh;
      const trigger = triggerOf(fresh);
      if (trigger) index.add(trigger);
    }
    done = t + 1;
    if ((t & 255) === 0 && performance.now() - start > BUDGET_MS) break;
  }
  return { ticks: done, ms: performance.now() - start, log };
}

function runScan(ticks: ReturnType<typeof feed>) {
  const positions = initial();
  const last = pairs.map((p) => p.anchorPrice);
  const log: string[] = [];
  const start = performance.now();
  let done = 0;
  for (let t = 0; t < TICKS; t++) {
    const s = ticks.pair[t] as number;
    const price = ticks.price[t] as bigint;
    last[s] = price;
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i] as Position;
      const mark = last[p.pair] as bigint;
      if (p.liquidation === null) continue;
      const hit = p.side === 'long' ? mark <= p.liquidation : mark >= p.liquidation;
      if (!hit) continue;
      log.push(`${t}:${p.id}`);
      positions[i] = open(p.id, p.pair, mark, t);
    }
    done = t + 1;
    if ((t & 15) === 0 && performance.now() - start > BUDGET_MS) break;
  }
  return { ticks: done, ms: performance.now() - start, log };
}

const ticks = feed();
const indexed = runIndex(ticks);
const scanned = runScan(ticks);
const perSecond = (r: { ticks: number; ms: number }) => Math.round((r.ticks * 1000) / r.ms);
const compared = Math.min(indexed.ticks, scanned.ticks);
const upTo = (log: string[]) => log.filter((e) => Number(e.split(':')[0]) < compared);
const same = upTo(indexed.log).join() === upTo(scanned.log).join();

console.log(`open positions: ${POSITIONS} over ${pairs.length} coins`);
console.log(
  `trigger index: ${indexed.ticks} ticks in ${indexed.ms.toFixed(0)} ms = ${perSecond(indexed)} ticks/s, ${indexed.log.length} liquidations`,
);
console.log(
  `full scan:     ${scanned.ticks} ticks in ${scanned.ms.toFixed(0)} ms = ${perSecond(scanned)} ticks/s, ${scanned.log.length} liquidations`,
);
console.log(
  `ratio: the index checks ${(perSecond(indexed) / perSecond(scanned)).toFixed(0)}× as many ticks a second`,
);
console.log(`same liquidations over the first ${compared} ticks: ${same}`);
