import { billTypes } from '@piazza/contract/enums';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/en-US';
import { itIT } from '../../i18n/it-IT';

describe('bill type labels', () => {
  it.each(billTypes)('%s has its own label in Italian and in English', (type) => {
    const key = `bills.type.${type}` as const;
    expect(itIT[key]).toBeTruthy();
    expect(enUS[key]).toBeTruthy();
    expect(itIT[key]).not.toContain('_');
    expect(enUS[key]).not.toContain('_');
  });

  it('name every type differently, so two kinds of movement never read the same', () => {
    for (const catalogue of [itIT, enUS]) {
      const labels = billTypes.map((type) => catalogue[`bills.type.${type}`]);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});
