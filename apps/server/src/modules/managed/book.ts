import { navOf, startingNav } from '@piazza/core/strategies/units';
import { tradeValue } from '@piazza/core/trading/fills';
import { one, type Queryable } from '../../db/db';
import { balanceOf } from '../../ledger/post';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { bookCash, investorAccount, type ProductRow } from './product-rows';

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
  const cash = await balanceOf(q, bookCash(r));
  const holdings: Holding[] = [];
  let open = false;
  for (const symbol of r.basket) {
    const instrument = services.market.instrument(symbol);
    if (!instrument) continue;
    const available = await balanceOf(q, investorAccount(r.bookUserId, 'spot', symbol));
    const locked = await balanceOf(q, {
      ...investorAccount(r.bookUserId, 'spot', symbol),
      purpose: 'locked',
    });
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
