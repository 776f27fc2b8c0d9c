import type { Language } from '@piazza/contract/wire';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { readTypedNumber } from '@piazza/core/typed-number';

/*
 * An amount typed for a managed product (an AI product's subscription, addition or simulation; following a
 * fund or adding to it): read as the reader's language writes numbers ("5.000,00" in Italian, "5,000.00" in
 * English) into the wire's "5000.00", and checked against the product's bounds with the server's own refusal
 * keys (contract messages/robot.ts, messages/fund.ts), so the field says what the server would answer.
 */

/** The products trade in euro: amounts have two decimals, as the contract's `amount` fields allow. */
const scale = 2;

export interface AmountLimits {
  /** The least one subscription may invest (not checked for an addition). */
  min?: string;
  /** The most that may be invested in the product in total. */
  max?: string;
  /** Already invested in this subscription (an addition counts against the maximum with it). */
  invested?: string;
  /** What the investor's account holds in the currency. */
  cash?: string;
  currency: string;
}

/** The catalogue keys of the product's refusals; `max` only for a product that has a maximum. */
export interface AmountRefusals {
  amount: string;
  min: string;
  balance: string;
  max?: string;
}

export interface AmountEntry {
  /** The wire decimal to send ("5000.00"), or null when nothing sendable was typed. */
  amount: string | null;
  /** The refusal key and its parameters the server would answer, or null when the amount fits. */
  problem: { key: string; params: string[] } | null;
}

const minor = (text: string | undefined) => (text === undefined ? null : parseAmount(text, scale));

/** Reads an amount against limits with a maximum (then its refusal is needed) or without one. */
export function readAmountEntry(
  typed: string,
  lang: Language,
  limits: AmountLimits,
  refusals: Required<AmountRefusals>,
): AmountEntry;
export function readAmountEntry(
  typed: string,
  lang: Language,
  limits: Omit<AmountLimits, 'max'>,
  refusals: Omit<AmountRefusals, 'max'>,
): AmountEntry;
export function readAmountEntry(
  typed: string,
  lang: Language,
  limits: AmountLimits,
  refusals: AmountRefusals,
): AmountEntry {
  const wire = readTypedNumber(typed, lang);
  const value = wire === null ? null : parseAmount(wire, scale);
  if (value === null || value <= 0n) return { amount: null, problem: { key: refusals.amount, params: [] } };
  const amount = formatAmount(value, scale);
  const min = minor(limits.min);
  const max = minor(limits.max);
  const invested = minor(limits.invested) ?? 0n;
  const cash = minor(limits.cash);
  const { currency } = limits;
  if (min !== null && value < min) {
    return { amount, problem: { key: refusals.min, params: [formatAmount(min, scale), currency] } };
  }
  if (max !== null && refusals.max !== undefined && invested + value > max) {
    return { amount, problem: { key: refusals.max, params: [formatAmount(max, scale), currency] } };
  }
  if (cash !== null && value > cash) {
    return { amount, problem: { key: refusals.balance, params: [amount, currency] } };
  }
  return { amount, problem: null };
}

/** The most an addition may bring, the maximum less what is in already (never below zero). */
export function roomLeft(max: string, invested: string): string {
  const left = (parseAmount(max, scale) ?? 0n) - (parseAmount(invested, scale) ?? 0n);
  return formatAmount(left > 0n ? left : 0n, scale);
}
