import { describe, expect, it } from 'vitest';
import { rememberSearch, searchHistoryMax } from './search-history';

describe('the search history (searchHistoryData)', () => {
  it('puts the latest search first and drops an earlier one of the same words', () => {
    expect(rememberSearch(['eni', 'ferrari'], 'Ferrari')).toEqual(['Ferrari', 'eni']);
    expect(rememberSearch(['intesa  sanpaolo'], ' Intesa Sanpaolo ')).toEqual(['Intesa Sanpaolo']);
  });

  it('keeps only the latest ten', () => {
    const full = Array.from({ length: searchHistoryMax }, (_, i) => `s${i}`);
    const next = rememberSearch(full, 'new');
    expect(next).toHaveLength(searchHistoryMax);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`s${searchHistoryMax - 1}`);
  });

  it('ignores a blank search', () => {
    expect(rememberSearch(['eni'], '   ')).toEqual(['eni']);
  });
});
