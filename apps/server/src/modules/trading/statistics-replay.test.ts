import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReplayFill, replayFills, winRateBasisPoints } from './statistics-replay';

const fill = (
  orderId: number,
  side: 'buy' | 'sell',
  quantity: bigint,
  value: bigint,
  fee: bigint,
  atMs = 0,
): ReplayFill => ({ orderId: BigInt(orderId), symbol: 'ENI.MI', side, quantity, value, fee, atMs });

describe('replaying the fills of one holding', () => {
  it('takes out the average cost with fees: two buys, a losing sell and a winning one', () => {
    const r = replayFills(
      [
        fill(1, 'buy', 100n, 142_312n, 295n), // cost 1,426.07
        fill(2, 'buy', 50n, 71_150n, 295n), // cost 714.45: 2,140.52 for 150
        fill(3, 'sell', 60n, 85_320n, 295n), // cost out 2,140.52 × 60/150 = 856.21: −5.96
        fill(4, 'sell', 30n, 45_000n, 295n), // cost out 1,284.31 × 30/90 = 428.10: +18.95
      ],
      null,
    );
    expect(r.realisedPnl).toBe(1_299n);
    expect(r.sellPnl).toEqual(
      new Map([
        [3n, -596n],
        [4n, 1_895n],
      ]),
    );
    expect(r.holdings.get('ENI.MI')).toEqual({ quantity: 60n, cost: 85_621n });
    expect([r.fees, r.boughtValue, r.soldValue, r.fills]).toEqual([1_180n, 213_462n, 130_320n, 4]);
  });

  it('counts in a window only the fills inside it, with the cost of the whole history', () => {
    const r = replayFills(
      [fill(1, 'buy', 10n, 10_000n, 300n, 0), fill(2, 'sell', 10n, 12_000n, 300n, 50)],
      50,
    );
    // Bought for 103.00 before the window, sold for 120.00 − 3.00 inside it.
    expect([r.realisedPnl, r.fees, r.boughtValue, r.fills]).toEqual([1_400n, 300n, 0n, 1]);
    expect(r.holdings.get('ENI.MI')).toEqual({ quantity: 0n, cost: 0n });
  });

  it('refuses fills that sell more than was bought', () => {
    expect(() => replayFills([fill(1, 'sell', 1n, 100n, 0n)], null)).toThrow(/sell 1 of ENI.MI with 0 held/);
  });

  it('never creates or loses cost: what was paid is what sells took out plus what is still held', () => {
    const step = fc.record({
      buy: fc.boolean(),
      quantity: fc.bigInt({ min: 1n, max: 1_000n }),
      value: fc.bigInt({ min: 0n, max: 10_000_000n }),
      fee: fc.bigInt({ min: 0n, max: 2_000n }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const fills: ReplayFill[] = [];
        let held = 0n;
        steps.forEach((s, i) => {
          // A sell takes at most what is held, so the sequence is one the order service could produce.
          const quantity = s.buy ? s.quantity : held === 0n ? 0n : ((s.quantity - 1n) % held) + 1n;
          if (quantity === 0n) return;
          held += s.buy ? quantity : -quantity;
          fills.push(fill(i + 1, s.buy ? 'buy' : 'sell', quantity, s.value, s.fee));
        });
        const r = replayFills(fills, null);
        const paid = fills.filter((f) => f.side === 'buy').reduce((a, f) => a + f.value + f.fee, 0n);
        const received = fills.filter((f) => f.side === 'sell').reduce((a, f) => a + f.value - f.fee, 0n);
        const holding = r.holdings.get('ENI.MI') ?? { quantity: 0n, cost: 0n };
        expect(holding.quantity).toBe(held);
        expect(paid - holding.cost).toBe(received - r.realisedPnl);
        if (held === 0n) expect(holding.cost).toBe(0n);
        expect(holding.cost >= 0n).toBe(true);
      }),
    );
  });
});

describe('the win rate', () => {
  it('is wins over closed sells in percent at two decimals, half-even, and none without a sell', () => {
    expect(winRateBasisPoints(1, 2)).toBe(5_000n);
    expect(winRateBasisPoints(2, 3)).toBe(6_667n);
    expect(winRateBasisPoints(1, 8)).toBe(1_250n);
    expect(winRateBasisPoints(0, 0)).toBeNull();
  });
});
