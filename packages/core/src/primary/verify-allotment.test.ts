import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allot, seedCommitment } from './allotment';
import { verifyAllotment } from './verify-allotment';

const publish = (lotsOffered: number, applied: number[], seed: string) => {
  const result = allot({
    lotsOffered,
    applications: applied.map((lots, i) => ({ id: String(i + 1), lotsApplied: lots })),
    seed,
  });
  return {
    lotsOffered,
    seed,
    seedCommitment: seedCommitment(seed),
    lines: result.lines.map((l) => ({
      subscriptionId: Number(l.id),
      lotsApplied: l.lotsApplied,
      lotsAllotted: l.lotsAllotted,
    })),
  };
};

describe('verifyAllotment', () => {
  it('reproduces any honest allotment, for any applications and seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }),
        fc.string(),
        (offered, applied, seed) => {
          expect(verifyAllotment(publish(offered, applied, seed))).toEqual([]);
        },
      ),
    );
  });

  it('catches a lot moved from one investor to another', () => {
    const honest = publish(10, [8, 5, 3], 'seed');
    const [first, second, ...rest] = honest.lines;
    if (!first || !second) throw new Error('three lines expected');
    const moved = {
      ...honest,
      lines: [
        { ...first, lotsAllotted: first.lotsAllotted - 1 },
        { ...second, lotsAllotted: second.lotsAllotted + 1 },
        ...rest,
      ],
    };
    expect(verifyAllotment(moved)).toEqual([
      `subscription 1: published ${first.lotsAllotted - 1} lots, recomputed ${first.lotsAllotted}`,
      `subscription 2: published ${second.lotsAllotted + 1} lots, recomputed ${second.lotsAllotted}`,
    ]);
  });

  it('catches a seed swapped after the commitment', () => {
    const honest = publish(3, [1, 1, 1, 1, 1, 1], 'committed');
    const swapped = {
      ...publish(3, [1, 1, 1, 1, 1, 1], 'chosen later'),
      seedCommitment: honest.seedCommitment,
    };
    expect(verifyAllotment(swapped)[0]).toBe(
      'the revealed seed is not the one committed to: its SHA-256 differs from the published digest',
    );
  });
});
