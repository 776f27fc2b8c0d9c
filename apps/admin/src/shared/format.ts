import type { Language } from '@piazza/contract/wire';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';

/**
 * An amount as the ledger holds it: every decimal the server sent is kept (a back office must never hide
 * the last cent or satoshi), grouped as the operator's language writes numbers.
 */
export function formatLedgerAmount(amount: string, lang: Language): string {
  const decimals = amount.split('.')[1]?.length ?? 0;
  return formatNumber(amount, lang, decimals);
}

export const formatTime = (epochMs: number | null | undefined, never: string) =>
  epochMs === null || epochMs === undefined ? never : formatDateTime(epochMs);
