import { navOf, startingNav } from '@piazza/core/strategies/units';
import { tradeValue } from '@piazza/core/trading/fills';
import { one, type Queryable } from '../../db/db';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { bookCash, type ProductRow } from './product-rows';

/*
 * A product's book marked to market (issue 13 item 5: "book value marked to market ÷ units"): its cash and,
 * for each share of the basket, what it holds (settled in spot, bought and not yet settled in locked) at the
 * market's last price at the instant asked. Out of session the last price is the last close.
 */

export interface Holding {
  symbol: string;
  name: string;
  /** All the book holds, and the part settled (what it can sell now). */
  quantity: bigint;
  available: bigint;
  lastPrice: bigint;
  priceScale: number;
  value: bigint;
}

export interface MarkedBook {
  cash: bigint;
  holdings: Holding[];
  value: bigint;
  /** Whether the basket's market is in session at the instant (the NAV is current, not a close's). */
  open: boolean;
}

export async function markBook(
  q: Queryable,
  services: Services,
  r: ProductRow,
  atMs: number,
): Promise<MarkedBook> {
  const currencyScale = await currencyScaleOf(q, r.currency);
  const balances = await bookBalances(q, r);
  const cash = balances.get(`spot\u0000${r.currency}`) ?? 0n;
  const holdings: Holding[] = [];
  let open = false;
  for (const symbol of r.basket) {
    const instrument = services.market.instrument(symbol);
    if (!instrument) continue;
    const available = balances.get(`spot\u0000${symbol}`) ?? 0n;
    const locked = balances.get(`locked\u0000${symbol}`) ?? 0n;
    let quote: Awaited<ReturnType<Services['market']['quote']>>;
    try {
      quote = await services.market.quote(symbol, atMs);
    } catch (err) {
      if (err instanceof MarketUnavailable) throw new Refusal('market.unavailable', [symbol]);
      throw err;
    }
    open ||= quote.status === 'open';
    const quantity = available + locked;
    const scales = {
      priceScale: instrument.priceScale,
      quantityScale: instrument.quantityScale,
      currencyScale,
    };
    holdings.push({
      symbol,
      name: instrument.name,
      quantity,
      available,
      lastPrice: quote.last,
      priceScale: instrument.priceScale,
      value: tradeValue(quote.last * quantity, scales),
    });
  }
  return { cash, holdings, value: cash + holdings.reduce((sum, h) => sum + h.value, 0n), open };
}

/**
 * The book's cash and, for each share of its basket, its settled (spot) and unsettled (locked) balances, in one
 * read (keyed purpose NUL asset): a book is marked several times at each open and close, and one read per
 * account made the demo seed's replay slow on the embedded database. An account never used is absent (0).
 */
async function bookBalances(q: Queryable, r: ProductRow): Promise<Map<string, bigint>> {
  const cash = bookCash(r);
  const rows = await q.query<{ purpose: string; asset: string; balance: bigint }>(
    `select purpose, asset, balance from accounts
      where owner_type = $1 and owner_id = $2
        and ((purpose = $3 and asset = $4) or (purpose in ('spot', 'locked') and asset = any($5::text[])))`,
    [cash.ownerType, cash.ownerId, cash.purpose, cash.asset, r.basket],
  );
  return new Map(rows.map((row) => [`${row.purpose}\u0000${row.asset}`, row.balance]));
}

/** Micro-units outstanding: those of every order not yet returned (a redeeming order is paid at a NAV too). */
export async function unitsOutstanding(q: Queryable, productId: number): Promise<bigint> {
  const row = await one<{ units: bigint | null }>(
    q,
    `select sum(units)::bigint as units from product_orders where product_id = $1 and state <> 'returned'`,
    [productId],
  );
  return row?.units ?? 0n;
}

/** The last close's NAV, if the book was ever marked. */
export async function lastNav(
  q: Queryable,
  productId: number,
): Promise<{ nav: bigint; at: Date } | undefined> {
  return one<{ nav: bigint; at: Date }>(
    q,
    'select nav, at from product_navs where product_id = $1 order by day desc limit 1',
    [productId],
  );
}

/**
 * The NAV of the book as marked at `atMs`: value ÷ units outstanding; with no unit outstanding, the last
 * close's NAV (or €1.00 a unit for a book never marked), so the first investor buys at a NAV the book had.
 */
export async function navAt(
  q: Queryable,
  services: Services,
  r: ProductRow,
  atMs: number,
): Promise<{ nav: bigint; book: MarkedBook; units: bigint }> {
  const book = await markBook(q, services, r, atMs);
  const units = await unitsOutstanding(q, r.id);
  const nav =
    navOf(book.value, units) ??
    (await lastNav(q, r.id))?.nav ??
    startingNav(await currencyScaleOf(q, r.currency));
  return { nav, book, units };
}
