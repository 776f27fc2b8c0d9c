import type { RobotView, StrategyId } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { readTypedInteger, readTypedNumber } from '@piazza/core/typed-number';

/*
 * A product's terms as the form holds them (text as typed) and as the wire wants them. A number the operator's
 * language cannot read is sent as typed, so the server's refusal names the field. Nothing here is a measured
 * figure (a return, a rate, a risk class): the server measures those.
 */

export function emptyDraft() {
  return {
    name: '',
    strategy: 'trend' as StrategyId,
    basket: '',
    level: '1',
    periodDays: '',
    lockDays: '0',
    earlyExit: false,
    minAmount: '',
    maxAmount: '',
    managementFeePercent: '',
  };
}
export type Draft = ReturnType<typeof emptyDraft>;

/** A saved product back into the form; the fee travels back as a fraction and is typed as a percentage. */
export function draftOf(r: RobotView): Draft {
  return {
    name: r.name,
    strategy: r.strategy,
    basket: r.basket.join(','),
    level: String(r.level),
    periodDays: String(r.periodDays),
    lockDays: String(r.lockDays),
    earlyExit: r.earlyExit,
    minAmount: r.minAmount,
    maxAmount: r.maxAmount,
    // "0.015" → "1.50": the exponent shifts the decimal exactly, no float in between.
    managementFeePercent: formatNumber(`${r.managementFee}e2`, 'en-US', 2),
  };
}

export function robotFields(d: Draft, lang: Language, id?: number) {
  const decimal = (text: string) => readTypedNumber(text, lang) ?? text;
  const whole = (text: string) => readTypedInteger(text, lang) ?? text;
  return {
    ...(id === undefined ? {} : { id }),
    name: d.name,
    strategy: d.strategy,
    basket: d.basket,
    level: whole(d.level),
    periodDays: whole(d.periodDays),
    lockDays: whole(d.lockDays),
    earlyExit: d.earlyExit ? 1 : 0,
    minAmount: decimal(d.minAmount),
    maxAmount: decimal(d.maxAmount),
    managementFeePercent: decimal(d.managementFeePercent),
  };
}
