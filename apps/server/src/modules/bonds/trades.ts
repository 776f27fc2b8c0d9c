import type { BondTradeView } from '@piazza/contract/calls/bonds-shapes';
import type { Queryable } from '../../db/db';
import { balanceOf, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { requireKycVerified } from '../kyc';
import { withholdOnSale } from '../taxes';
import { dealerAccount, eur, ticketOf, userEur } from './bond-rows';
import { romeDay } from './quotes';

/*
 * A buy or a sell of a government bond at the dealer's quote (decision 053): no order book, filled at once at
 * today's ask or bid, in multiples of €1.000 nominal, the accrued interest net of its 12.5% changing hands with
 * the clean amount. The position's row is locked first, so two sells of one holding wait on each other and
 * never sell more than is held; the cash check is the ledger's own (no account goes below zero).
 * Settlement is MOT's T+2 (decision 064), as shares' is: the cash of a buy leaves at the trade and the accrued
 * interest runs to the value date; the nominal bought can be sold from its value date on, and counts for a
 * coupon when it settled before the coupon's date (a sale's nominal likewise until the sale settles).
 */

export interface TradeRequest {
  userId: number;
  isin: string;
  nominal: string;
  nowMs: number;
}

interface PositionRow {
  nominal: bigint;
  cost: bigint;
}

async function lockedPosition(q: Queryable, userId: number, isin: string): Promise<PositionRow> {
  await q.query('insert into bond_positions (user_id, isin) values ($1, $2) on conflict do nothing', [
    userId,
    isin,
  ]);
  const [row] = await q.query<PositionRow>(
    'select nominal, cost from bond_positions where user_id = $1 and isin = $2 for update',
    [userId, isin],
  );
  return row as PositionRow;
}

/** Nominal bought that settles after `day`: held, not yet delivered, so not yet for sale. */
async function unsettledBought(q: Queryable, userId: number, isin: string, day: number): Promise<bigint> {
  const [row] = await q.query<{ nominal: bigint }>(
    `select coalesce(sum(nominal), 0)::bigint as nominal from bond_trades
      where user_id = $1 and isin = $2 and side = 'buy' and settle_day > $3`,
    [userId, isin, day],
  );
  return row?.nominal ?? 0n;
}

export async function tradeBond(q: Queryable, side: 'buy' | 'sell', r: TradeRequest): Promise<BondTradeView> {
  const day = romeDay(r.nowMs);
  // Checks that change nothing first: the bond, the nominal, the quote.
  const ticket = ticketOf(r.isin, side, r.nominal, day);
  const { bond, nominal, amounts } = ticket;
  await requireKycVerified(q, r.userId);
  const position = await lockedPosition(q, r.userId, bond.isin);

  let costOut = 0n;
  if (side === 'sell') {
    if (position.nominal < nominal) throw new Refusal('bond.notHeld', [eur(position.nominal)]);
    const sellable = position.nominal - (await unsettledBought(q, r.userId, bond.isin, day));
    if (sellable < nominal) throw new Refusal('bond.notSettled', [eur(sellable > 0n ? sellable : 0n)]);
    // The share of the average cost the sold nominal carries, rounded half up; all of it when all is sold.
    costOut =
      nominal === position.nominal
        ? position.cost
        : (position.cost * nominal * 2n + position.nominal) / (position.nominal * 2n);
  } else if ((await balanceOf(q, userEur(r.userId))) < amounts.total) {
    throw new Refusal('bond.balance', [eur(amounts.total)]);
  }
  const gain = side === 'sell' ? amounts.clean - costOut : 0n;

  const [trade] = await q.query<{ id: bigint; createdAt: Date }>(
    `insert into bond_trades (user_id, isin, side, nominal, price_milli, clean, accrued_gross, accrued, total,
       cost_out, gain, settle_day, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id, created_at as "createdAt"`,
    [
      r.userId,
      bond.isin,
      side,
      nominal,
      amounts.priceMilli,
      amounts.clean,
      amounts.accruedGross,
      amounts.accrued,
      amounts.total,
      costOut,
      gain,
      ticket.quote.valueDay,
      new Date(r.nowMs),
    ],
  );
  const id = String(trade?.id);
  const sign = side === 'buy' ? -1n : 1n;
  await postEntry(q, {
    billType: side === 'buy' ? 'bond_buy' : 'bond_sell',
    actor: { type: 'user', id: String(r.userId) },
    ref: { type: 'bond-trade', id },
    idempotencyKey: `bond-trade:${id}`,
    memo: `${bond.isin} ${eur(nominal)} @ ${ticket.view.price}`,
    postings: [
      { account: userEur(r.userId), amount: sign * amounts.total },
      { account: dealerAccount, amount: -sign * amounts.total },
    ],
  });
  await q.query(
    `update bond_positions set nominal = nominal + $3, cost = cost + $4 where user_id = $1 and isin = $2`,
    [r.userId, bond.isin, sign === -1n ? nominal : -nominal, sign === -1n ? amounts.clean : -costOut],
  );
  if (side === 'sell') {
    // Government bonds' gains are taxed at 12.5% by the taxes module (zainetto and regime included).
    await withholdOnSale(q, {
      userId: r.userId,
      source: 'bond_sell',
      sourceRef: id,
      kind: 'governmentBonds',
      instrument: bond.isin,
      currency: 'EUR',
      proceeds: amounts.clean,
      fees: 0n,
      cost: costOut,
      nowMs: r.nowMs,
      actor: { type: 'user', id: String(r.userId) },
    });
  }
  return { ...ticket.view, id, time: trade?.createdAt.getTime() ?? r.nowMs };
}
