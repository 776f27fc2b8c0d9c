import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../sha256';
import { allot, drawKey, seedCommitment } from './allotment';

describe('allot', () => {
  it('gives everyone what they applied for when the offering is undersubscribed', () => {
    const result = allot({
      lotsOffered: 100,
      applications: [
        { id: 'a', lotsApplied: 30 },
        { id: 'b', lotsApplied: 50 },
      ],
      seed: 'any',
    });
    expect(result.oversubscribed).toBe(false);
    expect(result.lines.map((l) => [l.id, l.lotsAllotted, l.drawPosition])).toEqual([
      ['a', 30, null],
      ['b', 50, null],
    ]);
    expect(result.lotsAllottedTotal).toBe(80);
    expect(result.lotsDrawn).toBe(0);
  });

  it('shares 10 lots among 3, 5 and 7 lots applied pro rata and draws the 2 left over by the seed', () => {
    // 15 lots applied for 10: shares 2, 3.33, 4.67 → 2, 3, 4 rounded down, 1 lot left over. The shares
    // cut by rounding are b's and c's; the draw orders them by SHA-256(seed:id).
    const seed = 'published-at-allotment';
    const result = allot({
      lotsOffered: 10,
      applications: [
        { id: 'a', lotsApplied: 3 },
        { id: 'b', lotsApplied: 5 },
        { id: 'c', lotsApplied: 7 },
      ],
      seed,
    });
    expect(result.oversubscribed).toBe(true);
    expect(result.lines.map((l) => l.lotsProRata)).toEqual([2, 3, 4]);
    expect(result.lotsDrawn).toBe(1);
    const first = drawKey(seed, 'b') < drawKey(seed, 'c') ? 'b' : 'c';
    const line = (id: string) => result.lines.find((l) => l.id === id);
    expect(line('a')).toMatchObject({ drawPosition: null, wonDrawnLot: false, lotsAllotted: 2 });
    expect(line(first)).toMatchObject({ drawPosition: 1, wonDrawnLot: true });
    expect(line('b')?.lotsAllotted).toBe(first === 'b' ? 4 : 3);
    expect(line('c')?.lotsAllotted).toBe(first === 'c' ? 5 : 4);
    expect(result.lotsAllottedTotal).toBe(10);
  });

  it('draws single lots by the seed when there are more applicants than lots', () => {
    const applications = Array.from({ length: 8 }, (_, i) => ({ id: `app-${i}`, lotsApplied: 1 }));
    const seed = 'seed-42';
    const result = allot({ lotsOffered: 3, applications, seed });
    const winners = result.lines.filter((l) => l.lotsAllotted === 1).map((l) => l.id);
    const expected = applications
      .map((a) => a.id)
      .sort((x, y) => (drawKey(seed, x) < drawKey(seed, y) ? -1 : 1))
      .slice(0, 3);
    expect(winners.sort()).toEqual(expected.sort());
    expect(
      allot({ lotsOffered: 3, applications, seed: 'another seed' }).lines.map((l) => l.lotsAllotted),
    ).not.toEqual(result.lines.map((l) => l.lotsAllotted));
  });

  it('commits to the seed with its SHA-256', () => {
    expect(seedCommitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(drawKey('s', 'id-1')).toBe(sha256Hex('s:id-1'));
  });

  it('refuses what is not whole lots or names an application twice', () => {
    expect(() => allot({ lotsOffered: 1.5, applications: [], seed: 's' })).toThrow(RangeError);
    expect(() => allot({ lotsOffered: 5, applications: [{ id: 'a', lotsApplied: 0 }], seed: 's' })).toThrow(
      RangeError,
    );
    expect(() =>
      allot({
        lotsOffered: 5,
        applications: [
          { id: 'a', lotsApplied: 1 },
          { id: 'a', lotsApplied: 2 },
        ],
        seed: 's',
      }),
    ).toThrow(RangeError);
  });

  const applicationsArb = fc.uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 8 }),
      lotsApplied: fc.integer({ min: 1, max: 5_000 }),
    }),
    { selector: (a) => a.id, maxLength: 60 },
  );

  it('never allots more than offered or applied, only whole lots, and the whole offering when oversubscribed', () => {
    fc.assert(
      fc.property(
        applicationsArb,
        fc.integer({ min: 0, max: 200_000 }),
        fc.string(),
        (applications, lotsOffered, seed) => {
          const result = allot({ lotsOffered, applications, seed });
          for (const line of result.lines) {
            expect(Number.isSafeInteger(line.lotsAllotted)).toBe(true);
            expect(line.lotsAllotted).toBeGreaterThanOrEqual(0);
            expect(line.lotsAllotted).toBeLessThanOrEqual(line.lotsApplied);
            expect(line.lotsAllotted - line.lotsProRata).toBe(line.wonDrawnLot ? 1 : 0);
          }
          expect(result.lotsAllottedTotal).toBe(Math.min(lotsOffered, result.lotsAppliedTotal));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is reproduced by a verifier from the published figures, whatever order the applications come in', () => {
    fc.assert(
      fc.property(
        applicationsArb,
        fc.integer({ min: 0, max: 20_000 }),
        fc.string(),
        (applications, lotsOffered, seed) => {
          const result = allot({ lotsOffered, applications, seed });
          const again = allot({ lotsOffered, applications: [...applications].reverse(), seed });
          const byId = new Map(again.lines.map((l) => [l.id, l.lotsAllotted]));
          for (const line of result.lines) expect(byId.get(line.id)).toBe(line.lotsAllotted);
        },
      ),
      { numRuns: 300 },
    );
  });
});
