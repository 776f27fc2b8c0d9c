import { formatAmount, parseAmount } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';

/** Decimals of an asset (minor units per unit = 10^scale); refused when the ledger does not know it. */
export async function scaleOf(q: Queryable, asset: string): Promise<number> {
  const row = await one<{ scale: number }>(q, 'select scale from assets where code = $1', [asset]);
  if (!row) throw new Refusal('funding.asset.unknown', [asset]);
  return Number(row.scale);
}

/** A positive amount typed by a person, in minor units of `asset`; refused naming the rule it breaks. */
export function positiveMinor(text: string, asset: string, scale: number): bigint {
  const minor = parseAmount(text, scale);
  if (minor === null) throw new Refusal('funding.amount.scale', [asset, scale]);
  if (minor <= 0n) throw new Refusal('funding.amount.positive');
  return minor;
}

/** An amount an operator configures (a minimum, a fee): zero allowed. */
export function configMinor(text: string, asset: string, scale: number): bigint {
  const minor = parseAmount(text, scale);
  if (minor === null) throw new Refusal('funding.amount.scale', [asset, scale]);
  return minor;
}

export const amountText = formatAmount;

/** 'D0000000042': the order number people read out to support; ids stay numbers inside. */
export function orderNo(prefix: 'D' | 'W', id: number | bigint): string {
  return `${prefix}${String(id).padStart(10, '0')}`;
}
