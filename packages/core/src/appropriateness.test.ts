import { describe, expect, it } from 'vitest';
import {
  type AppropriatenessProfile,
  appropriateness,
  experienceLevels,
  investmentObjectives,
  productClasses,
  productClassOfRiskClass,
  riskPreferences,
  verdictFor,
} from './appropriateness';

const every: AppropriatenessProfile[] = experienceLevels.flatMap((experience) =>
  riskPreferences.flatMap((risk) =>
    investmentObjectives.map((objective) => ({ experience, risk, objective })),
  ),
);

describe('appropriateness', () => {
  it('never refuses shares or crypto, and fits shares to anyone with some experience', () => {
    for (const p of every) {
      expect(verdictFor(p, 'shares')).not.toBe('refuse');
      expect(verdictFor(p, 'crypto')).not.toBe('refuse');
      if (p.experience !== 'none') expect(verdictFor(p, 'shares')).toBe('fit');
    }
  });

  it('refuses leveraged products and options without experience or to a low-risk investor', () => {
    for (const p of every.filter((x) => x.experience === 'none' || x.risk === 'low')) {
      expect(verdictFor(p, 'leveraged')).toBe('refuse');
      expect(verdictFor(p, 'options')).toBe('refuse');
    }
    expect(verdictFor({ experience: 'basic', risk: 'high', objective: 'speculation' }, 'options')).toBe(
      'refuse',
    );
  });

  it('warns between, and fits only the experienced who accept high risk', () => {
    expect(verdictFor({ experience: 'basic', risk: 'medium', objective: 'growth' }, 'leveraged')).toBe(
      'warn',
    );
    expect(verdictFor({ experience: 'informed', risk: 'high', objective: 'growth' }, 'leveraged')).toBe(
      'fit',
    );
    expect(verdictFor({ experience: 'informed', risk: 'high', objective: 'growth' }, 'options')).toBe('warn');
    expect(verdictFor({ experience: 'advanced', risk: 'high', objective: 'speculation' }, 'options')).toBe(
      'fit',
    );
  });

  it('caps leveraged products and options at a warning for a capital-preservation objective', () => {
    const p = { experience: 'advanced', risk: 'high', objective: 'preservation' } as const;
    expect(verdictFor(p, 'leveraged')).toBe('warn');
    expect(verdictFor(p, 'options')).toBe('warn');
  });

  it('is monotone: more experience or more risk never makes a verdict stricter', () => {
    const strictness = { fit: 0, warn: 1, refuse: 2 } as const;
    for (const p of every) {
      const ei = experienceLevels.indexOf(p.experience);
      const ri = riskPreferences.indexOf(p.risk);
      for (const product of productClasses) {
        const here = strictness[verdictFor(p, product)];
        const moreExp = experienceLevels[ei + 1];
        const moreRisk = riskPreferences[ri + 1];
        if (moreExp)
          expect(strictness[verdictFor({ ...p, experience: moreExp }, product)]).toBeLessThanOrEqual(here);
        if (moreRisk)
          expect(strictness[verdictFor({ ...p, risk: moreRisk }, product)]).toBeLessThanOrEqual(here);
      }
    }
  });

  it('lists every product class in order', () => {
    expect(appropriateness(every[0]!).map((v) => v.product)).toEqual([...productClasses]);
  });
});

describe('a managed product by its risk class', () => {
  it('is judged as shares up to 3, as crypto at 4 and 5, as leveraged at 6 and 7', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(productClassOfRiskClass)).toEqual([
      'shares',
      'shares',
      'shares',
      'crypto',
      'crypto',
      'leveraged',
      'leveraged',
    ]);
    expect(() => productClassOfRiskClass(0)).toThrow(RangeError);
    expect(() => productClassOfRiskClass(8)).toThrow(RangeError);
  });
});
