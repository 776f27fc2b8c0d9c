import { managementFee, navOf, startingNav, valueOfUnits } from '@piazza/core/strategies/units';
import type { Queryable } from '../../db/db';
import { type EntryDraft, postEntries, postEntry } from '../../ledger/post';
import type { Session } from '../../market/calendar/trading-calendar';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf, placeOrder, tradingSettingsFor } from '../trading';
import { type Holding, lastNav, markBook, unitsOutstanding } from './book';
import {
  bookCash,
  claimsAccount,
  feesAccount,
  investorAccount,
  kindTerms,
  orderColumns,
  orderRef,
  type ProductOrderRow,
  type ProductRow,
  productById,
} from './product-rows';
import { dailyHistory, targetsOf, warmupSessions } from './strategy-run';

/*
 * A book's two moments of each trading day (issue 13 item 2, decision 033):
 * - at the open (once the first half hour has set the prices), it trades to the strategy's targets decided
 *   at the last close, keeping in cash what the redemptions due by tonight's close will need;
 * - at the close, it is marked: the management fee is charged, the NAV fixed, each order's share of the
 *   day's P&L booked to its robot account ("AI profit", negative on a losing day), orders at the end of
 *   their period start redeeming, and redeeming orders are paid at that NAV while the cash allows ("AI
 *   return"); one the cash does not cover waits for the next close, after the next open has sold for it.
 */

const dayMs = 86_400_000;
export const isoDayOf = (session: Session) => new Date(session.day * dayMs).toISOString().slice(0, 10);

