import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTimeOfDay } from './format-date';

const at = (iso: string) => Date.parse(iso);

describe('formatDateTime: Italian time, with daylight saving', () => {
  it.each([
    // Winter: UTC+1.
    ['2026-11-21T13:05:00Z', '21-11-2026 14:05'],
    ['2026-01-15T08:30:59.999Z', '15-01-2026 09:30'],
    // Summer: UTC+2.
    ['2026-07-01T12:00:00Z', '01-07-2026 14:00'],
    // Spring forward, last Sunday of March 2026 (29th): at 01:00 UTC 02:00 becomes 03:00.
    ['2026-03-29T00:00:00Z', '29-03-2026 01:00'],
    ['2026-03-29T00:59:00Z', '29-03-2026 01:59'],
    ['2026-03-29T01:00:00Z', '29-03-2026 03:00'],
    ['2026-03-29T01:01:00Z', '29-03-2026 03:01'],
    ['2026-03-28T12:00:00Z', '28-03-2026 13:00'],
    ['2026-03-29T12:00:00Z', '29-03-2026 14:00'],
    // Fall back, last Sunday of October 2026 (25th): 02:00–02:59 happens twice.
    ['2026-10-25T00:00:00Z', '25-10-2026 02:00'],
    ['2026-10-25T00:59:00Z', '25-10-2026 02:59'],
    ['2026-10-25T01:00:00Z', '25-10-2026 02:00'],
    ['2026-10-25T01:59:00Z', '25-10-2026 02:59'],
    ['2026-10-25T02:00:00Z', '25-10-2026 03:00'],
    ['2026-10-24T12:00:00Z', '24-10-2026 14:00'],
    ['2026-10-25T12:00:00Z', '25-10-2026 13:00'],
    // The same rules in another year: 30 March and 26 October 2025.
    ['2025-03-30T00:59:00Z', '30-03-2025 01:59'],
    ['2025-03-30T01:00:00Z', '30-03-2025 03:00'],
    ['2025-10-26T00:30:00Z', '26-10-2025 02:30'],
    ['2025-10-26T01:30:00Z', '26-10-2025 02:30'],
    // Midnight in Rome is the previous evening in UTC, an hour earlier in summer than in winter.
    ['2026-12-31T22:59:00Z', '31-12-2026 23:59'],
    ['2026-12-31T23:00:00Z', '01-01-2027 00:00'],
    ['2026-06-30T21:59:00Z', '30-06-2026 23:59'],
    ['2026-06-30T22:00:00Z', '01-07-2026 00:00'],
    ['2026-06-30T23:00:00Z', '01-07-2026 01:00'],
    ['2028-02-28T23:00:00Z', '29-02-2028 00:00'],
    ['1970-01-01T00:00:00Z', '01-01-1970 01:00'],
  ])('%s → %s', (iso, shown) => {
    expect(formatDateTime(at(iso))).toBe(shown);
  });
});

describe('formatDate: the day in Italy', () => {
  it.each([
    ['2026-11-21T13:05:00Z', '21-11-2026'],
    ['2026-12-31T22:59:59.999Z', '31-12-2026'],
    ['2026-12-31T23:00:00Z', '01-01-2027'],
    ['2026-06-30T21:59:59.999Z', '30-06-2026'],
    ['2026-06-30T22:00:00Z', '01-07-2026'],
    ['2026-03-29T01:00:00Z', '29-03-2026'],
    ['2026-10-25T01:00:00Z', '25-10-2026'],
    ['0999-05-04T12:00:00Z', '04-05-0999'],
  ])('%s → %s', (iso, shown) => {
    expect(formatDate(at(iso))).toBe(shown);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1])('shows %d as a missing figure', (epochMs) => {
    expect(formatDate(epochMs)).toBe('--');
    expect(formatDateTime(epochMs)).toBe('--');
    expect(formatTimeOfDay(epochMs)).toBe('--');
  });
});

describe('formatTimeOfDay: the time in Italy to the second', () => {
  it.each([
    ['2026-11-21T13:05:09Z', '14:05:09'],
    ['2026-07-01T07:00:00.999Z', '09:00:00'],
    ['2026-12-31T23:00:00Z', '00:00:00'],
    ['2026-10-25T01:30:59Z', '02:30:59'],
  ])('%s → %s', (iso, shown) => {
    expect(formatTimeOfDay(at(iso))).toBe(shown);
  });
});
