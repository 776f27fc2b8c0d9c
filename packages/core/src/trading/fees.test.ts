import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyCost,
  checkFeeSchedule,
  type FeeSchedule,
  feeScheduleDefaults,
  fillFee,
  orderFee,
  saleProceeds,
} from './fees';
import { type BookLevel, fillLimit, fillMarket, fillResting, tradeValue } from './fills';

const borsa = feeScheduleDefaults.XMIL; // 0.19 %, at least €2.95, at most €19.00
const euroShares = { quantityScale: 0, currencyScale: 2 };
const usShares = { quantityScale: 0, currencyScale: 2 };
const bitcoin = { quantityScale: 5, currencyScale: 6 };

describe('orderFee on Borsa Italiana (0.19 %, minimum €2.95, maximum €19.00)', () => {
  it('buying 100 ENI at 14.236 across three levels costs €1,423.60 + the €2.95 minimum = €1,426.55', () => {
    const execution = fillMarket('buy', 100n, {
      bids: [],
      asks: [
        { price: 14_232n, quantity: 40n },
        { price: 14_236n, quantity: 40n },
        { price: 14_244n, quantity: 60n },
      ],
    });
    const value = tradeValue(execution.notional, { priceScale: 3, ...euroShares });
    expect(value).toBe(142_360n);
    // 0.19 % of 1423.60 is 2.70484, under the minimum
    expect(buyCost(borsa, { value, quantity: 100n }, euroShares)).toEqual({
      value: 142_360n,
      fee: 295n,
      total: 142_655n,
    });
  });

  it('€2,345.67 pays €4.45: 0.19 % is 4.456773, rounded down in the customer’s favour, not up to 4.46', () => {
    expect(orderFee(borsa, { value: 234_567n, quantity: 150n }, euroShares)).toBe(445n);
  });

  it('€5,000.00 pays exactly €9.50', () => {
    expect(orderFee(borsa, { value: 500_000n, quantity: 350n }, euroShares)).toBe(950n);
  });

  it('€20,000.00 pays the €19.00 maximum, not 0.19 % (€38.00)', () => {
    expect(orderFee(borsa, { value: 2_000_000n, quantity: 1_400n }, euroShares)).toBe(1_900n);
  });

  it('an order with nothing filled owes nothing, not the minimum', () => {
    expect(orderFee(borsa, { value: 0n, quantity: 0n }, euroShares)).toBe(0n);
  });
});

describe('orderFee per share (US: $0.005 a share, minimum $1.00)', () => {
  const us = feeScheduleDefaults.XNYS;

  it('250 AAPL at $270.00 pay $1.25, whatever their value', () => {
    expect(orderFee(us, { value: 6_750_000n, quantity: 250n }, usShares)).toBe(125n);
  });

  it('333 shares pay $1.66: $1.665 rounded down', () => {
    expect(orderFee(us, { value: 100_000n, quantity: 333n }, usShares)).toBe(166n);
  });

  it('100 shares pay the $1.00 minimum, not $0.50', () => {
    expect(orderFee(us, { value: 2_700_000n, quantity: 100n }, usShares)).toBe(100n);
  });

  it('a rate and a per-share amount add before rounding: 0.10 % of $1,000.00 + 3 × $0.0035 = $1.0105 → $1.01', () => {
    const both: FeeSchedule = { rateBp: 10, perShare: { amount: 35n, scale: 4 }, minimum: 0n, maximum: null };
    expect(orderFee(both, { value: 100_000n, quantity: 3n }, usShares)).toBe(101n);
  });
});

describe('orderFee on crypto (0.10 %, no minimum)', () => {
  it('0.00123 BTC worth 112.218509 USDT pays 0.112218 USDT (0.112218509 rounded down)', () => {
    expect(orderFee(feeScheduleDefaults.CRYPTO, { value: 112_218_509n, quantity: 123n }, bitcoin)).toBe(
      112_218n,
    );
  });
});

describe('fillFee', () => {
  it('an order filled in three parts pays the minimum with the first and the rest as it grows past it', () => {
    const nothing = { value: 0n, quantity: 0n };
    const first = { value: 56_928n, quantity: 40n }; // €569.28: 1.08 by rate, the €2.95 minimum
    const second = { value: 142_360n, quantity: 100n }; // €1,423.60: 2.70 by rate, still the minimum
    const third = { value: 500_000n, quantity: 351n }; // €5,000.00: 9.50
    expect(fillFee(borsa, nothing, first, euroShares)).toBe(295n);
    expect(fillFee(borsa, first, second, euroShares)).toBe(0n);
    expect(fillFee(borsa, second, third, euroShares)).toBe(655n);
    expect(orderFee(borsa, third, euroShares)).toBe(950n);
  });
});

describe('saleProceeds', () => {
  it('selling 100 ENI worth €1,423.60 brings €1,420.65 after the €2.95 minimum', () => {
    expect(saleProceeds(borsa, { value: 142_360n, quantity: 100n }, euroShares)).toEqual({
      value: 142_360n,
      fee: 295n,
      net: 142_065n,
    });
  });

  it('selling one share worth €0.26 costs the seller €2.69: the minimum fee is more than the sale', () => {
    expect(saleProceeds(borsa, { value: 26n, quantity: 1n }, euroShares).net).toBe(-269n);
  });
});

