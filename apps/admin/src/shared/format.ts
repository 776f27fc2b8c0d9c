import type { Language } from '@piazza/contract/wire';
import { areaCodes } from '@piazza/core/area-codes';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
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

/** A calendar day sent as YYYY-MM-DD (a birthday, an expiry), written as the apps write days: 21-11-2026. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  // Noon UTC is the same day in Rome, whose calendar formatDate uses.
  return formatDate(Date.UTC(y, m - 1, d, 12));
}

/** A country by its ISO code, named in the operator's language when it is one the platform serves. */
export function countryName(iso: string, lang: Language): string {
  const name = areaCodes.find((a) => a.iso === iso)?.name[lang];
  return name ? `${name} (${iso})` : iso;
}
