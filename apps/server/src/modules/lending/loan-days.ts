import { isoOfDay } from '../../market/calendar/civil-date';
import { localDayOf } from '../../market/calendar/zoned-time';

/*
 * A loan's days are Italian calendar days (Europe/Rome): borrowed on the 23rd and repaid on the 3rd of the next
 * month is the number of midnights in Rome between them. A day is a day number (days since 1970-01-01).
 */

export const loanZone = 'Europe/Rome';
export const withdrawalDays = 14;

export const romeDay = (ms: number): number => localDayOf(loanZone, ms);
export const isoDay = (dayNumber: number): string => isoOfDay(dayNumber);
