import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averagePrice,
  type BookLevel,
  type Execution,
  fillLimit,
  fillMarket,
  fillResting,
  fillValue,
  type OrderBook,
  type Side,
  tradeValue,
} from './fills';

// ENI.MI: prices at 3 decimals on a 0.002 tick, whole shares, euros at 2 decimals.
const eni = { priceScale: 3, quantityScale: 0, currencyScale: 2 };
const eniBook: OrderBook = {
  bids: [
    { price: 14_228n, quantity: 50n },
    { price: 14_226n, quantity: 70n },
    { price: 14_220n, quantity: 90n },
  ],
  asks: [
    { price: 14_232n, quantity: 40n },
    { price: 14_236n, quantity: 40n },
    { price: 14_244n, quantity: 60n },
  ],
};

describe('fillMarket', () => {
  it('buys 100 ENI across three levels at an average of 14.236, worth €1,423.60', () => {
    const execution = fillMarket('buy', 100n, eniBook);
    expect(execution.fills).toEqual([
      { price: 14_232n, quantity: 40n },
      { price: 14_236n, quantity: 40n },
      { price: 14_244n, quantity: 20n },
    ]);
    expect(execution.filled).toBe(100n);
    expect(execution.unfilled).toBe(0n);
    // 40 × 14.232 + 40 × 14.236 + 20 × 14.244 = 569.280 + 569.440 + 284.880 = 1423.600
    expect(execution.notional).toBe(1_423_600n);
    expect(averagePrice(execution, 'halfEven')).toBe(14_236n);
    expect(tradeValue(execution.notional, eni)).toBe(142_360n);
  });

  it('sells 100 ENI down the bids, best first: 50 at 14.228 and 50 at 14.226', () => {
    const execution = fillMarket('sell', 100n, eniBook);
    expect(execution.fills).toEqual([
      { price: 14_228n, quantity: 50n },
      { price: 14_226n, quantity: 50n },
    ]);
    // 711.400 + 711.300 = 1422.700, an average of 14.227
    expect(execution.notional).toBe(1_422_700n);
    expect(averagePrice(execution, 'halfEven')).toBe(14_227n);
  });

  it('fills what a thin book holds and leaves the rest: 500 wanted, 140 on offer', () => {
    const execution = fillMarket('buy', 500n, eniBook);
    expect(execution.filled).toBe(140n);
    expect(execution.unfilled).toBe(360n);
    expect(execution.fills).toHaveLength(3);
  });

  it('fills nothing from an empty book', () => {
    expect(fillMarket('sell', 10n, { bids: [], asks: [] })).toEqual({
      fills: [],
      filled: 0n,
      unfilled: 10n,
      notional: 0n,
    });
    expect(averagePrice(fillMarket('sell', 10n, { bids: [], asks: [] }), 'floor')).toBeNull();
  });

  it('takes the best price first even when the feed lists the levels out of order, skipping empty ones', () => {
    const book: OrderBook = {
      bids: [],
      asks: [
        { price: 14_244n, quantity: 60n },
        { price: 14_232n, quantity: 0n },
        { price: 14_236n, quantity: 40n },
      ],
    };
    expect(fillMarket('buy', 50n, book).fills).toEqual([
      { price: 14_236n, quantity: 40n },
      { price: 14_244n, quantity: 10n },
    ]);
  });

  it('refuses a quantity of zero: the order rules stop it first', () => {
    expect(() => fillMarket('buy', 0n, eniBook)).toThrow(RangeError);
  });
});

describe('averagePrice', () => {
  it('rounds an average of 14.2366 as asked: 14.237 half-even, 14.236 down', () => {
    // 30 × 14.230 + 40 × 14.236 + 30 × 14.244 = 426.900 + 569.440 + 427.320 = 1423.660 → 14.2366
    const execution = fillMarket('buy', 100n, {
      bids: [],
      asks: [
        { price: 14_230n, quantity: 30n },
        { price: 14_236n, quantity: 40n },
        { price: 14_244n, quantity: 30n },
      ],
    });
    expect(execution.notional).toBe(1_423_660n);
    expect(averagePrice(execution, 'halfEven')).toBe(14_237n);
    expect(averagePrice(execution, 'floor')).toBe(14_236n);
  });

  it('rounds an average of 14.2333… up only when asked: (14.232 + 2 × 14.234) / 3', () => {
    const execution = fillMarket('buy', 3n, {
      bids: [],
      asks: [
        { price: 14_232n, quantity: 1n },
        { price: 14_234n, quantity: 2n },
      ],
    });
    expect(averagePrice(execution, 'floor')).toBe(14_233n);
    expect(averagePrice(execution, 'halfEven')).toBe(14_233n);
    expect(averagePrice(execution, 'ceil')).toBe(14_234n);
  });
});

