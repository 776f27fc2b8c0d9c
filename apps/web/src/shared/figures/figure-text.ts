import type { MeasuredFigures } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber, missingFigure } from '@piazza/core/format-number';
import { moneyText } from '../money/money-text';

/*
 * How the pages of the managed products (the AI Multiplier, the copy-trading funds) write the figures the
 * server measured: fractions in percent, profits with their sign and colour, NAVs, risk classes, and why a
 * figure the server left null is missing.
 */

/** Italian typography puts a (non-breaking) space before the percent sign; English does not. */
const percentSign: Record<Language, string> = { 'it-IT': '\u00a0%', 'en-US': '%' };

/**
 * A fraction as the wire carries it, in percent, truncated: "0.0734" → "7,34 %" (it-IT), "7.34%" (en-US).
 * `signed` writes a plus on a gain, for returns.
 */
export function fractionPercent(
  fraction: string,
  lang: Language,
  { signed = false, decimals = 2 }: { signed?: boolean; decimals?: number } = {},
): string {
  const number = formatNumber(`${fraction}e2`, lang, decimals);
  if (number === missingFigure) return number;
  const plus = signed && !number.startsWith('-') && /[1-9]/.test(number) ? '+' : '';
  return `${plus}${number}${percentSign[lang]}`;
}

export type ProfitTone = 'up' | 'down' | null;

/** Green for a gain, red for a loss, neither for nothing. */
export function profitTone(amount: string): ProfitTone {
  if (!/[1-9]/.test(amount)) return null;
  return amount.trim().startsWith('-') ? 'down' : 'up';
}

/** A profit with its sign and currency: "+12,50 EUR", "-3,10 EUR", "0,00 EUR". */
export function signedMoney(amount: string, currency: string, lang: Language): string {
  return `${profitTone(amount) === 'up' ? '+' : ''}${moneyText(amount, currency, lang)}`;
}

/** The value of one unit: four decimals read well beside money; the wire keeps eight. */
export function navText(nav: string, lang: Language): string {
  return formatNumber(nav, lang, 4);
}

/** The figures of a measured block that may be null. */
export type NullableFigure =
  | 'totalReturn'
  | 'annualisedReturn'
  | 'annualisedVolatility'
  | 'maxDrawdown'
  | 'hitRate';

/** Why the server could not measure a figure, as the key of its short reason. */
export function missingReason(
  figure: NullableFigure,
  figures: Pick<MeasuredFigures, 'days' | 'roundTrips'>,
): 'figures.missing.noSessions' | 'figures.missing.oneSession' | 'figures.missing.noRoundTrips' {
  if (figures.days === 0) return 'figures.missing.noSessions';
  if (figure === 'annualisedVolatility') return 'figures.missing.oneSession';
  if (figure === 'hitRate') return 'figures.missing.noRoundTrips';
  return 'figures.missing.noSessions';
}

/** The look of a risk class badge: 1–2 low, 3–5 medium, 6–7 high (the PRIIPs scale's thirds, roughly). */
export function riskTone(riskClass: number): 'riskLow' | 'riskMid' | 'riskHigh' {
  if (riskClass <= 2) return 'riskLow';
  return riskClass <= 5 ? 'riskMid' : 'riskHigh';
}

/** The winning round trips behind a hit rate: the server sends the share (six decimals) and the count. */
export function winsOf(hitRate: string, roundTrips: number): number {
  return Math.round(Number(hitRate) * roundTrips);
}
