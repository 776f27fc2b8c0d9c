import type { userAssets } from '@piazza/contract/calls/assets';
import type { CallOutput } from '@piazza/contract/define';
import { parseRate, type Rate } from '@piazza/core/money';

/** Where a rate comes from (defined on the wire); the apps say so beside any value computed with it. */
export type RateSource = CallOutput<typeof userAssets>['rates'][number]['source'];

/** One quoted rate: one `base` is worth `rate` of `quote` (EUR/USD 1.0850: €1 = $1.0850). */
export interface Quote {
  base: string;
  quote: string;
  /** The decimal as quoted, shown as is. */
  rate: string;
  source: RateSource;
}

/** Exchange rates, the port the valuation reads. */
export interface FxRates {
  /** How many units of `to` one unit of `from` is worth, exactly; undefined when no quote connects them. */
  rate(from: string, to: string): Rate | undefined;
  /** The quotes every rate is derived from. */
  quotes(): readonly Quote[];
}

/**
 * USDT counts as one dollar: a stated convention (decision 006), not a market price, so it keeps the source
 * 'reference' even beside a market rate for EUR/USD.
 */
export const usdtPegQuote: Quote = { base: 'USDT', quote: 'USD', rate: '1', source: 'reference' };

/**
 * Reference rates: fixed constants, not market prices, so that balances can be totalled in EUR and USD when
 * the market feed cannot answer. Every answer that uses them names them with source 'reference'; the market
 * service (market/market-service.ts) gives EUR/USD from the feed with source 'market'.
 */
export const referenceQuotes: readonly Quote[] = [
  { base: 'EUR', quote: 'USD', rate: '1.0850', source: 'reference' },
  usdtPegQuote,
];

/**
 * Rates from a list of quotes: the identity, each quote, its inverse, and crosses through the fewest
 * shared assets (USDT → EUR through USD; BTC → EUR through USDT and USD), every one an exact fraction so a
 * conversion rounds once, at the end.
 */
export function quotedRates(quotes: readonly Quote[]): FxRates {
  const direct = new Map<string, Rate>();
  for (const q of quotes) {
    const r = parseRate(q.rate);
    if (!r) throw new Error(`quote ${q.base}/${q.quote} has no valid rate: ${q.rate}`);
    direct.set(`${q.base}/${q.quote}`, r);
    direct.set(`${q.quote}/${q.base}`, { num: r.den, den: r.num });
  }
  const assets = new Set(quotes.flatMap((q) => [q.base, q.quote]));
  return {
    rate(from, to) {
      if (from === to) return { num: 1n, den: 1n };
      const one = direct.get(`${from}/${to}`);
      if (one) return one;
      // Breadth first, so the shortest chain of quotes wins; the product stays an exact fraction.
      const reached = new Map<string, Rate>([[from, { num: 1n, den: 1n }]]);
      let frontier = [from];
      while (frontier.length > 0) {
        const next: string[] = [];
        for (const at of frontier) {
          const sofar = reached.get(at) as Rate;
          for (const via of assets) {
            const step = direct.get(`${at}/${via}`);
            if (!step || reached.has(via)) continue;
            const r = lowestTerms(sofar.num * step.num, sofar.den * step.den);
            if (via === to) return r;
            reached.set(via, r);
            next.push(via);
          }
        }
        frontier = next;
      }
      return undefined;
    },
    quotes: () => quotes,
  };
}

export const referenceFxRates: FxRates = quotedRates(referenceQuotes);

function lowestTerms(num: bigint, den: bigint): Rate {
  let [x, y] = [num, den];
  while (y !== 0n) [x, y] = [y, x % y];
  return { num: num / x, den: den / x };
}
