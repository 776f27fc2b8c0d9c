import { appropriateness } from '@piazza/core/appropriateness';
import { describe, expect, it } from 'vitest';
import { productVerdict } from './risk-verdict';

const beginner = {
  products: appropriateness({ experience: 'none', risk: 'low', objective: 'preservation' }),
};
const informed = { products: appropriateness({ experience: 'informed', risk: 'high', objective: 'growth' }) };

describe('productVerdict', () => {
  it('asks for the questionnaire first', () => {
    expect(productVerdict(null, 3)).toBe('none');
  });

  it('judges classes 1–3 as shares, 4–5 as crypto, 6–7 as leveraged', () => {
    expect(productVerdict(informed, 3)).toBe('fit');
    expect(productVerdict(informed, 5)).toBe('fit');
    expect(productVerdict(informed, 7)).toBe('fit');
    expect(productVerdict(beginner, 2)).toBe('warn');
    expect(productVerdict(beginner, 4)).toBe('warn');
    expect(productVerdict(beginner, 6)).toBe('refuse');
  });

  it('judges a class it does not know as the riskiest', () => {
    expect(productVerdict(beginner, 0)).toBe('refuse');
  });

  it('judges a fund not rated yet as crypto-assets, as the server does', () => {
    expect(productVerdict(beginner, null)).toBe(productVerdict(beginner, 4));
    expect(productVerdict(informed, null)).toBe('fit');
  });
});
