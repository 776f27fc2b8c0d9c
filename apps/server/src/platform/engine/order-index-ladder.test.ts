import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LadderDirection, type LadderKey, PriceLadder } from './order-index-ladder';

/** The AVL bound: height < 1.4405·log2(n + 2) − 0.3277. */
const heightMax = (n: number) => Math.floor(1.4405 * Math.log2(n + 2) - 0.3277);

function byPriority(direction: LadderDirection) {
  return (a: LadderKey, b: LadderKey) => {
    if (a.price !== b.price) return a.price < b.price === (direction === 'ascending') ? -1 : 1;
    if (a.sequence !== b.sequence) return a.sequence < b.sequence ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

describe('price ladder', () => {
  it('stays balanced when entries arrive already sorted, the worst case for a plain search tree', () => {
    const ladder = new PriceLadder<number>('ascending');
    for (let i = 0; i < 10_000; i++) ladder.insert({ price: BigInt(i), sequence: 0n, id: `o${i}` }, i);
    expect(ladder.size).toBe(10_000);
    expect(ladder.height).toBeLessThanOrEqual(heightMax(10_000));
    // Delete every other one, from the front, then check again.
    for (let i = 0; i < 10_000; i += 2)
      expect(ladder.delete({ price: BigInt(i), sequence: 0n, id: `o${i}` })).toBe(true);
    expect(ladder.size).toBe(5_000);
    expect(ladder.height).toBeLessThanOrEqual(heightMax(5_000));
    expect(ladder.first()?.value).toBe(1);
  });

  it('refuses a key it already holds and deletes nothing it does not hold', () => {
    const ladder = new PriceLadder<string>('descending');
    ladder.insert({ price: 100n, sequence: 1n, id: 'a' }, 'a');
    expect(() => ladder.insert({ price: 100n, sequence: 1n, id: 'a' }, 'again')).toThrow(/already holds a/);
    expect(ladder.delete({ price: 100n, sequence: 2n, id: 'a' })).toBe(false);
    expect(ladder.values()).toEqual(['a']);
    expect(ladder.size).toBe(1);
  });

  it('after any inserts and deletes holds exactly the live entries, in priority order, balanced', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        price: fc.bigInt(-5n, 5n),
        sequence: fc.bigInt(0n, 3n),
      }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('take' as const), bound: fc.bigInt(-6n, 6n) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<LadderDirection>('ascending', 'descending'),
        fc.array(op, { maxLength: 300 }),
        (direction, ops) => {
          const ladder = new PriceLadder<string>(direction);
          let live: LadderKey[] = [];
          const order = byPriority(direction);
          const reaches = (bound: bigint, price: bigint) =>
            direction === 'ascending' ? price <= bound : price >= bound;
          let next = 0;
          for (const step of ops) {
            if (step.kind === 'insert') {
              const key = { price: step.price, sequence: step.sequence, id: `o${next++}` };
              ladder.insert(key, key.id);
              live.push(key);
            } else if (step.kind === 'delete') {
              if (live.length === 0) continue;
              const key = live[step.pick % live.length] as LadderKey;
              expect(ladder.delete(key)).toBe(true);
              live = live.filter((k) => k !== key);
            } else {
              const expected = live
                .filter((k) => reaches(step.bound, k.price))
                .sort(order)
                .map((k) => k.id);
              expect(ladder.reached(step.bound)).toEqual(expected);
              expect(ladder.takeReached(step.bound)).toEqual(expected);
              live = live.filter((k) => !reaches(step.bound, k.price));
            }
            expect(ladder.size).toBe(live.length);
            expect(ladder.height).toBeLessThanOrEqual(heightMax(live.length));
          }
          expect(ladder.values()).toEqual([...live].sort(order).map((k) => k.id));
        },
      ),
      { numRuns: 300 },
    );
  });
});