/** Marks the book at a session's close, books the day's P&L and pays the redemptions the cash covers. */
export async function closeBook(services: Services, productId: number, session: Session): Promise<string> {
  const day = isoDayOf(session);
  return services.db.tx(async (q) => {
    const r = await productById(q, productId, 'for update');
    if (!r || r.launchedAt.getTime() > session.close) return `product ${productId}: not launched by ${day}`;
    const terms = kindTerms[r.kind];
    const done = await q.query('select 1 from product_navs where product_id = $1 and day = $2', [r.id, day]);
    if (done.length > 0) return `${r.name}: ${day} already marked`;
    const scale = await currencyScaleOf(q, r.currency);
    const book = await markBook(q, services, r, session.close);
    const previous = await lastNav(q, r.id);
    const since = previous?.at.getTime() ?? r.launchedAt.getTime();
    const days = Math.max(0, Math.round((session.close - since) / dayMs));
    // The fee is paid from cash; a book without the cash today pays what it has (it is charged on value).
    let fee = managementFee(book.value, r.feeBps, days);
    if (fee > book.cash) fee = book.cash;
    // The day's fee and every order's P&L are posted together, in this order, in one write (decision 071).
    const entries: EntryDraft[] = [];
    if (fee > 0n) {
      entries.push({
        billType: 'management_fee',
        actor: { type: 'job', id: 'robot-close' },
        ref: { type: 'robot', id: String(r.id) },
        idempotencyKey: `robot:${r.id}:fee:${day}`,
        memo: `${days} days at ${r.feeBps} bp a year`,
        postings: [
          { account: bookCash(r), amount: -fee },
          { account: feesAccount(r.currency), amount: fee },
        ],
      });
    }
    const value = book.value - fee;
    const units = await unitsOutstanding(q, r.id);
    const nav = navOf(value, units) ?? previous?.nav ?? startingNav(scale);
    await q.query(
      `insert into product_navs (product_id, day, at, value, units, nav, fee) values ($1, $2, $3, $4, $5, $6, $7)`,
      [r.id, day, new Date(session.close), value, units, nav, fee],
    );

    const orders = await q.query<ProductOrderRow>(
      `select ${orderColumns} from product_orders where product_id = $1 and state <> 'returned' order by id for update`,
      [r.id],
    );
    const profits: { id: string; delta: bigint; units: bigint; claim: bigint }[] = [];
    for (const o of orders) {
      const claim = valueOfUnits(o.units, nav);
      const delta = claim - o.claim;
      if (delta !== 0n) {
        entries.push({
          billType: terms.profit,
          actor: { type: 'job', id: 'robot-close' },
          ref: orderRef(o.id),
          idempotencyKey: `product-order:${o.id}:profit:${day}`,
          memo: day,
          postings: [
            { account: investorAccount(o.userId, terms.purpose, r.currency), amount: delta },
            { account: claimsAccount(r), amount: -delta },
          ],
        });
      }
      profits.push({ id: String(o.id), delta, units: o.units, claim });
      o.claim = claim;
    }
    await postEntries(q, entries);
    if (profits.length > 0) {
      await q.query(
        `insert into product_profits (order_id, day, amount, units, nav, value)
         select p.order_id, $1, p.amount, p.units, $2, p.value
           from unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[]) with ordinality
                  as p(order_id, amount, units, value, n)
          order by p.n`,
        [
          day,
          nav,
          profits.map((p) => p.id),
          profits.map((p) => p.delta.toString()),
          profits.map((p) => p.units.toString()),
          profits.map((p) => p.claim.toString()),
        ],
      );
      await q.query(
        `update product_orders o set claim = p.claim
           from unnest($1::bigint[], $2::bigint[]) as p(id, claim) where o.id = p.id`,
        [profits.map((p) => p.id), profits.map((p) => p.claim.toString())],
      );
    }
    const matured = await q.query<{ id: bigint }>(
      `update product_orders set state = 'redeeming', redeem_reason = 'matured', redeem_at = $2
        where product_id = $1 and state = 'active' and ends_at <= $2 returning id`,
      [r.id, new Date(session.close)],
    );
    const maturedIds = new Set(matured.map((m) => String(m.id)));

    let cash = book.cash - fee;
    let paid = 0;
    let waiting = 0;
    const redeeming = orders
      .filter((o) => o.state === 'redeeming' || maturedIds.has(String(o.id)))
      .sort((a, b) => (a.redeemAt?.getTime() ?? session.close) - (b.redeemAt?.getTime() ?? session.close));
    for (const o of redeeming) {
      if (o.claim > cash) {
        waiting++;
        continue;
      }
      await postEntry(q, {
        billType: terms.back,
        actor: { type: 'job', id: 'robot-close' },
        ref: orderRef(o.id),
        idempotencyKey: `product-order:${o.id}:return`,
        memo: r.name,
        postings: [
          { account: bookCash(r), amount: -o.claim },
          { account: investorAccount(o.userId, 'spot', r.currency), amount: o.claim },
          { account: investorAccount(o.userId, terms.purpose, r.currency), amount: -o.claim },
          { account: claimsAccount(r), amount: o.claim },
        ],
      });
      await q.query(
        `update product_orders set state = 'returned', returned = claim, claim = 0, returned_at = $2,
                redeem_reason = coalesce(redeem_reason, 'matured') where id = $1`,
        [String(o.id), new Date(session.close)],
      );
      cash -= o.claim;
      paid++;
    }
    return `${r.name}: ${day} NAV ${nav} on ${units} micro-units, fee ${fee}, ${orders.length} orders booked, ${paid} returned${waiting > 0 ? `, ${waiting} waiting for cash` : ''}`;
  });
}

/**
 * What the book keeps in cash at the open: the value, at the NAV marked now, of the orders to pay by tonight's
 * close (redeeming, or reaching the end of their period), with 5 % for the day's move, and a week of the
 * management fee. A book whose every order ends today sells everything.
 */
async function reserveFor(q: Queryable, r: ProductRow, session: Session, value: bigint, units: bigint) {
  const [row] = await q.query<{ units: bigint | null }>(
    `select sum(units)::bigint as units from product_orders
      where product_id = $1 and (state = 'redeeming' or (state = 'active' and ends_at <= $2))`,
    [r.id, new Date(session.close)],
  );
  const nav = navOf(value, units);
  const due = nav === null ? 0n : valueOfUnits(row?.units ?? 0n, nav);
  return (due * 105n) / 100n + (value * BigInt(r.feeBps) * 7n) / 3_650_000n;
}

/**
 * Trades the book to the strategy's targets at the last close: sells first (settled shares only), then buys
 * with the cash left above the reserve, each a market order through the investors' order path with its fees,
 * in its own transaction. An order the market refuses (too small, no liquidity) is skipped and told.
 */
