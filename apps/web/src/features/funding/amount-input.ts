import { parseAmount } from '@piazza/core/money';

/*
 * What a person types into an amount box, read as money. Italians write a comma for the decimal mark
 * ("150,50"), English readers a point; neither groups thousands when typing an amount, so a single comma or
 * point is the decimal mark and anything else (two marks, a sign, letters) is not an amount.
 */

/** The minor units of a typed amount at `scale` (e.g. 2 for EUR), or null when it is not one. */
export function readAmountInput(typed: string, scale: number): bigint | null {
  const text = typed.trim().replace(',', '.');
  if (text.includes(',')) return null;
  return parseAmount(text, scale);
}

/** A typed amount as the wire's decimal text ('150,5' → '150.5'), or null when it is not an amount. */
export function amountWireText(typed: string, scale: number): string | null {
  if (readAmountInput(typed, scale) === null) return null;
  return typed.trim().replace(',', '.');
}

/**
 * The scale of an asset as the server wrote one of its amounts: the wire gives every amount with exactly
 * its asset's decimals ('10.00' EUR, '5.000000' USDT), so the form reads typed amounts at that scale.
 */
export function scaleOfAmount(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}
