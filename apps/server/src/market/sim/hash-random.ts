/*
 * Counter-based randomness: every random number the simulator uses is a hash of (seed and symbol, trading
 * day, slot within the day, purpose, lane), so any minute of any day can be computed on its own, in any
 * order, and always comes out the same. The mixer is Chris Wellons' lowbias32, a bijective 32-bit hash
 * with good avalanche; 32-bit uniforms are plenty for prices quantised to ticks.
 */

/**
 * Each use of randomness has its own purpose, so two uses never read the same numbers. A draw that needs
 * several uniforms takes consecutive lanes: normal two, fatTailed four.
 */
export const Purpose = {
  dailyReturn: 1,
  overnightGap: 2,
  highExtent: 3,
  lowExtent: 4,
  dailyVolume: 5,
  minuteStep: 6,
  minuteHigh: 7,
  minuteLow: 8,
  minuteVolume: 9,
  extremeTimes: 10,
  secondVolume: 11,
  tradeSide: 12,
  bookSpread: 13,
  bookLevel: 14,
  factorDay: 15,
  factorMinute: 16,
  volatilityState: 17,
} as const;
export type Purpose = (typeof Purpose)[keyof typeof Purpose];

export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashString(text: string): number {
  // FNV-1a over UTF-16 code units, then mixed.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** The key of one symbol's random numbers under one seed. */
export function symbolKey(seed: number | string, symbol: string): number {
  const seedKey =
    typeof seed === 'string' ? hashString(seed) : mix32(seed) ^ mix32(Math.floor(seed / 2 ** 32));
  return mix32(seedKey ^ mix32(hashString(symbol) + 0x9e3779b9));
}

/** The stream of one symbol's trading day: computed once per day, then combined with slots. */
export function dayStream(symbol: number, day: number): number {
  return mix32(symbol ^ mix32(day + 0x632be5ab));
}

/** A uniform in (0, 1), never 0 or 1, so logarithms are safe. */
export function uniform(stream: number, slot: number, purpose: Purpose, lane = 0): number {
  const h = mix32(mix32(stream ^ slot) ^ ((purpose << 16) | lane) ^ 0x85ebca6b);
  return (h + 0.5) / 4_294_967_296;
}

export function normal(stream: number, slot: number, purpose: Purpose, lane = 0): number {
  const u1 = uniform(stream, slot, purpose, lane);
  const u2 = uniform(stream, slot, purpose, lane + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

// Beyond 8 standard deviations a single draw would be a crash no test or chart should depend on.
const tailMax = 8;

/**
 * Student-t with 4 degrees of freedom scaled to unit variance: fat tails, as real returns have.
 * t = Z / sqrt(V/4) with V ~ χ²(4) = −2·ln(u3·u4); its variance is 2, hence the division by √2.
 */
export function fatTailed(stream: number, slot: number, purpose: Purpose, lane = 0): number {
  const z = normal(stream, slot, purpose, lane);
  const v =
    -2 * Math.log(uniform(stream, slot, purpose, lane + 2) * uniform(stream, slot, purpose, lane + 3));
  const t = z / Math.sqrt(v / 4) / Math.SQRT2;
  return Math.max(-tailMax, Math.min(tailMax, t));
}

/** An exponential with mean 1. */
export function exponential(stream: number, slot: number, purpose: Purpose, lane = 0): number {
  return -Math.log(uniform(stream, slot, purpose, lane));
}