describe('checkFeeSchedule', () => {
  it.each<[string, FeeSchedule]>([
    ['a negative rate', { rateBp: -1, perShare: null, minimum: 0n, maximum: null }],
    ['a fractional rate', { rateBp: 1.5, perShare: null, minimum: 0n, maximum: null }],
    ['a negative minimum', { rateBp: 19, perShare: null, minimum: -1n, maximum: null }],
    ['a maximum under the minimum', { rateBp: 19, perShare: null, minimum: 295n, maximum: 294n }],
    [
      'a negative per-share amount',
      { rateBp: 0, perShare: { amount: -5n, scale: 3 }, minimum: 0n, maximum: null },
    ],
  ])('refuses %s', (_, schedule) => {
    expect(() => checkFeeSchedule(schedule)).toThrow(RangeError);
    expect(() => orderFee(schedule, { value: 100n, quantity: 1n }, euroShares)).toThrow(RangeError);
  });

  it('accepts every default', () => {
    for (const schedule of Object.values(feeScheduleDefaults))
      expect(() => checkFeeSchedule(schedule)).not.toThrow();
  });
});

const schedule = fc
  .record({
    rateBp: fc.integer({ min: 0, max: 500 }),
    perShare: fc.option(
      fc.record({ amount: fc.bigInt({ min: 0n, max: 10_000n }), scale: fc.integer({ min: 0, max: 6 }) }),
    ),
    minimum: fc.bigInt({ min: 0n, max: 10_000n }),
    extra: fc.option(fc.bigInt({ min: 0n, max: 100_000n })),
  })
  .map(
    ({ extra, ...rest }): FeeSchedule => ({ ...rest, maximum: extra === null ? null : rest.minimum + extra }),
  );
const scales = fc.record({
  quantityScale: fc.integer({ min: 0, max: 8 }),
  currencyScale: fc.integer({ min: 0, max: 8 }),
});
const value = fc.bigInt({ min: 0n, max: 10n ** 14n });
const quantity = fc.bigInt({ min: 1n, max: 10n ** 12n });

describe('fees, for any schedule', () => {
  it('are never negative, and once something fills, lie between the minimum and the maximum', () => {
    fc.assert(
      fc.property(schedule, scales, value, quantity, (s, sc, v, q) => {
        const fee = orderFee(s, { value: v, quantity: q }, sc);
        expect(fee >= 0n && fee >= s.minimum).toBe(true);
        if (s.maximum !== null) expect(fee <= s.maximum).toBe(true);
      }),
    );
  });

  it('never fall as the value or the quantity grows', () => {
    fc.assert(
      fc.property(schedule, scales, value, value, quantity, quantity, (s, sc, v1, v2, q1, q2) => {
        const [vLow, vHigh] = v1 <= v2 ? [v1, v2] : [v2, v1];
        const [qLow, qHigh] = q1 <= q2 ? [q1, q2] : [q2, q1];
        expect(
          orderFee(s, { value: vLow, quantity: qLow }, sc) <= orderFee(s, { value: vHigh, quantity: q1 }, sc),
        ).toBe(true);
        expect(
          orderFee(s, { value: v1, quantity: qLow }, sc) <= orderFee(s, { value: v1, quantity: qHigh }, sc),
        ).toBe(true);
      }),
    );
  });

  it('of an order filled in parts add up to the fee of the whole, each part ≥ 0', () => {
    const parts = fc.array(
      fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.bigInt({ min: 1n, max: 10n ** 6n })),
      {
        minLength: 1,
        maxLength: 10,
      },
    );
    fc.assert(
      fc.property(schedule, scales, parts, (s, sc, ps) => {
        let before = { value: 0n, quantity: 0n };
        let paid = 0n;
        for (const [v, q] of ps) {
          const after = { value: before.value + v, quantity: before.quantity + q };
          const fee = fillFee(s, before, after, sc);
          expect(fee >= 0n).toBe(true);
          paid += fee;
          before = after;
        }
        expect(paid).toBe(orderFee(s, before, sc));
      }),
    );
  });
});

describe('a limit buy that freezes its cost at the limit', () => {
  it('never pays more than it froze, whatever it meets on arrival and while resting', () => {
    const level = fc.record({
      price: fc.bigInt({ min: 1n, max: 100_000n }),
      quantity: fc.bigInt({ min: 0n, max: 1_000n }),
    });
    const prints = fc.array(
      fc.record({
        price: fc.bigInt({ min: 1n, max: 100_000n }),
        quantity: fc.bigInt({ min: 0n, max: 1_000n }),
      }),
      {
        maxLength: 10,
      },
    );
    fc.assert(
      fc.property(
        schedule,
        fc.array(level, { maxLength: 20 }),
        prints,
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.bigInt({ min: 1n, max: 5_000n }),
        (s, asks: BookLevel[], tape, limit, quantity) => {
          const sc = { priceScale: 3, quantityScale: 0, currencyScale: 2 };
          const frozen = buyCost(s, { value: tradeValue(limit * quantity, sc), quantity }, sc).total;
          const arrival = fillLimit('buy', quantity, limit, { bids: [], asks });
          let { notional, filled, unfilled } = arrival;
          for (const print of tape) {
            if (unfilled === 0n) break;
            const resting = fillResting(
              { side: 'buy', limitPrice: limit, remaining: unfilled },
              { kind: 'trade', ...print },
            );
            notional += resting.notional;
            filled += resting.filled;
            unfilled = resting.unfilled;
          }
          const paid = buyCost(s, { value: tradeValue(notional, sc), quantity: filled }, sc).total;
          expect(paid <= frozen).toBe(true);
        },
      ),
    );
  });
});
