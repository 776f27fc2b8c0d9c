import { describe, expect, it } from 'vitest';
import { readTypedInteger, readTypedNumber } from './typed-number';

describe('readTypedNumber', () => {
  it('reads Italian numbers as Italians write them', () => {
    expect(readTypedNumber('5.000,00', 'it-IT')).toBe('5000.00');
    expect(readTypedNumber('1.234.567,5', 'it-IT')).toBe('1234567.5');
    expect(readTypedNumber('150,50', 'it-IT')).toBe('150.50');
    expect(readTypedNumber(' 1 000 ', 'it-IT')).toBe('1000');
    expect(readTypedNumber('1.000', 'it-IT')).toBe('1000');
  });

  it('reads English numbers as English readers write them', () => {
    expect(readTypedNumber('5,000.00', 'en-US')).toBe('5000.00');
    expect(readTypedNumber('150.5', 'en-US')).toBe('150.5');
    expect(readTypedNumber('1,000', 'en-US')).toBe('1000');
  });

  it('understands the other convention’s decimal mark where it cannot be a thousands group', () => {
    expect(readTypedNumber('150.5', 'it-IT')).toBe('150.5');
    expect(readTypedNumber('12,75', 'en-US')).toBe('12.75');
  });

  it('refuses what is not a number', () => {
    for (const text of ['', '-5', '1,2,3', '5.000,00,1', '1.00.0', 'abc', '1e5', '5,000.00', '.5']) {
      expect(readTypedNumber(text, 'it-IT'), text).toBeNull();
    }
    expect(readTypedNumber('5.000,00', 'en-US')).toBeNull();
  });
});

describe('readTypedInteger', () => {
  it('reads whole numbers with their thousands groups, and nothing with a fraction', () => {
    expect(readTypedInteger('1.000', 'it-IT')).toBe(1000);
    expect(readTypedInteger('1,000', 'en-US')).toBe(1000);
    expect(readTypedInteger('12', 'it-IT')).toBe(12);
    expect(readTypedInteger('12,5', 'it-IT')).toBeNull();
    expect(readTypedInteger('', 'en-US')).toBeNull();
  });
});
