import { describe, expect, it } from 'vitest';
import {
  fractionPercent,
  missingReason,
  navText,
  profitTone,
  riskTone,
  signedMoney,
  winsOf,
} from './figure-text';

describe('fractionPercent', () => {
  it('writes a fraction in percent as each language does', () => {
    expect(fractionPercent('0.0734', 'it-IT')).toBe('7,34\u00a0%');
    expect(fractionPercent('0.0734', 'en-US')).toBe('7.34%');
    expect(fractionPercent('0.015', 'it-IT')).toBe('1,50\u00a0%');
    expect(fractionPercent('1.25', 'en-US')).toBe('125.00%');
  });

  it('signs a return when asked, and truncates rather than rounding up', () => {
    expect(fractionPercent('0.123456', 'it-IT', { signed: true })).toBe('+12,34\u00a0%');
    expect(fractionPercent('-0.049999', 'en-US', { signed: true })).toBe('-4.99%');
    expect(fractionPercent('0.000001', 'en-US', { signed: true })).toBe('0.00%');
  });

  it('shows the missing figure for text that is no number', () => {
    expect(fractionPercent('abc', 'it-IT')).toBe('--');
  });
});

describe('profits', () => {
  it('colours a gain green and a loss red, nothing neither', () => {
    expect(profitTone('12.50')).toBe('up');
    expect(profitTone('-3.10')).toBe('down');
    expect(profitTone('0.00')).toBeNull();
    expect(profitTone('-0.00')).toBeNull();
  });

  it('writes the sign of a gain', () => {
    expect(signedMoney('1250.5', 'EUR', 'it-IT')).toBe('+1.250,50 EUR');
    expect(signedMoney('-3.10', 'EUR', 'en-US')).toBe('-3.10 EUR');
    expect(signedMoney('0.00', 'EUR', 'en-US')).toBe('0.00 EUR');
  });

  it('writes a NAV with four decimals, cut not rounded', () => {
    expect(navText('1.02349999', 'it-IT')).toBe('1,0234');
  });
});

describe('missingReason', () => {
  it('says no session closed before anything else', () => {
    expect(missingReason('totalReturn', { days: 0, roundTrips: 0 })).toBe('figures.missing.noSessions');
    expect(missingReason('hitRate', { days: 0, roundTrips: 0 })).toBe('figures.missing.noSessions');
  });

  it('needs two sessions for a volatility and a closed round trip for a hit rate', () => {
    expect(missingReason('annualisedVolatility', { days: 1, roundTrips: 0 })).toBe(
      'figures.missing.oneSession',
    );
    expect(missingReason('hitRate', { days: 12, roundTrips: 0 })).toBe('figures.missing.noRoundTrips');
  });
});

describe('riskTone', () => {
  it('marks the risk class low, medium or high', () => {
    expect([1, 2, 3, 5, 6, 7].map(riskTone)).toEqual([
      'riskLow',
      'riskLow',
      'riskMid',
      'riskMid',
      'riskHigh',
      'riskHigh',
    ]);
  });
});

describe('winsOf', () => {
  it('counts the winning round trips back from the share the server rounded to six decimals', () => {
    expect(winsOf('0.307692', 13)).toBe(4);
    expect(winsOf('1.000000', 2)).toBe(2);
    expect(winsOf('0.000000', 7)).toBe(0);
  });
});
