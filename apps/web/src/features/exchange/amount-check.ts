import { parseAmount } from '@piazza/core/money';

/** Why a typed amount cannot be sent, as a text key, or null when it can (the server checks again). */
export function amountProblem(
  typed: string,
  scale: number,
  available: string,
): 'exchange.amountInvalid' | 'exchange.overBalance' | null {
  const minor = parseAmount(amountWire(typed), scale);
  if (minor === null || minor === 0n) return 'exchange.amountInvalid';
  const balance = parseAmount(available, scale);
  if (balance !== null && minor > balance) return 'exchange.overBalance';
  return null;
}

/**
 * A typed amount as the wire's decimal text: Italians type a comma for the decimal mark ('150,5' → '150.5');
 * nobody groups thousands in an amount box, so anything else is left for parseAmount to refuse.
 */
export function amountWire(typed: string): string {
  return typed.trim().replace(',', '.');
}
