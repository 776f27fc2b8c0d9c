import { parseAmount } from '@piazza/core/money';

/** Decimals a level may be typed with: the wire takes up to 8; the server checks the instrument's tick. */
const typedScale = 8;

/**
 * What is wrong with a typed take-profit or stop-loss level beside the last price, the check the server
 * makes too (order-rules checkProtection): 'format' when it is not a price above 0, 'above' when it must be
 * above `last` and is not, 'below' likewise; null when it is fine or empty (no level).
 */
export function levelProblem(
  level: string,
  last: string,
  side: 'above' | 'below',
): 'format' | 'above' | 'below' | null {
  if (level === '') return null;
  const typed = parseAmount(level, typedScale);
  const reference = parseAmount(last, typedScale);
  if (typed === null || typed <= 0n) return 'format';
  if (reference === null) return null;
  if (side === 'above' && typed <= reference) return 'above';
  if (side === 'below' && typed >= reference) return 'below';
  return null;
}
