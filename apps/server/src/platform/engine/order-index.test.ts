import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderIndex, type OrderSide, type RestingOrder, type Touch } from './order-index';

const order = (
  id: string,
  side: OrderSide,
  price: bigint,
  sequence: bigint,
  symbol = 'ENI.MI',
): RestingOrder => ({
  id,
  symbol,
  side,
  price,
  sequence,
});
const ids = (orders: readonly RestingOrder[]) => orders.map((o) => o.id);

/** What a scan of every order would answer: the reference the index must agree with. */
function scanCrossed(orders: readonly RestingOrder[], symbol: string, touch: Touch) {
  const bySequence = (a: RestingOrder, b: RestingOrder) =>
    a.sequence !== b.sequence ? (a.sequence < b.sequence ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  const buys = orders
    .filter((o) => o.symbol === symbol && o.side === 'buy' && o.price >= touch.ask)
    .sort((a, b) => (a.price !== b.price ? (a.price > b.price ? -1 : 1) : bySequence(a, b)));
  const sells = orders
    .filter((o) => o.symbol === symbol && o.side === 'sell' && o.price <= touch.bid)
    .sort((a, b) => (a.price !== b.price ? (a.price < b.price ? -1 : 1) : bySequence(a, b)));
  return { buys: ids(buys), sells: ids(sells) };
}

/** The best of `values` by `better`, undefined for none: the scan's answer to best and nearest. */
function extreme(values: readonly bigint[], better: (a: bigint, b: bigint) => boolean): bigint | undefined {
  let best: bigint | undefined;
  for (const value of values) if (best === undefined || better(value, best)) best = value;
  return best;
}

/** A deterministic Fisher–Yates shuffle, for rows that come back in no particular order. */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('order index', () => {
  it('a last price of 10.00 reaches buys limited at 10.00 or more and sells at 10.00 or less, best price first', () => {
    const index = new OrderIndex();
    index.load([
      order('b999', 'buy', 999n, 1n),
      order('b1000', 'buy', 1000n, 2n),
      order('b1010', 'buy', 1010n, 3n),
      order('s990', 'sell', 990n, 4n),
      order('s1000', 'sell', 1000n, 5n),
      order('s1001', 'sell', 1001n, 6n),
    ]);
    const crossed = index.crossed('ENI.MI', 1000n);
    expect(ids(crossed.buys)).toEqual(['b1010', 'b1000']);
    expect(ids(crossed.sells)).toEqual(['s990', 's1000']);
    expect(index.best('ENI.MI')).toEqual({ buy: 1010n, sell: 990n });
  });

  it('with a spread, buys are reached by the ask and sells by the bid', () => {
    const index = new OrderIndex();
    index.load([
      order('b1000', 'buy', 1000n, 1n),
      order('s1000', 'sell', 1000n, 2n),
      order('b1002', 'buy', 1002n, 3n),
    ]);
    // Bid 9.99, ask 10.01: neither limit at 10.00 is reached; the buy at 10.02 is.
    const crossed = index.crossed('ENI.MI', { bid: 999n, ask: 1001n });
    expect(ids(crossed.buys)).toEqual(['b1002']);
    expect(crossed.sells).toEqual([]);
    expect(ids(index.crossed('ENI.MI', { bid: 1000n, ask: 1000n }).sells)).toEqual(['s1000']);
  });

  it('at one price the earlier order comes first, whatever order the index learnt them in', () => {
    const index = new OrderIndex();
    index.add(order('third', 'sell', 2500n, 30n));
    index.add(order('first', 'sell', 2500n, 10n));
    index.add(order('cheaper', 'sell', 2499n, 40n));
    index.add(order('second', 'sell', 2500n, 20n));
    expect(ids(index.crossed('ENI.MI', 2500n).sells)).toEqual(['cheaper', 'first', 'second', 'third']);
    expect(ids(index.side('ENI.MI', 'sell'))).toEqual(['cheaper', 'first', 'second', 'third']);
  });

  it('crossing leaves the orders resting: a thin book may fill only some of them', () => {
    const index = new OrderIndex();
    index.add(order('a', 'buy', 500n, 1n));
    index.add(order('b', 'buy', 500n, 2n));
    expect(ids(index.crossed('ENI.MI', 500n).buys)).toEqual(['a', 'b']);
    expect(ids(index.crossed('ENI.MI', 500n).buys)).toEqual(['a', 'b']);
    expect(index.size).toBe(2);
    // The first fills completely and is removed; the second keeps its place.
    index.remove('a');
    index.add(order('c', 'buy', 500n, 3n));
    expect(ids(index.crossed('ENI.MI', 500n).buys)).toEqual(['b', 'c']);
  });

  it('removing by id takes out that order only, and an unknown id changes nothing', () => {
    const index = new OrderIndex();
    const kept = order('kept', 'buy', 700n, 1n);
    index.add(kept);
    index.add(order('cancelled', 'buy', 700n, 2n));
    index.add(order('other-symbol', 'buy', 700n, 3n, 'ISP.MI'));
    expect(index.remove('cancelled')?.id).toBe('cancelled');
    expect(index.remove('cancelled')).toBeUndefined();
    expect(index.remove('never-there')).toBeUndefined();
    expect(index.has('cancelled')).toBe(false);
    expect(index.get('kept')).toBe(kept);
    expect(index.size).toBe(2);
    expect(ids(index.crossed('ENI.MI', 1n).buys)).toEqual(['kept']);
    expect(ids(index.crossed('ISP.MI', 1n).buys)).toEqual(['other-symbol']);
    index.remove('kept');
    expect(index.crossed('ENI.MI', 1n)).toEqual({ buys: [], sells: [] });
    expect(index.best('ENI.MI')).toEqual({ buy: undefined, sell: undefined });
  });

  it('refuses an id it already holds and keeps the first', () => {
    const index = new OrderIndex();
    index.add(order('x', 'buy', 100n, 1n));
    expect(() => index.add(order('x', 'sell', 90n, 2n))).toThrow(/already in the index/);
    expect(index.size).toBe(1);
    expect(ids(index.crossed('ENI.MI', 100n).buys)).toEqual(['x']);
    expect(index.crossed('ENI.MI', 100n).sells).toEqual([]);
  });

  it('orders prices beyond 2^53 exactly: bigint, never a float', () => {
    const high = 2n ** 70n;
    const index = new OrderIndex();
    index.add(order('at', 'sell', high, 1n));
    index.add(order('one-above', 'sell', high + 1n, 2n));
    index.add(order('one-below', 'sell', high - 1n, 3n));
    expect(ids(index.crossed('ENI.MI', high).sells)).toEqual(['one-below', 'at']);
    expect(ids(index.crossed('ENI.MI', high + 1n).sells)).toEqual(['one-below', 'at', 'one-above']);
  });

  it('files an order where it was when added, so removal works even if the caller changes the object', () => {
    const index = new OrderIndex<RestingOrder & { price: bigint }>();
    const mutable = { id: 'm', symbol: 'ENI.MI', side: 'buy' as const, price: 1000n, sequence: 1n };
    index.add(mutable);
    mutable.price = 5n;
    expect(ids(index.crossed('ENI.MI', 1000n).buys)).toEqual(['m']);
    expect(index.remove('m')).toBe(mutable);
    expect(index.size).toBe(0);
  });

  it('load replaces what was there: a restart rebuilt from the rows answers as the index it replaces', () => {
    const rows = [
      order('s1', 'sell', 1010n, 1n),
      order('b1', 'buy', 990n, 2n),
      order('s2', 'sell', 1010n, 3n),
      order('b2', 'buy', 995n, 4n),
      order('b3', 'buy', 990n, 5n, 'ISP.MI'),
    ];
    const live = new OrderIndex();
    for (const row of rows) live.add(row);
    live.add(order('gone', 'buy', 2000n, 6n));
    live.remove('gone');
    const rebuilt = new OrderIndex();
    rebuilt.add(order('stale', 'sell', 1n, 0n));
    rebuilt.load([...rows].reverse());
    expect(rebuilt.has('stale')).toBe(false);
    expect(rebuilt.size).toBe(live.size);
    for (const symbol of ['ENI.MI', 'ISP.MI']) {
      for (const side of ['buy', 'sell'] as const)
        expect(rebuilt.side(symbol, side)).toEqual(live.side(symbol, side));
      expect(rebuilt.crossed(symbol, { bid: 1010n, ask: 990n })).toEqual(
        live.crossed(symbol, { bid: 1010n, ask: 990n }),
      );
    }
  });

  it('after any adds, removals and loads, crossing and the best prices answer exactly what a scan of every order answers', () => {
    const symbols = ['ENI.MI', 'ISP.MI', 'AAPL'];
    const price = fc.bigInt(95n, 105n); // a narrow range, so many orders share a price
    const op = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('add' as const),
          symbol: fc.constantFrom(...symbols),
          side: fc.constantFrom<OrderSide>('buy', 'sell'),
          price,
          sequence: fc.bigInt(0n, 20n),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('cross' as const),
          symbol: fc.constantFrom(...symbols),
          bid: price,
          spread: fc.bigInt(0n, 3n),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), seed: fc.nat() }) },
    );
    fc.assert(
      fc.property(fc.bigInt(0n, 2n ** 80n), fc.array(op, { maxLength: 200 }), (offset, ops) => {
        const index = new OrderIndex();
        let live: RestingOrder[] = [];
        let next = 0;
        for (const step of ops) {
          if (step.kind === 'add') {
            const added = order(`o${next++}`, step.side, offset + step.price, step.sequence, step.symbol);
            index.add(added);
            live.push(added);
          } else if (step.kind === 'remove') {
            if (live.length === 0) continue;
            const removed = live[step.pick % live.length] as RestingOrder;
            expect(index.remove(removed.id)).toBe(removed);
            live = live.filter((o) => o !== removed);
          } else if (step.kind === 'reload') {
            // A restart: the rows come back in whatever order the database returns them.
            index.load(shuffle(live, step.seed));
          } else {
            const touch = { bid: offset + step.bid, ask: offset + step.bid + step.spread };
            const crossed = index.crossed(step.symbol, touch);
            expect({ buys: ids(crossed.buys), sells: ids(crossed.sells) }).toEqual(
              scanCrossed(live, step.symbol, touch),
            );
            const prices = (side: OrderSide) =>
              live.filter((o) => o.symbol === step.symbol && o.side === side).map((o) => o.price);
            expect(index.best(step.symbol)).toEqual({
              buy: extreme(prices('buy'), (a, b) => a > b),
              sell: extreme(prices('sell'), (a, b) => a < b),
            });
          }
          expect(index.size).toBe(live.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
