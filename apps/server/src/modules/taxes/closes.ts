import type { Queryable } from '../../db/db';
import { euroRateAt, rateText, taxedInEuro, toEuro } from './fx';
import { isBook, withholdOnSale } from './gains';

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

/**
 * An option bought, in its purchase's transaction: a premium in dollars is kept in euros at the EUR/USD of now,
 * the cost its end's result is taxed against. Nothing for a premium in euros or a managed product's book.
 */
export async function taxOptionBought(
  q: Queryable,
  option: { id: bigint; userId: number; currency: string; premium: bigint },
  nowMs: number,
): Promise<void> {
  if (!taxedInEuro(option.currency) || (await isBook(q, option.userId))) return;
  const rate = await euroRateAt(option.currency, nowMs);
  await q.query(
    `insert into tax_option_basis (option_id, user_id, currency, premium, premium_eur, fx_rate, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (option_id) do nothing`,
    [
      option.id,
      option.userId,
      option.currency,
      option.premium,
      await toEuro(q, option.premium, option.currency, rate),
      rateText(rate),
      new Date(nowMs),
    ],
  );
}

/** An option ended (closed at the mark or settled at expiry): its value less the premium paid. */
export async function taxOptionEnd(
  q: Queryable,
  option: { id: bigint; userId: number; symbol: string; currency: string; premium: bigint },
  end: { value: bigint; nowMs: number; actor: Actor },
): Promise<void> {
  const [basis] = taxedInEuro(option.currency)
    ? await q.query<{ premiumEur: bigint }>(
        'select premium_eur as "premiumEur" from tax_option_basis where option_id = $1',
        [option.id],
      )
    : [];
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
    ...(basis ? { costEur: BigInt(basis.premiumEur) } : {}),
    nowMs: end.nowMs,
    actor: end.actor,
  });
}
