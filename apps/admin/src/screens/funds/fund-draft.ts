import type { FundView, fundModes } from '@piazza/contract/calls/fund-shapes';
import type { StrategyId } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { readTypedNumber } from '@piazza/core/typed-number';

/*
 * A fund's terms as the form holds them (text as typed) and as the wire wants them. A number the operator's
 * language cannot read is sent as typed, so the server's refusal names the field. Nothing here is a measured
 * figure (the NAV, a return, the risk class): the server measures those from the book.
 */

export type FundMode = (typeof fundModes)[number];

export function emptyFundDraft() {
  return {
    managerId: '',
    name: '',
    mode: 'manual' as FundMode,
    strategy: 'trend' as StrategyId,
    basket: '',
    minAmount: '',
    managementFeePercent: '',
  };
}
export type FundDraft = ReturnType<typeof emptyFundDraft>;

/** A saved fund back into the form; the fee travels back as a fraction and is typed as a percentage. */
export function fundDraftOf(f: FundView): FundDraft {
  return {
    managerId: String(f.managerId),
    name: f.name,
    mode: f.mode,
    strategy: f.strategy ?? 'trend',
    basket: f.basket.join(','),
    minAmount: f.minAmount,
    // "0.0150" → "1.50": the exponent shifts the decimal exactly, no float in between.
    managementFeePercent: formatNumber(`${f.managementFee}e2`, 'en-US', 2),
  };
}

/** The save call's fields; a fund traded by hand sends no strategy. */
export function fundFields(d: FundDraft, lang: Language, id?: number) {
  const decimal = (text: string) => readTypedNumber(text, lang) ?? text;
  return {
    ...(id === undefined ? {} : { id }),
    managerId: d.managerId,
    name: d.name,
    mode: d.mode,
    ...(d.mode === 'strategy' ? { strategy: d.strategy } : {}),
    basket: d.basket,
    minAmount: decimal(d.minAmount),
    managementFeePercent: decimal(d.managementFeePercent),
  };
}
