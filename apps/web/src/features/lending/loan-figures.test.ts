import { describe, expect, it } from 'vitest';
import {
  calendarDateText,
  canRepay,
  canWithdraw,
  notRatedReason,
  pointsText,
  rateFor,
  rateText,
  stateTone,
} from './loan-figures';

const secci = { withdrawalDays: 14 } as const;

describe('loan figures', () => {
  it('writes a wire calendar date day-month-year', () => {
    expect(calendarDateText('2026-12-23')).toBe('23-12-2026');
    expect(calendarDateText(null)).toBe('--');
    expect(calendarDateText('23/12/2026')).toBe('--');
  });

  it('writes rates with their own decimals in the reader’s language', () => {
    expect(rateText('12.00', 'it-IT')).toBe('12,00%');
    expect(rateText('12.7', 'en-US')).toBe('12.7%');
  });

  it('allows repayment of a loan in progress, withdrawal only through the 14th day', () => {
    expect(canRepay({ state: 'active' })).toBe(true);
    expect(canRepay({ state: 'overdue' })).toBe(true);
    expect(canRepay({ state: 'repaying' })).toBe(false);
    expect(canWithdraw({ state: 'active', daysBorrowed: 14, secci: secci as never })).toBe(true);
    expect(canWithdraw({ state: 'active', daysBorrowed: 15, secci: secci as never })).toBe(false);
    expect(canWithdraw({ state: 'review', daysBorrowed: 0, secci: secci as never })).toBe(false);
  });

  it('colours the states', () => {
    expect(stateTone('active')).toBe('good');
    expect(stateTone('overdue')).toBe('bad');
    expect(stateTone('review')).toBe('wait');
    expect(stateTone('repaid')).toBe('done');
  });

  it('says why there is no score: identity first, then history', () => {
    const factor = (points: number) => [{ key: 'identity' as const, points, limit: 25 }];
    expect(notRatedReason({ factors: factor(0) })).toBe('identity');
    expect(notRatedReason({ factors: factor(25) })).toBe('history');
  });

  it('signs points', () => {
    expect(pointsText(25)).toBe('+25');
    expect(pointsText(-6)).toBe('−6');
    expect(pointsText(0)).toBe('0');
  });
});

describe('rateFor', () => {
  const rates = [
    { days: 90, rate: '11.50' },
    { days: 30, rate: '12.00' },
    { days: 365, rate: '10.00' },
  ];
  it('takes the shortest row that covers the term', () => {
    expect(rateFor(rates, 1)).toBe('12.00');
    expect(rateFor(rates, 30)).toBe('12.00');
    expect(rateFor(rates, 31)).toBe('11.50');
    expect(rateFor(rates, 365)).toBe('10.00');
    expect(rateFor(rates, 366)).toBeNull();
  });
});