describe('fillLimit', () => {
  it('a buy limited to 14.236 takes the two levels at or under it, at their own prices, and rests 20', () => {
    const execution = fillLimit('buy', 100n, 14_236n, eniBook);
    expect(execution.fills).toEqual([
      { price: 14_232n, quantity: 40n },
      { price: 14_236n, quantity: 40n },
    ]);
    expect(execution.unfilled).toBe(20n);
    // 569.280 + 569.440 = 1138.720
    expect(tradeValue(execution.notional, eni)).toBe(113_872n);
  });

  it('a sell limited above the best bid takes nothing and rests whole', () => {
    const execution = fillLimit('sell', 30n, 14_230n, eniBook);
    expect(execution).toEqual({ fills: [], filled: 0n, unfilled: 30n, notional: 0n });
  });

  it('a sell limited to 14.226 takes the bids at 14.228 and 14.226, not 14.220', () => {
    const execution = fillLimit('sell', 200n, 14_226n, eniBook);
    expect(execution.filled).toBe(120n);
    expect(execution.unfilled).toBe(80n);
  });
});

describe('fillResting', () => {
  const restingBuy = { side: 'buy' as const, limitPrice: 14_230n, remaining: 100n };

  it('a buy resting at 14.230 is not filled by a print above it', () => {
    const execution = fillResting(restingBuy, { kind: 'trade', price: 14_232n, quantity: 500n });
    expect(execution.filled).toBe(0n);
    expect(execution.unfilled).toBe(100n);
  });

  it('a print of 30 at 14.230 fills 30 at the limit and leaves 70 waiting', () => {
    const execution = fillResting(restingBuy, { kind: 'trade', price: 14_230n, quantity: 30n });
    expect(execution.fills).toEqual([{ price: 14_230n, quantity: 30n }]);
    expect(execution.unfilled).toBe(70n);
    expect(tradeValue(execution.notional, eni)).toBe(42_690n);
  });

  it('a print of 500 through the limit, at 14.220, fills all 100 at the limit price 14.230', () => {
    const execution = fillResting(restingBuy, { kind: 'trade', price: 14_220n, quantity: 500n });
    expect(execution.fills).toEqual([{ price: 14_230n, quantity: 100n }]);
    expect(execution.unfilled).toBe(0n);
  });

  it('a sell resting at 14.226 fills from a book whose bids reach it: 50 + 70 = 120 on offer, 80 wanted', () => {
    const execution = fillResting(
      { side: 'sell', limitPrice: 14_226n, remaining: 80n },
      { kind: 'book', book: eniBook },
    );
    expect(execution.fills).toEqual([{ price: 14_226n, quantity: 80n }]);
  });

  it('a sell resting at 14.226 against a thin book fills partially: 50 at 14.228 is all there is above it', () => {
    const thin: OrderBook = {
      bids: [
        { price: 14_228n, quantity: 50n },
        { price: 14_200n, quantity: 900n },
      ],
      asks: [],
    };
    const execution = fillResting(
      { side: 'sell', limitPrice: 14_226n, remaining: 80n },
      { kind: 'book', book: thin },
    );
    expect(execution.filled).toBe(50n);
    expect(execution.unfilled).toBe(30n);
  });

  it('a print or a level at a price of 0 fills nothing, though 0 is under any buy limit', () => {
    expect(fillResting(restingBuy, { kind: 'trade', price: 0n, quantity: 500n }).filled).toBe(0n);
    const broken: OrderBook = { bids: [], asks: [{ price: 0n, quantity: 500n }] };
    expect(fillResting(restingBuy, { kind: 'book', book: broken }).filled).toBe(0n);
    expect(fillMarket('buy', 10n, broken).filled).toBe(0n);
  });

  it('a buy resting below the book is not filled by it', () => {
    expect(fillResting(restingBuy, { kind: 'book', book: eniBook }).filled).toBe(0n);
  });
});

