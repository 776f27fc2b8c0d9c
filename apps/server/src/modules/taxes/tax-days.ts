import { civilDate, isoOfDay } from '../../market/calendar/civil-date';
import { localDayOf } from '../../market/calendar/zoned-time';

/* Tax years and days are Italian calendar ones (Europe/Rome): a sale at 00:30 on 1 January in Rome is next year's. */

export const taxZone = 'Europe/Rome';
export const romeDayOf = (ms: number): number => localDayOf(taxZone, ms);
export const taxYearOf = (ms: number): number => civilDate(romeDayOf(ms)).year;
export const isoRomeDay = (ms: number): string => isoOfDay(romeDayOf(ms));
