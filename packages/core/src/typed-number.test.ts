import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';
import {
  formatTypedMinor,
  formatTypedNumber,
  parseTypedNumber,
  readTypedInteger,
  readTypedMinor,
  readTypedNumber,
} from './typed-number';

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

describe('parseTypedNumber', () => {
  it('reads the figures of issue 17 in Italian', () => {
    expect(parseTypedNumber('5.000,00', 'it-IT', { scale: 2 })).toEqual({ ok: true, wire: '5000.00' });
    expect(parseTypedNumber('20,50', 'it-IT', { scale: 2 })).toEqual({ ok: true, wire: '20.50' });
    expect(parseTypedNumber('0,001', 'it-IT', { scale: 8 })).toEqual({ ok: true, wire: '0.001' });
    expect(parseTypedNumber('1.000', 'it-IT')).toEqual({ ok: true, wire: '1000' });
    expect(parseTypedNumber('1,5', 'it-IT')).toEqual({ ok: true, wire: '1.5' });
    // A group never starts with 0: "0.001" is a thousandth whichever convention the reader types in.
    expect(parseTypedNumber('0.001', 'it-IT')).toEqual({ ok: true, wire: '0.001' });
    expect(parseTypedNumber('0,001', 'en-US')).toEqual({ ok: true, wire: '0.001' });
  });

  it('reads a trailing decimal mark while typing and a leading one as a zero', () => {
    expect(parseTypedNumber('5,', 'it-IT')).toEqual({ ok: true, wire: '5' });
    expect(parseTypedNumber(',5', 'it-IT')).toEqual({ ok: true, wire: '0.5' });
    expect(parseTypedNumber('.25', 'en-US')).toEqual({ ok: true, wire: '0.25' });
  });

  it('names why it refuses', () => {
    const reason = (typed: string, language: 'it-IT' | 'en-US', scale?: number) => {
      const reading = parseTypedNumber(typed, language, scale === undefined ? {} : { scale });
      return reading.ok ? reading.wire : reading.reason;
    };
    expect(reason('  ', 'it-IT')).toBe('empty');
    expect(reason('-5', 'it-IT')).toBe('negative');
    expect(reason('5,000.00', 'it-IT')).toBe('mixedMarks');
    expect(reason('5.000,00', 'en-US')).toBe('mixedMarks');
    expect(reason('1.00.0', 'it-IT')).toBe('malformed');
    expect(reason('12a', 'en-US')).toBe('malformed');
    expect(reason('1,2,3', 'it-IT')).toBe('malformed');
    expect(reason('0,001', 'it-IT', 2)).toBe('tooManyDecimals');
    expect(reason('12,5', 'it-IT', 0)).toBe('tooManyDecimals');
  });
});

describe('formatTypedNumber', () => {
  it('prefills a price as the language writes it, every place kept', () => {
    expect(formatTypedNumber('20.902', 'it-IT')).toBe('20,902');
    expect(formatTypedNumber('20.902', 'en-US')).toBe('20.902');
    expect(formatTypedNumber('5000.00', 'it-IT')).toBe('5.000,00');
    expect(formatTypedNumber('5000.00', 'en-US')).toBe('5,000.00');
    expect(formatTypedNumber('7', 'it-IT')).toBe('7');
    expect(formatTypedMinor(1000n, 2, 'it-IT')).toBe('10,00');
  });

  it('reads back what it wrote, for every language and scale', () => {
    const languages = ['it-IT', 'en-US'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...languages),
        fc.integer({ min: 0, max: 12 }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        (language, scale, minor) => {
          const wire = formatAmount(minor, scale);
          const typed = formatTypedNumber(wire, language);
          expect(parseTypedNumber(typed, language, { scale })).toEqual({ ok: true, wire });
          expect(readTypedMinor(typed, language, scale)).toBe(minor);
        },
      ),
    );
  });

  it('reads back a whole number grouped by its language', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (n) => {
        const wire = n.toString();
        expect(readTypedNumber(formatTypedNumber(wire, 'it-IT'), 'it-IT')).toBe(wire);
        expect(readTypedNumber(formatTypedNumber(wire, 'en-US'), 'en-US')).toBe(wire);
      }),
    );
  });
});
