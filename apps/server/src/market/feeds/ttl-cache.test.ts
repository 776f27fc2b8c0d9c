import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

const clockAt = (ms: number) => ({ ms, now: () => ms });

describe('TtlCache', () => {
  it('loads a key once for everyone asking at the same moment, and again when its time is up', async () => {
    const clock = {
      ms: 0,
      now() {
        return this.ms;
      },
    };
    const cache = new TtlCache<number>(clock, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load, () => 1_000), cache.get('k', load, () => 1_000)])).toEqual(
      [1, 1],
    );
    clock.ms = 999;
    expect(await cache.get('k', load, () => 1_000)).toBe(1);
    clock.ms = 1_000;
    expect(await cache.get('k', load, () => 1_000)).toBe(2);
  });

  it('forgets a failed load at once', async () => {
    const cache = new TtlCache<string>(clockAt(0), 10);
    await expect(
      cache.get(
        'k',
        () => Promise.reject(new Error('down')),
        () => 1_000,
      ),
    ).rejects.toThrow('down');
    expect(
      await cache.get(
        'k',
        async () => 'up',
        () => 1_000,
      ),
    ).toBe('up');
  });

  it('drops the least recently used key beyond its size', async () => {
    const cache = new TtlCache<string>(clockAt(0), 2);
    await cache.get(
      'a',
      async () => 'a1',
      () => 1_000,
    );
    await cache.get(
      'b',
      async () => 'b1',
      () => 1_000,
    );
    await cache.get(
      'a',
      async () => 'a2',
      () => 1_000,
    ); // a is used again, so b is the oldest
    await cache.get(
      'c',
      async () => 'c1',
      () => 1_000,
    );
    expect(
      await cache.get(
        'a',
        async () => 'a3',
        () => 1_000,
      ),
    ).toBe('a1');
    expect(
      await cache.get(
        'b',
        async () => 'b2',
        () => 1_000,
      ),
    ).toBe('b2');
  });
});
