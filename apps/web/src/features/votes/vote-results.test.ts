import { describe, expect, it } from 'vitest';
import { resultRows } from './vote-results';

const base = {
  id: 1,
  question: 'Q',
  opensAt: 0,
  closesAt: 1,
  state: 'open' as const,
  options: [
    { id: 10, label: 'A' },
    { id: 11, label: 'B' },
    { id: 12, label: 'C' },
  ],
};

describe('resultRows', () => {
  it('is empty while the results are hidden', () => {
    expect(resultRows({ ...base, myOption: null, results: null })).toEqual([]);
  });
  it('gives each option its votes, share and the caller’s choice', () => {
    const rows = resultRows({
      ...base,
      myOption: 11,
      results: {
        total: 3,
        counts: [
          { option: 10, votes: 1 },
          { option: 11, votes: 2 },
        ],
      },
    });
    expect(rows.map((r) => [r.label, r.votes, r.percent, r.mine])).toEqual([
      ['A', 1, 33, false],
      ['B', 2, 67, true],
      ['C', 0, 0, false],
    ]);
  });
});
