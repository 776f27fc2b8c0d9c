import type { FundOrderState } from '@piazza/contract/calls/fund-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';

/*
 * What the copy-trading pages work out from the server's answers: an investor's profit summed per currency,
 * their followings of one fund, and the look of a following's state. Every figure summed is the server's.
 */

export interface ProfitLine {
  orderId: number;
  fundId: number;
  currency: string;
  value: string;
  unrealised: string;
  realised: string;
}

export interface ProfitTotal {
  currency: string;
  /** What the held units are worth at the last NAV. */
  value: string;
  /** Gain or loss on the units still held. */
  unrealised: string;
  /** Gain or loss on the followings already paid back. */
  realised: string;
}

const decimalsOf = (amount: string) => amount.split('.')[1]?.length ?? 0;

/** A signed wire decimal in minor units (parseAmount reads no sign); zero for what is no decimal. */
function signedMinor(amount: string, scale: number): bigint {
  const negative = amount.startsWith('-');
  const minor = parseAmount(negative ? amount.slice(1) : amount, scale) ?? 0n;
  return negative ? -minor : minor;
}

/** The profit lines added up per currency, in the order the currencies first appear; exact, in cents. */
export function profitTotals(lines: readonly ProfitLine[]): ProfitTotal[] {
  const byCurrency = new Map<string, ProfitLine[]>();
  for (const line of lines) byCurrency.set(line.currency, [...(byCurrency.get(line.currency) ?? []), line]);
  return [...byCurrency].map(([currency, group]) => {
    const scale = Math.max(...group.flatMap((l) => [l.value, l.unrealised, l.realised].map(decimalsOf)));
    const sum = (field: 'value' | 'unrealised' | 'realised') =>
      formatAmount(
        group.reduce((total, l) => total + signedMinor(l[field], scale), 0n),
        scale,
      );
    return { currency, value: sum('value'), unrealised: sum('unrealised'), realised: sum('realised') };
  });
}

/** The investor's followings of one fund not paid back yet, newest first as the server lists them. */
export function followingsOf<O extends { fundId: number; state: FundOrderState }>(
  orders: readonly O[],
  fundId: number,
): O[] {
  return orders.filter((o) => o.fundId === fundId && o.state !== 'returned');
}

/** The look of a following's state: held, being paid back, done. */
export function followingTone(state: FundOrderState): 'active' | 'amber' | 'badge' {
  if (state === 'active') return 'active';
  return state === 'redeeming' ? 'amber' : 'badge';
}

/**
 * Keys for rows the server sends without an id (a fund's trades): what the row says, and a count where two
 * say the same (two fills of one share at one price in the same second).
 */
export function rowKeys<R>(rows: readonly R[], said: (row: R) => string): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const text = said(row);
    const n = seen.get(text) ?? 0;
    seen.set(text, n + 1);
    return n === 0 ? text : `${text}#${n}`;
  });
}
