import { describe, expect, it } from 'vitest';
import { keptMax, rememberSeen, seenIds } from './seen-dialogs';

describe('the dialogs a device has seen', () => {
  it('reads ids only, and nothing from a value of another shape', () => {
    expect(seenIds([3, '4', 5.5, null, 7])).toEqual([3, 7]);
    expect(seenIds({ id: 3 })).toEqual([]);
    expect(seenIds(null)).toEqual([]);
  });

  it('remembers an id once, newest last, keeping the newest fifty', () => {
    expect(rememberSeen([1, 2], 1)).toEqual([2, 1]);
    const many = Array.from({ length: keptMax }, (_, i) => i + 1);
    const next = rememberSeen(many, 99);
    expect(next).toHaveLength(keptMax);
    expect(next[0]).toBe(2);
    expect(next.at(-1)).toBe(99);
  });
});
