import { describe, expect, it } from 'vitest';
import { borsaItalianaPublishedClosures, borsaItalianaRuleClosures } from './borsa-italiana';
import { calendarFor } from './calendar-for';
import { dayOfIso, isoOfDay } from './civil-date';
import { easterSunday } from './easter';
import { nysePublished, nyseRuleYear } from './nyse';

const at = (iso: string) => Date.parse(iso);
const isoOf = (ms: number) => new Date(ms).toISOString();
const xmil = calendarFor('XMIL');
const xnys = calendarFor('XNYS');
const crypto = calendarFor('CRYPTO');
const fx = calendarFor('FX');

describe('easter by the computus', () => {
  it.each([
    [1961, '1961-04-02'],
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('%i: %s', (year, iso) => {
    expect(isoOfDay(easterSunday(year))).toBe(iso);
  });
});

describe('session hours in UTC across daylight-saving changes', () => {
  it.each([
    // Borsa Italiana: CET until 29 March 2026, CEST until 25 October 2026.
    ['XMIL', '2026-03-27', '2026-03-27T08:00:00.000Z', '2026-03-27T16:30:00.000Z'],
    ['XMIL', '2026-03-30', '2026-03-30T07:00:00.000Z', '2026-03-30T15:30:00.000Z'],
    ['XMIL', '2026-10-23', '2026-10-23T07:00:00.000Z', '2026-10-23T15:30:00.000Z'],
    ['XMIL', '2026-10-26', '2026-10-26T08:00:00.000Z', '2026-10-26T16:30:00.000Z'],
    // New York: EST until 8 March 2026, EDT until 1 November 2026; the weeks when Europe and the US
    // disagree move New York's open by an hour against Milan.
    ['XNYS', '2026-03-06', '2026-03-06T14:30:00.000Z', '2026-03-06T21:00:00.000Z'],
    ['XNYS', '2026-03-09', '2026-03-09T13:30:00.000Z', '2026-03-09T20:00:00.000Z'],
    ['XNYS', '2026-10-30', '2026-10-30T13:30:00.000Z', '2026-10-30T20:00:00.000Z'],
    ['XNYS', '2026-11-02', '2026-11-02T14:30:00.000Z', '2026-11-02T21:00:00.000Z'],
    // Early closes at 13:00 New York time.
    ['XNYS', '2025-07-03', '2025-07-03T13:30:00.000Z', '2025-07-03T17:00:00.000Z'],
    ['XNYS', '2026-11-27', '2026-11-27T14:30:00.000Z', '2026-11-27T18:00:00.000Z'],
    ['XNYS', '2026-12-24', '2026-12-24T14:30:00.000Z', '2026-12-24T18:00:00.000Z'],
    // Crypto: UTC days. FX: from 22:00 UTC the evening before, Monday's from Sunday evening.
    ['CRYPTO', '2026-03-29', '2026-03-29T00:00:00.000Z', '2026-03-30T00:00:00.000Z'],
    ['FX', '2026-03-30', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z'],
    ['FX', '2026-04-03', '2026-04-02T22:00:00.000Z', '2026-04-03T22:00:00.000Z'],
  ] as const)('%s %s opens %s and closes %s', (id, date, open, close) => {
    const session = calendarFor(id).sessionOnDay(dayOfIso(date));
    expect(session && { open: isoOf(session.open), close: isoOf(session.close) }).toEqual({ open, close });
  });
});

describe('days that do not trade', () => {
  it.each([
    ['XMIL', '2025-08-15', false],
    ['XMIL', '2026-08-14', true],
    ['XMIL', '2026-04-03', false],
    ['XMIL', '2026-04-06', false],
    ['XMIL', '2026-04-07', true],
    ['XMIL', '2026-12-24', false],
    ['XMIL', '2026-12-28', true],
    ['XMIL', '2026-12-31', false],
    ['XMIL', '2027-03-26', false],
    ['XMIL', '2027-03-29', false],
    ['XMIL', '2026-11-21', false],
    ['XNYS', '2025-01-09', false],
    ['XNYS', '2026-04-03', false],
    ['XNYS', '2026-04-06', true],
    ['XNYS', '2026-06-19', false],
    ['XNYS', '2026-07-03', false],
    ['XNYS', '2026-07-02', true],
    ['XNYS', '2027-06-18', false],
    ['XNYS', '2027-07-05', false],
    ['XNYS', '2027-12-24', false],
    // New Year's Day 2028 is a Saturday and is not observed on the Friday before.
    ['XNYS', '2027-12-31', true],
    ['XNYS', '2021-12-31', true],
    ['XNYS', '2021-06-18', true],
    ['XNYS', '2022-06-20', false],
    ['CRYPTO', '2026-12-25', true],
    ['CRYPTO', '2026-11-21', true],
    ['FX', '2026-11-21', false],
    ['FX', '2026-11-22', false],
    ['FX', '2026-12-25', true],
  ] as const)('%s %s trades: %s', (id, date, trades) => {
    expect(calendarFor(id).sessionOnDay(dayOfIso(date)) !== null).toBe(trades);
  });
});

describe('the rules agree with the published lists', () => {
  it.each([2025, 2026, 2027])('Borsa Italiana %i', (year) => {
    expect(borsaItalianaRuleClosures(year).map(isoOfDay)).toEqual(borsaItalianaPublishedClosures[year]);
  });

  it.each([2025, 2026, 2027])('NYSE %i, apart from the unscheduled closure for President Carter', (year) => {
    const rules = nyseRuleYear(year);
    const published = nysePublished[year]!;
    expect(rules.holidays.map(isoOfDay)).toEqual(published.holidays.filter((d) => d !== '2025-01-09'));
    expect(rules.earlyCloses.map(isoOfDay)).toEqual(published.earlyCloses);
  });

  it('gives 2024 as the exchanges published it', () => {
    expect(borsaItalianaRuleClosures(2024).map(isoOfDay)).toEqual([
      '2024-01-01',
      '2024-03-29',
      '2024-04-01',
      '2024-05-01',
      '2024-08-15',
      '2024-12-24',
      '2024-12-25',
      '2024-12-26',
      '2024-12-31',
    ]);
    const nyse = nyseRuleYear(2024);
    expect(nyse.holidays.map(isoOfDay)).toEqual([
      '2024-01-01',
      '2024-01-15',
      '2024-02-19',
      '2024-03-29',
      '2024-05-27',
      '2024-06-19',
      '2024-07-04',
      '2024-09-02',
      '2024-11-28',
      '2024-12-25',
    ]);
    expect(nyse.earlyCloses.map(isoOfDay)).toEqual(['2024-07-03', '2024-11-29', '2024-12-24']);
  });

  it('counts the trading days of 2026', () => {
    const from = at('2026-01-01T00:00:00Z');
    const to = at('2027-01-01T00:00:00Z');
    expect(xmil.sessionsBetween(from, to)).toHaveLength(254);
    expect(xnys.sessionsBetween(from, to)).toHaveLength(251);
    expect(crypto.sessionsBetween(from, to)).toHaveLength(365);
    // FX: 261 weekdays. Thursday 1 January 2026's session opened in 2025; Friday 1 January 2027's opens
    // on 31 December 2026 and takes its place.
    const fxSessions = fx.sessionsBetween(from, to);
    expect(fxSessions).toHaveLength(261);
    expect(isoOfDay(fxSessions.at(-1)!.day)).toBe('2027-01-01');
  });
});

describe('open, closed, previous and next', () => {
  it.each([
    ['XMIL', '2026-11-20T07:59:59.999Z', false],
    ['XMIL', '2026-11-20T08:00:00.000Z', true],
    ['XMIL', '2026-11-20T16:29:59.999Z', true],
    ['XMIL', '2026-11-20T16:30:00.000Z', false],
    ['XMIL', '2026-11-21T10:00:00.000Z', false],
    ['XNYS', '2026-11-27T17:59:00.000Z', true],
    ['XNYS', '2026-11-27T18:00:00.000Z', false],
    ['CRYPTO', '2026-11-21T10:00:00.000Z', true],
    ['FX', '2026-11-20T21:59:59.999Z', true],
    ['FX', '2026-11-20T22:00:00.000Z', false],
    ['FX', '2026-11-22T21:59:59.999Z', false],
    ['FX', '2026-11-22T22:00:00.000Z', true],
  ] as const)('%s at %s is open: %s', (id, iso, open) => {
    expect(calendarFor(id).isOpen(at(iso))).toBe(open);
  });

  it('finds the sessions around a long weekend', () => {
    // Easter 2026 in Milan: closed Friday 3 April and Monday 6 April.
    const saturday = at('2026-04-04T12:00:00Z');
    expect(isoOfDay(xmil.previousSession(saturday).day)).toBe('2026-04-02');
    expect(isoOfDay(xmil.nextSession(saturday).day)).toBe('2026-04-07');
    expect(xmil.sessionOf(saturday)).toBeNull();
  });

  it('in session, previous is the day before and next is the day after', () => {
    const wednesday = at('2026-11-18T10:00:00Z');
    expect(isoOfDay(xmil.sessionOf(wednesday)!.day)).toBe('2026-11-18');
    expect(isoOfDay(xmil.previousSession(wednesday).day)).toBe('2026-11-17');
    expect(isoOfDay(xmil.nextSession(wednesday).day)).toBe('2026-11-19');
  });

  it('at the close instant the session counts as previous; at the open instant it is current', () => {
    const session = xmil.sessionOnDay(dayOfIso('2026-11-18'))!;
    expect(xmil.previousSession(session.close)).toEqual(session);
    expect(xmil.sessionOf(session.open)).toEqual(session);
    expect(xmil.nextSession(session.open - 1)).toEqual(session);
  });

  it('the FX session of Sunday evening is Monday', () => {
    expect(isoOfDay(fx.sessionOf(at('2026-11-22T23:00:00Z'))!.day)).toBe('2026-11-23');
    expect(isoOfDay(fx.previousSession(at('2026-11-22T12:00:00Z')).day)).toBe('2026-11-20');
  });

  it('sessions between two instants are those that open in the range, oldest first', () => {
    const sessions = xnys.sessionsBetween(at('2026-11-23T14:30:00Z'), at('2026-11-30T14:30:00Z'));
    expect(sessions.map((s) => isoOfDay(s.day))).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
    ]);
  });

  it('history before the published years follows the same rules', () => {
    expect(xmil.sessionOnDay(dayOfIso('2019-04-19'))).toBeNull(); // Good Friday 2019
    expect(xnys.sessionOnDay(dayOfIso('2019-01-21'))).toBeNull(); // MLK 2019
    expect(xnys.sessionOnDay(dayOfIso('2018-12-24'))!.close).toBe(at('2018-12-24T18:00:00Z'));
  });
});