describe('tradeValue', () => {
  it.each<
    [string, bigint, bigint, { priceScale: number; quantityScale: number; currencyScale: number }, bigint]
  >([
    [
      '1 share at 0.2605 is €0.26 (0.2605 → 26.05 cents)',
      2_605n,
      1n,
      { priceScale: 4, quantityScale: 0, currencyScale: 2 },
      26n,
    ],
    [
      '1 share at 0.2650 is €0.26 (a tie goes to the even cent)',
      2_650n,
      1n,
      { priceScale: 4, quantityScale: 0, currencyScale: 2 },
      26n,
    ],
    [
      '1 share at 0.2750 is €0.28 (a tie goes to the even cent)',
      2_750n,
      1n,
      { priceScale: 4, quantityScale: 0, currencyScale: 2 },
      28n,
    ],
    [
      '0.00123 BTC at 91,234.56 is 112.218509 USDT (112.2185088)',
      9_123_456n,
      123n,
      { priceScale: 2, quantityScale: 5, currencyScale: 6 },
      112_218_509n,
    ],
  ])('%s', (_, price, quantity, scales, value) => {
    expect(tradeValue(price * quantity, scales)).toBe(value);
  });
});

describe('fillValue', () => {
  const penny = { priceScale: 4, quantityScale: 0, currencyScale: 2 };

  it('three fills of 1 share at 0.2655 post €0.27, €0.26 and €0.27: €0.80 for €0.7965, where rounding each would post €0.81', () => {
    expect(fillValue(0n, 2_655n, penny)).toBe(27n); // 26.55 cents → 27
    expect(fillValue(2_655n, 5_310n, penny)).toBe(26n); // 53.10 → 53, less 27
    expect(fillValue(5_310n, 7_965n, penny)).toBe(27n); // 79.65 → 80, less 53
    expect(tradeValue(7_965n, penny)).toBe(80n);
  });

  it('for any fills, posts amounts ≥ 0 that add up to the value of the whole order', () => {
    const parts = fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 20 });
    const scales = fc.record({
      priceScale: fc.integer({ min: 0, max: 6 }),
      quantityScale: fc.integer({ min: 0, max: 8 }),
      currencyScale: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(parts, scales, (ps, sc) => {
        let notional = 0n;
        let posted = 0n;
        for (const part of ps) {
          const value = fillValue(notional, notional + part, sc);
          expect(value >= 0n).toBe(true);
          posted += value;
          notional += part;
        }
        expect(posted).toBe(tradeValue(notional, sc));
      }),
    );
  });
});

const side = fc.constantFrom<Side>('buy', 'sell');
// Distinct prices, so each fill can be matched to the one level it came from.
const levels = fc
  .uniqueArray(fc.bigInt({ min: 1n, max: 1_000_000n }), { maxLength: 20 })
  .chain((prices) =>
    fc.tuple(
      ...prices.map((price) => fc.bigInt({ min: 0n, max: 10_000n }).map((quantity) => ({ price, quantity }))),
    ),
  )
  .map((tuple): BookLevel[] => [...tuple]);
const book = fc.record({ bids: levels, asks: levels });
const quantity = fc.bigInt({ min: 1n, max: 100_000n });
// A book and a price that is often one of its own levels', where at-or-better is decided.
const bookWithPrice = book.chain((b) => {
  const prices = [...b.bids, ...b.asks].map((l) => l.price);
  const anyPrice = fc.bigInt({ min: 1n, max: 1_000_000n });
  return fc.tuple(
    fc.constant(b),
    prices.length > 0 ? fc.oneof(anyPrice, fc.constantFrom(...prices)) : anyPrice,
  );
});

function checkWithinBookAndOrder(execution: Execution, wanted: bigint, offered: BookLevel[]): void {
  expect(execution.filled + execution.unfilled).toBe(wanted);
  expect(execution.filled <= wanted).toBe(true);
  expect(execution.fills.reduce((sum, f) => sum + f.quantity, 0n)).toBe(execution.filled);
  expect(execution.fills.reduce((sum, f) => sum + f.price * f.quantity, 0n)).toBe(execution.notional);
  for (const fill of execution.fills) {
    const level = offered.find((l) => l.price === fill.price);
    expect(level).toBeDefined();
    expect(fill.quantity > 0n && fill.quantity <= level!.quantity).toBe(true);
  }
}