export async function tradeBook(
  services: Services,
  productId: number,
  session: Session,
  nowMs: number,
): Promise<string> {
  const { db } = services;
  const r = await productById(db, productId);
  if (!r || r.launchedAt.getTime() > nowMs) return `product ${productId}: not launched`;
  // A fund traded by hand: its manager places its orders from the back office.
  if (r.strategy === null) return `${r.name}: traded by its manager`;
  const strategy = r.strategy;
  const history = await dailyHistory(services, r.basket, session.open, warmupSessions + 5);
  const targets = targetsOf(strategy, history.bars).at(-1) ?? {};
  const book = await markBook(db, services, r, nowMs);
  const units = await unitsOutstanding(db, r.id);
  const reserve = await reserveFor(db, r, session, book.value, units);
  const investable = units > 0n && book.value > reserve ? book.value - reserve : 0n;
  const scale = await currencyScaleOf(db, r.currency);
  const done: string[] = [];

  const quantityFor = (symbol: string, money: bigint, price: bigint): bigint => {
    const instrument = services.market.instrument(symbol);
    if (!instrument || price <= 0n || money <= 0n) return 0n;
    const q =
      (money * 10n ** BigInt(instrument.priceScale + instrument.quantityScale)) /
      (price * 10n ** BigInt(scale));
    return q - (q % instrument.lotSize);
  };
  const place = async (symbol: string, side: 'buy' | 'sell', quantity: bigint) => {
    try {
      await db.tx(async (q: Queryable) => {
        await productById(q, r.id, 'for update');
        await placeOrder(q, services, {
          userId: r.bookUserId,
          side,
          symbol,
          type: 'market',
          quantity: quantity.toString(),
          nowMs,
        });
      });
      done.push(`${side} ${quantity} ${symbol}`);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      done.push(`${side} ${quantity} ${symbol} refused (${err.key})`);
    }
  };

  const worthOf = (h: Holding, quantity: bigint) =>
    h.quantity > 0n
      ? (h.value * quantity) / h.quantity
      : (quantity * h.lastPrice * 10n ** BigInt(scale)) / 10n ** BigInt(h.priceScale);
  const wanted = new Map<string, bigint>();
  for (const h of book.holdings) {
    const weight = targets[h.symbol] ?? 0;
    wanted.set(h.symbol, quantityFor(h.symbol, BigInt(Math.floor(Number(investable) * weight)), h.lastPrice));
  }
  // A change worth less than 1 % of the book is not traded: its fee (€2.95 at least) would cost more than the
  // drift it corrects. Selling down to nothing always trades.
  const worthTrading = (h: Holding, quantity: bigint, to: bigint) =>
    to === 0n || worthOf(h, quantity) * 100n >= book.value;
  for (const h of book.holdings) {
    const to = wanted.get(h.symbol) ?? 0n;
    const sell = h.quantity - to;
    const sellable = sell < h.available ? sell : h.available;
    if (sellable > 0n && worthTrading(h, sellable, to)) await place(h.symbol, 'sell', sellable);
  }
  // Buys spend what the sells left above the reserve, at the ask plus the fee and a margin for the walk.
  const instrument = services.market.instrument(r.basket[0] ?? '');
  const feeBp = instrument ? BigInt((await tradingSettingsFor(db, instrument)).fees.rateBp) : 0n;
  let spendable = (await markBook(db, services, r, nowMs)).cash - reserve;
  for (const h of book.holdings) {
    const buy = (wanted.get(h.symbol) ?? 0n) - h.quantity;
    if (buy <= 0n || spendable <= 0n) continue;
    const priceWithCosts = (h.lastPrice * (10_050n + feeBp)) / 10_000n;
    const affordable = quantityFor(h.symbol, spendable, priceWithCosts);
    const quantity = buy < affordable ? buy : affordable;
    if (quantity <= 0n || !worthTrading(h, quantity, 1n)) continue;
    const before = (await markBook(db, services, r, nowMs)).cash;
    await place(h.symbol, 'buy', quantity);
    spendable -= before - (await markBook(db, services, r, nowMs)).cash;
  }
  return `${r.name}: ${done.length === 0 ? 'no trade' : done.join(', ')}`;
}
