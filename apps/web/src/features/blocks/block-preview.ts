import type { Language } from '@piazza/contract/wire';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { readTypedInteger } from '@piazza/core/typed-number';

/*
 * The purchase preview of a block: the quantity as typed in the reader's language, checked against the
 * block's minimum and what is left, and its cost at the block's price now (the server prices it again).
 */

export type QuantityProblem = 'notNumber' | 'belowMin' | 'aboveLeft' | 'aboveCash';

export interface BlockPreview {
  quantity: number | null;
  /** quantity × price as a wire decimal, or null until the quantity is a number. */
  amount: string | null;
  problem: QuantityProblem | null;
}

export function previewBlock(
  typed: string,
  language: Language,
  block: { price: string | null; minQuantity: string; quantityLeft: string },
  cash: string,
): BlockPreview {
  const quantity = readTypedInteger(typed, language);
  if (quantity === null || quantity <= 0) return { quantity: null, amount: null, problem: 'notNumber' };
  const price = block.price === null ? null : parseAmount(block.price, 2);
  const amount = price === null ? null : price * BigInt(quantity);
  const amountText = amount === null ? null : formatAmount(amount, 2);
  let problem: QuantityProblem | null = null;
  if (BigInt(quantity) < BigInt(block.minQuantity)) problem = 'belowMin';
  else if (BigInt(quantity) > BigInt(block.quantityLeft)) problem = 'aboveLeft';
  else if (amount !== null && amount > (parseAmount(cash, 2) ?? 0n)) problem = 'aboveCash';
  return { quantity, amount: amountText, problem };
}
