import type { Queryable } from '../../db/db';
import { withholdOnSale } from './gains';

/*
 * Closes of contracts and options (decision 048): the result realised is what the investor's account gained or
 * lost on the position — the P&L less the opening and closing fees, plus any loss the platform absorbed under
 * negative-balance protection (the investor never lost that) — taxed as 'contracts' (stock CFDs and crypto
 * perpetuals alike) or 'options' at the close, from the account the result landed in.
 */

type Actor = { type: 'user' | 'operator' | 'job' | 'system'; id?: string };

export async function taxContractClose(
  q: Queryable,
  c: {
    source: 'stock_contract' | 'coin_contract';
    id: bigint | number;
    userId: number;
    symbol: string;
    currency: string;
    pnl: bigint;
    openFee: bigint;
    closeFee: bigint;
    absorbed: bigint;
    nowMs: number;
    actor: Actor;
  },
): Promise<void> {
  await withholdOnSale(q, {
    userId: c.userId,
    source: c.source,
    sourceRef: String(c.id),
    kind: 'contracts',
    instrument: c.symbol,
    currency: c.currency,
    proceeds: c.pnl + c.absorbed,
    fees: c.openFee + c.closeFee,
    cost: 0n,
    nowMs: c.nowMs,
    actor: c.actor,
    account: 'contract',
  });
}

/** An option ended (closed at the mark or settled at expiry): its value less the premium paid. */
export async function taxOptionEnd(
  q: Queryable,
  option: { id: bigint; userId: number; symbol: string; currency: string; premium: bigint },
  end: { value: bigint; nowMs: number; actor: Actor },
): Promise<void> {
  await withholdOnSale(q, {
    userId: option.userId,
    source: 'option',
    sourceRef: String(option.id),
    kind: 'options',
    instrument: option.symbol,
    currency: option.currency,
    proceeds: end.value,
    fees: 0n,
    cost: option.premium,
    nowMs: end.nowMs,
    actor: end.actor,
  });
}
