import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PriceTrigger, type TriggerDirection, TriggerIndex } from './trigger-index';

type Kind = 'take-profit' | 'stop-loss' | 'liquidation';
type Armed = PriceTrigger & { readonly kind: Kind };

const trigger = (
  id: string,
  fires: TriggerDirection,
  level: bigint,
  sequence: bigint,
  symbol = 'BTCUSDT',
): Armed => ({
  id,
  symbol,
  fires,
  level,
  sequence,
  kind: 'take-profit',
});
const ids = (triggers: readonly PriceTrigger[]) => triggers.map((t) => t.id);

/** What a scan of every trigger would fire: the reference the index must agree with. */
function scanFire(triggers: readonly PriceTrigger[], symbol: string, price: bigint): string[] {
  const tie = (a: PriceTrigger, b: PriceTrigger) =>
    a.sequence !== b.sequence ? (a.sequence < b.sequence ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  const above = triggers
    .filter((t) => t.symbol === symbol && t.fires === 'at-or-above' && price >= t.level)
    .sort((a, b) => (a.level !== b.level ? (a.level < b.level ? -1 : 1) : tie(a, b)));
  const below = triggers
    .filter((t) => t.symbol === symbol && t.fires === 'at-or-below' && price <= t.level)
    .sort((a, b) => (a.level !== b.level ? (a.level > b.level ? -1 : 1) : tie(a, b)));
  return ids([...above, ...below]);
}

/** The best of `values` by `better`, undefined for none: the scan's answer to best and nearest. */
function extreme(values: readonly bigint[], better: (a: bigint, b: bigint) => boolean): bigint | undefined {
  let best: bigint | undefined;
  for (const value of values) if (best === undefined || better(value, best)) best = value;
  return best;
}

describe('trigger index', () => {
  it('a holding bought at 100.00 with take profit 110.00 and stop loss 90.00: only the price at a level fires it, once', () => {
    const index = new TriggerIndex<Armed>();
    index.add({ ...trigger('tp', 'at-or-above', 11_000n, 1n), kind: 'take-profit' });
    index.add({ ...trigger('sl', 'at-or-below', 9_000n, 2n), kind: 'stop-loss' });
    expect(index.fire('BTCUSDT', 10_000n)).toEqual([]);
    expect(index.fire('BTCUSDT', 10_999n)).toEqual([]);
    expect(index.fire('BTCUSDT', 9_001n)).toEqual([]);
    const fired = index.fire('BTCUSDT', 11_000n);
    expect(fired.map((t) => [t.id, t.kind])).toEqual([['tp', 'take-profit']]);
    // Fired means gone: the same price again fires nothing, and the stop loss is still armed.
    expect(index.fire('BTCUSDT', 11_000n)).toEqual([]);
    expect(index.has('tp')).toBe(false);
    expect(index.nearest('BTCUSDT')).toEqual({ above: undefined, below: 9_000n });
    expect(ids(index.fire('BTCUSDT', 8_500n))).toEqual(['sl']);
    expect(index.size).toBe(0);
  });

  it('a price that gaps past several levels fires them in the order it passed them', () => {
    const index = new TriggerIndex();
    index.load([
      trigger('up115', 'at-or-above', 115n, 1n),
      trigger('up105', 'at-or-above', 105n, 2n),
      trigger('up110', 'at-or-above', 110n, 3n),
      trigger('up125', 'at-or-above', 125n, 4n),
      trigger('down90', 'at-or-below', 90n, 5n),
      trigger('down95', 'at-or-below', 95n, 6n),
      trigger('down80', 'at-or-below', 80n, 7n),
    ]);
    expect(ids(index.fire('BTCUSDT', 120n))).toEqual(['up105', 'up110', 'up115']);
    expect(ids(index.fire('BTCUSDT', 85n))).toEqual(['down95', 'down90']);
    expect(index.nearest('BTCUSDT')).toEqual({ above: 125n, below: 80n });
  });

  it('triggers at one level fire by sequence, whatever order they were armed in', () => {
    const index = new TriggerIndex();
    index.add(trigger('late', 'at-or-below', 5_000n, 9n));
    index.add(trigger('early', 'at-or-below', 5_000n, 1n));
    index.add(trigger('middle', 'at-or-below', 5_000n, 4n));
    expect(ids(index.fire('BTCUSDT', 5_000n))).toEqual(['early', 'middle', 'late']);
  });

  it('a price on the far side of both kinds fires the at-or-above ones first, then the at-or-below ones', () => {
    const index = new TriggerIndex();
    // A long's stop loss at 101 armed while the price was already below it, and a take profit at 99.
    index.add(trigger('sl', 'at-or-below', 101n, 1n));
    index.add(trigger('tp', 'at-or-above', 99n, 2n));
    expect(ids(index.fire('BTCUSDT', 100n))).toEqual(['tp', 'sl']);
  });

  it('liquidation of a 2:1 long and a 2:1 short on ETH opened at 2,000.00, each at its own price', () => {
    // The derivatives rules compute liquidation prices; here they are given: long at 1,010.00, short at 2,990.00.
    // A long closes at the bid, a short at the ask: one index for each, each fed its price.
    const longs = new TriggerIndex<Armed>();
    const shorts = new TriggerIndex<Armed>();
    longs.add({ ...trigger('long', 'at-or-below', 101_000n, 1n, 'ETHUSDT'), kind: 'liquidation' });
    shorts.add({ ...trigger('short', 'at-or-above', 299_000n, 2n, 'ETHUSDT'), kind: 'liquidation' });
    // Bid 1,010.01, ask 1,010.03: the long survives. Then the bid touches 1,010.00.
    expect(longs.fire('ETHUSDT', 101_001n)).toEqual([]);
    expect(shorts.fire('ETHUSDT', 101_003n)).toEqual([]);
    expect(ids(longs.fire('ETHUSDT', 101_000n))).toEqual(['long']);
    expect(ids(shorts.fire('ETHUSDT', 299_000n))).toEqual(['short']);
  });

  it('a level that changes (margin added) is removed and armed again; an unknown id changes nothing', () => {
    const index = new TriggerIndex();
    const before = trigger('liq', 'at-or-below', 1_500n, 1n);
    index.add(before);
    index.add(trigger('other', 'at-or-below', 1_400n, 2n, 'ETHUSDT'));
    expect(index.remove('liq')).toBe(before);
    expect(index.remove('liq')).toBeUndefined();
    expect(index.remove('never-there')).toBeUndefined();
    index.add({ ...before, level: 1_200n });
    expect(index.fire('BTCUSDT', 1_300n)).toEqual([]);
    expect(ids(index.fire('BTCUSDT', 1_200n))).toEqual(['liq']);
    expect(ids(index.fire('ETHUSDT', 1_400n))).toEqual(['other']);
    expect(index.fire('NOSUCH', 1n)).toEqual([]);
  });

  it('refuses an id it already holds and keeps the first', () => {
    const index = new TriggerIndex();
    index.add(trigger('x', 'at-or-above', 100n, 1n));
    expect(() => index.add(trigger('x', 'at-or-below', 100n, 2n))).toThrow(/already in the index/);
    expect(index.size).toBe(1);
    expect(index.fire('BTCUSDT', 1n)).toEqual([]);
    expect(ids(index.fire('BTCUSDT', 100n))).toEqual(['x']);
  });

  it('compares levels beyond 2^53 exactly', () => {
    const level = 2n ** 64n + 7n;
    const index = new TriggerIndex();
    index.add(trigger('exact', 'at-or-above', level, 1n));
    expect(index.fire('BTCUSDT', level - 1n)).toEqual([]);
    expect(ids(index.fire('BTCUSDT', level))).toEqual(['exact']);
  });

  it('after any arms, disarms, reloads and ticks, fires and names the nearest levels exactly as a scan of every trigger does', () => {
    const symbols = ['BTCUSDT', 'ETHUSDT'];
    const price = fc.bigInt(-10n, 10n);
    const op = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('add' as const),
          symbol: fc.constantFrom(...symbols),
          fires: fc.constantFrom<TriggerDirection>('at-or-above', 'at-or-below'),
          level: price,
          sequence: fc.bigInt(0n, 20n),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('fire' as const),
          symbol: fc.constantFrom(...symbols),
          price,
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const) }) },
    );
    fc.assert(
      fc.property(fc.bigInt(-(2n ** 80n), 2n ** 80n), fc.array(op, { maxLength: 200 }), (offset, ops) => {
        const index = new TriggerIndex();
        let live: PriceTrigger[] = [];
        let next = 0;
        for (const step of ops) {
          if (step.kind === 'add') {
            const armed = trigger(`t${next++}`, step.fires, offset + step.level, step.sequence, step.symbol);
            index.add(armed);
            live.push(armed);
          } else if (step.kind === 'remove') {
            if (live.length === 0) continue;
            const removed = live[step.pick % live.length] as PriceTrigger;
            expect(index.remove(removed.id)).toBe(removed);
            live = live.filter((t) => t !== removed);
          } else if (step.kind === 'reload') {
            index.load([...live].reverse());
          } else {
            const levels = (fires: TriggerDirection) =>
              live.filter((t) => t.symbol === step.symbol && t.fires === fires).map((t) => t.level);
            expect(index.nearest(step.symbol)).toEqual({
              above: extreme(levels('at-or-above'), (a, b) => a < b),
              below: extreme(levels('at-or-below'), (a, b) => a > b),
            });
            const expected = scanFire(live, step.symbol, offset + step.price);
            expect(ids(index.fire(step.symbol, offset + step.price))).toEqual(expected);
            live = live.filter((t) => !expected.includes(t.id));
          }
          expect(index.size).toBe(live.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
