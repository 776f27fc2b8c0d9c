import { displayUserId } from '@piazza/core/display-id';
import { formatAmount } from '@piazza/core/money';
import { startingNav } from '@piazza/core/strategies/units';
import type { Queryable } from '../../db/db';
import { currencyScaleOf } from '../trading';
import { orderColumns, type ProductOrderRow, type ProductRow } from './product-rows';

/*
 * What an AI product and a fund show alike: their orders' views, each with its product read once, and the
 * back office's record of a product (the NAV of each close, the chart's series, every order with its investor).
 */

/** A NAV carries this many decimals beyond the currency's. */
export const navDecimals = 6;

/**
 * Each order's view beside its investor, newest first as given. `productOf` reads an order's product (once per
 * product); an order whose product it does not give (not of this kind) is left out.
 */
export async function orderViewsOf<V>(
  q: Queryable,
  rows: ProductOrderRow[],
  productOf: (productId: number) => Promise<ProductRow | undefined>,
  viewOf: (o: ProductOrderRow, r: ProductRow, scale: number) => V,
): Promise<{ view: V; userId: number }[]> {
  const products = new Map<number, ProductRow>();
  const views = [];
  for (const o of rows) {
    let r = products.get(o.productId);
    if (!r) {
      r = await productOf(o.productId);
      if (!r) continue;
      products.set(o.productId, r);
    }
    views.push({ view: viewOf(o, r, await currencyScaleOf(q, r.currency)), userId: o.userId });
  }
  return views;
}

/**
 * A product's record for the back office: its NAV at each close (newest first) with the book's value, units
 * and fee, the NAV series oldest first for the chart, and every order (newest first) with its investor's id.
 */
export async function productRecordOf<V>(
  q: Queryable,
  productId: number,
  scale: number,
  viewsOf: (rows: ProductOrderRow[]) => Promise<{ view: V; userId: number }[]>,
) {
  const navs = await q.query<{
    day: string;
    at: Date;
    nav: bigint;
    value: bigint;
    units: bigint;
    fee: bigint;
  }>(
    'select day::text as day, at, nav, value, units, fee from product_navs where product_id = $1 order by day desc',
    [productId],
  );
  const orders = await q.query<ProductOrderRow>(
    `select ${orderColumns} from product_orders where product_id = $1 order by id desc`,
    [productId],
  );
  return {
    navs: navs.map((n) => ({
      day: n.day,
      nav: formatAmount(n.nav, scale + navDecimals),
      value: formatAmount(n.value, scale),
      units: formatAmount(n.units, 6),
      fee: formatAmount(n.fee, scale),
    })),
    navSeries: [...navs]
      .reverse()
      .map((n) => ({ t: n.at.getTime(), v: (Number(n.nav) / Number(startingNav(scale))).toFixed(6) })),
    orders: (await viewsOf(orders)).map(({ view, userId }) => ({ ...view, investor: displayUserId(userId) })),
  };
}