function checkVwapWithinLevels(execution: Execution): void {
  if (execution.filled === 0n) return;
  const prices = execution.fills.map((f) => f.price);
  const low = prices.reduce((a, b) => (a < b ? a : b));
  const high = prices.reduce((a, b) => (a > b ? a : b));
  // low ≤ notional / filled ≤ high, exactly, and the rounded average too.
  expect(low * execution.filled <= execution.notional && execution.notional <= high * execution.filled).toBe(
    true,
  );
  for (const rounding of ['floor', 'ceil', 'halfEven'] as const) {
    const average = averagePrice(execution, rounding)!;
    expect(low <= average && average <= high).toBe(true);
  }
}

describe('fills, for any book and order', () => {
  it('a market order never takes more than the book holds or the order asks, and takes all it can', () => {
    fc.assert(
      fc.property(side, quantity, book, (s, q, b) => {
        const execution = fillMarket(s, q, b);
        const offered = s === 'buy' ? b.asks : b.bids;
        checkWithinBookAndOrder(execution, q, offered);
        const depth = offered.reduce((sum, l) => sum + l.quantity, 0n);
        expect(execution.filled).toBe(depth < q ? depth : q);
      }),
    );
  });

  it('a market order takes prices best first, and its average lies within the levels it used', () => {
    fc.assert(
      fc.property(side, quantity, book, (s, q, b) => {
        const execution = fillMarket(s, q, b);
        for (let i = 1; i < execution.fills.length; i++) {
          const [before, after] = [execution.fills[i - 1]!.price, execution.fills[i]!.price];
          expect(s === 'buy' ? before < after : before > after).toBe(true);
        }
        checkVwapWithinLevels(execution);
      }),
    );
  });

  it('a limit order fills only at or better than its limit, all the book offers there up to its size', () => {
    fc.assert(
      fc.property(side, quantity, bookWithPrice, (s, q, [b, limit]) => {
        const execution = fillLimit(s, q, limit, b);
        const offered = s === 'buy' ? b.asks : b.bids;
        checkWithinBookAndOrder(execution, q, offered);
        checkVwapWithinLevels(execution);
        for (const fill of execution.fills)
          expect(s === 'buy' ? fill.price <= limit : fill.price >= limit).toBe(true);
        const depth = offered
          .filter((l) => (s === 'buy' ? l.price <= limit : l.price >= limit))
          .reduce((sum, l) => sum + l.quantity, 0n);
        expect(execution.filled).toBe(depth < q ? depth : q);
      }),
    );
  });

  it('a resting order fills at its limit, never more than it waits for or the market gave', () => {
    const anyPrice = fc.bigInt({ min: 1n, max: 1_000_000n });
    const tradeWithPrice = fc
      .record({ price: anyPrice, quantity: fc.bigInt({ min: 0n, max: 10_000n }) })
      .chain((t) =>
        fc.tuple(fc.constant({ kind: 'trade' as const, ...t }), fc.oneof(anyPrice, fc.constant(t.price))),
      );
    const eventWithPrice = fc.oneof(
      tradeWithPrice,
      bookWithPrice.map(([b, price]) => [{ kind: 'book' as const, book: b }, price] as const),
    );
    fc.assert(
      fc.property(side, quantity, eventWithPrice, (s, q, [e, limit]) => {
        const execution = fillResting({ side: s, limitPrice: limit, remaining: q }, e);
        expect(execution.filled + execution.unfilled).toBe(q);
        for (const fill of execution.fills) expect(fill.price).toBe(limit);
        const offered =
          e.kind === 'trade'
            ? (s === 'buy' ? e.price <= limit : e.price >= limit)
              ? e.quantity
              : 0n
            : (s === 'buy' ? e.book.asks : e.book.bids)
                .filter((l) => (s === 'buy' ? l.price <= limit : l.price >= limit))
                .reduce((sum, l) => sum + l.quantity, 0n);
        expect(execution.filled).toBe(offered < q ? offered : q);
      }),
    );
  });
});
