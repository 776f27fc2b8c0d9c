import { appropriateness } from '@piazza/core/appropriateness';
import { describe, expect, it } from 'vitest';
import { robotVerdict } from './risk-verdict';

const beginner = {
  products: appropriateness({ experience: 'none', risk: 'low', objective: 'preservation' }),
};
const informed = { products: appropriateness({ experience: 'informed', risk: 'high', objective: 'growth' }) };

describe('robotVerdict', () => {
  it('asks for the questionnaire first', () => {
    expect(robotVerdict(null, 3)).toBe('none');
  });

  it('judges classes 1–3 as shares, 4–5 as crypto, 6–7 as leveraged', () => {
    expect(robotVerdict(informed, 3)).toBe('fit');
    expect(robotVerdict(informed, 5)).toBe('fit');
    expect(robotVerdict(informed, 7)).toBe('fit');
    expect(robotVerdict(beginner, 2)).toBe('warn');
    expect(robotVerdict(beginner, 4)).toBe('warn');
    expect(robotVerdict(beginner, 6)).toBe('refuse');
  });

  it('judges a class it does not know as the riskiest', () => {
    expect(robotVerdict(beginner, 0)).toBe('refuse');
  });
});
