import { type FeeSchedule, feeScheduleDefaults, fillFee } from '@piazza/core/trading/fees';
import { type Fill, fillValue, type TradeScales, tradeValue } from '@piazza/core/trading/fills';
import { settlementDaysDefault, sharesAvailableAt } from '@piazza/core/trading/settlement';
import type { Queryable } from '../../db/db';
import { notifyInvestor } from '../../kit/personal-notice';
import { type AccountRef, type EntryDraft, ensureAsset, postEntries, postEntry } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { countFill } from '../../platform/metrics';
import { taxSpotFill } from '../taxes';
import { assetOf, type OrderRow, saveOrder } from './order-rows';
import { pinnedFees, type TradingSettings, tradingSettingsFor } from './settings';
import { settlementCalendarOf } from './settlement-calendar';

/*
 * What one fill of an order writes, all in the caller's transaction: the fill row, its ledger entries (the
 * trade, then the fee), the lot of shares locked until settlement for a buy, the holding's cost, and the
 * order's running totals. Entry keys are per order and fill number, so a fill is never posted twice.
 */

/** Who a trade's ledger entries name: the investor, or a job (an engine, the expiry job). */
export type Actor = { type: 'user' | 'job'; id?: string };

const platform = (purpose: string, asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose,
  asset,
});
const userAccount = (userId: number, purpose: 'spot' | 'frozen' | 'locked', asset: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose,
  asset,
});

/**
 * A spot fill's ledger entries: the trade — the units between the platform's market and the investor's `shares`
 * account, the value the other way through `cash` — and its fee, paid from `cash`. The general path
 * (`applyFills`) and the one-call market order (market-order.ts) post the same entries through it.
 */
export function spotFillEntries(f: {
  side: 'buy' | 'sell';
  /** The fill's idempotency key; the fee's is `${key}:fee`. */
  key: string;
  actor: Actor;
  ref: EntryDraft['ref'];
  asset: string;
  currency: string;
  units: bigint;
  value: bigint;
  fee: bigint;
  /** Where a buy's units go, or a sale's come from. */
  shares: AccountRef;
  /** What pays a buy's value, receives a sale's, and pays the fee. */
  cash: AccountRef;
}): EntryDraft[] {
  const { actor, ref, key, units, value } = f;
  const market = (asset: string) => platform('market', asset);
  const postings =
    f.side === 'buy'
      ? [
          { account: market(f.asset), amount: -units },
          { account: f.shares, amount: units },
        ]
      : [
          { account: f.shares, amount: -units },
          { account: market(f.asset), amount: units },
        ];
  if (value > 0n) {
    postings.push(
      ...(f.side === 'buy'
        ? [
            { account: f.cash, amount: -value },
            { account: market(f.currency), amount: value },
          ]
        : [
            { account: market(f.currency), amount: -value },
            { account: f.cash, amount: value },
          ]),
    );
  }
  const billType = f.side === 'buy' ? 'spot_buy' : 'spot_sell';
  const entries: EntryDraft[] = [{ billType, actor, ref, idempotencyKey: key, postings }];
  if (f.fee > 0n) {
    entries.push({
      billType: 'trade_fee',
      actor,
      ref,
      idempotencyKey: `${key}:fee`,
      postings: [
        { account: f.cash, amount: -f.fee },
        { account: platform('fees', f.currency), amount: f.fee },
      ],
    });
  }
  return entries;
}

/** The fee schedule of an instrument's market (the suggested defaults until the operator sets them). */
export function feeScheduleOf(instrument: Instrument): FeeSchedule {
  if (instrument.calendar === 'CRYPTO') return feeScheduleDefaults.CRYPTO;
  return instrument.calendar === 'XNYS' ? feeScheduleDefaults.XNYS : feeScheduleDefaults.XMIL;
}

/** Days until what a buy delivers may be sold: 0 (crypto) puts it in spot at once, with no lot. */
export function settlementDaysOf(instrument: Instrument): number {
  if (instrument.calendar === 'CRYPTO') return settlementDaysDefault.CRYPTO;
  return instrument.calendar === 'XNYS' ? settlementDaysDefault.XNYS : settlementDaysDefault.XMIL;
}

/**
 * The ledger asset an order on `instrument` buys or sells, and its ledger minor units per quantity minor unit:
 * shares are their own asset at the instrument's scale; a pair delivers its coin, which the ledger keeps at
 * the asset's scale (BTC 8 decimals, traded in steps of 0.00001, so 1000).
 */
export async function deliveryOf(
  q: Queryable,
  instrument: Instrument,
): Promise<{ asset: string; unit: bigint }> {
  if (instrument.kind !== 'crypto' || instrument.baseAsset === null) {
    await ensureSecurityAsset(q, instrument);
    return { asset: instrument.symbol, unit: 1n };
  }
  const scale = await currencyScaleOf(q, instrument.baseAsset);
  if (scale < instrument.quantityScale) {
    throw new Error(`asset ${instrument.baseAsset} keeps fewer decimals than ${instrument.symbol} trades in`);
  }
  return { asset: instrument.baseAsset, unit: 10n ** BigInt(scale - instrument.quantityScale) };
}

export function scalesOf(instrument: Instrument, currencyScale: number): TradeScales {
  return { priceScale: instrument.priceScale, quantityScale: instrument.quantityScale, currencyScale };
}

/** Scales already read, per transaction (or database): an asset's scale never changes once it exists. */
const scalesRead = new WeakMap<Queryable, Map<string, number>>();

/** The currency's decimals, from the assets table (read once per transaction: an order asks several times). */
export async function currencyScaleOf(q: Queryable, currency: string): Promise<number> {
  const read = scalesRead.get(q) ?? new Map<string, number>();
  const known = read.get(currency);
  if (known !== undefined) return known;
  const rows = await q.query<{ scale: number }>('select scale from assets where code = $1', [currency]);
  const row = rows[0];
  if (!row) throw new Error(`currency ${currency} is not an asset`);
  read.set(currency, Number(row.scale));
  scalesRead.set(q, read);
  return Number(row.scale);
}

/** Security assets this transaction (or database) has already made sure of: assets are never deleted. */
const assetsEnsured = new WeakMap<Queryable, Set<string>>();

const isSecurity = (instrument: Instrument) => instrument.kind !== 'crypto' || instrument.baseAsset === null;

/** The shares of a symbol as a ledger asset, created on first use. */
export async function ensureSecurityAsset(q: Queryable, instrument: Instrument): Promise<void> {
  if (assetsEnsured.get(q)?.has(instrument.symbol)) return;
  await ensureAsset(q, { code: instrument.symbol, kind: 'security', scale: instrument.quantityScale });
  noteEnsured(q, instrument.symbol);
}

/** What a statement of the caller's read in this transaction: the share's asset ensured, the currency's scale. */
export function noteOrderReads(q: Queryable, asset: string, currency: string, scale: number): void {
  noteEnsured(q, asset);
  const read = scalesRead.get(q) ?? new Map<string, number>();
  read.set(currency, scale);
  scalesRead.set(q, read);
}

function noteEnsured(q: Queryable, code: string): void {
  const set = assetsEnsured.get(q) ?? new Set<string>();
  set.add(code);
  assetsEnsured.set(q, set);
}

/**
 * The operator's settings for an order on `instrument` and the currency's decimals, with (a share) its ledger
 * asset made sure of, in one statement: the settings row carries its currency's scale, and the asset's insert
 * rides along as a CTE. What `tradingSettingsFor`, `currencyScaleOf` and `ensureSecurityAsset` answer and do.
 */
export async function orderSettingsOf(
  q: Queryable,
  instrument: Instrument,
): Promise<{ settings: TradingSettings; currencyScale: number }> {
  const ensure = isSecurity(instrument) && !assetsEnsured.get(q)?.has(instrument.symbol);
  const settings = await tradingSettingsFor(
    q,
    instrument,
    ensure ? { code: instrument.symbol, scale: instrument.quantityScale } : undefined,
  );
  if (ensure) noteEnsured(q, instrument.symbol);
  if (settings.currency !== instrument.currency) {
    return { settings, currencyScale: await currencyScaleOf(q, instrument.currency) };
  }
  const read = scalesRead.get(q) ?? new Map<string, number>();
  read.set(settings.currency, settings.currencyScale);
  scalesRead.set(q, read);
  return { settings, currencyScale: settings.currencyScale };
}

/**
 * The cost a sale of $3 shares takes out of a holding (`quantity`, `cost`): cost × $3 / quantity rounded half
 * to even, as `mulDiv(cost, $3, quantity, 'halfEven')` answers it, in exact numeric arithmetic.
 */
const soldProduct = 'cost::numeric * $3';
const costSoldSql = `(div(${soldProduct}, quantity)
  + case when abs(mod(${soldProduct}, quantity)) * 2 > quantity
           or (abs(mod(${soldProduct}, quantity)) * 2 = quantity and mod(div(${soldProduct}, quantity), 2) <> 0)
         then sign(mod(${soldProduct}, quantity)) else 0 end)::bigint`;

/**
 * Applies fills to the order (mutated in memory) and posts each; the caller then runs `settleState`, which sets
 * the state and saves the row once for both (every caller does, in the same transaction).
 */
export async function applyFills(
  q: Queryable,
  order: OrderRow,
  fills: readonly Fill[],
  ctx: {
    instrument: Instrument;
    currencyScale: number;
    nowMs: number;
    actor: Actor;
    /** Placing an order: the settings the caller read in this transaction and pinned the fees of. */
    settings?: TradingSettings;
  },
): Promise<void> {
  const { instrument, nowMs, actor } = ctx;
  const scales = scalesOf(instrument, ctx.currencyScale);
  // The market's settings now (decision 012); the fee by the schedule the order was placed under.
  const settings = ctx.settings ?? (await tradingSettingsFor(q, instrument));
  // Placing the order, the caller has just pinned `ctx.settings.fees` to it: no need to read them back.
  const schedule = ctx.settings ? ctx.settings.fees : ((await pinnedFees(q, order.id)) ?? settings.fees);
  const { userId, symbol, currency } = order;
  const asset = assetOf(order);
  const resting = order.type === 'limit';
  // Shares wait for settlement in `locked`; what settles the same day (coins) lands in spot, with no lot.
  const settles = settings.settlementDays > 0;
  const ref = { type: 'stock_order', id: String(order.id) };

  for (const fill of fills) {
    const notionalAfter = order.notional + fill.price * fill.quantity;
    const filledAfter = order.filledQuantity + fill.quantity;
    const value = fillValue(order.notional, notionalAfter, scales);
    const fee = fillFee(
      schedule,
      { value: order.value, quantity: order.filledQuantity },
      { value: tradeValue(notionalAfter, scales), quantity: filledAfter },
      scales,
    );
    const seq = order.fillCount + 1;
    const fillValues = [order.id, userId, seq, symbol, order.side, fill.price, fill.quantity, value, fee];
    if (order.side === 'buy') {
      // The fill, its lot of shares locked until settlement, and the holding's cost, in one statement:
      // shares wait for settlement in `locked`; coins settle the same day (no lot) and keep no holding here
      // (they also arrive by deposit and leave by withdrawal, so a cost from trades alone would mislead).
      const settlesAt = settles
        ? new Date(
            sharesAvailableAt(nowMs, settings.settlementDays, settlementCalendarOf(instrument.calendar)),
          )
        : null;
      await q.query(
        `with fill as (
           insert into stock_fills (order_id, user_id, seq, symbol, side, price, quantity, value, fee, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id),
         lot as (
           insert into stock_lots (fill_id, user_id, symbol, quantity, settles_at)
           select fill.id, $2, $4, $7, $11::timestamptz from fill where $11::timestamptz is not null),
         holding as (
           insert into stock_positions (user_id, symbol, quantity, cost)
           select $2, $4, $7, $8::bigint + $9::bigint where $12::boolean
           on conflict (user_id, symbol)
           do update set quantity = stock_positions.quantity + excluded.quantity,
                         cost = stock_positions.cost + excluded.cost)
         select id from fill`,
        [...fillValues, new Date(nowMs), settlesAt, order.product === 'stock'],
      );
    } else {
      await q.query(
        `insert into stock_fills (order_id, user_id, seq, symbol, side, price, quantity, value, fee, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [...fillValues, new Date(nowMs)],
      );
    }
    countFill(q, currency, order.side);
    const key = `stock-order:${order.id}:fill:${seq}`;

    // What the taxes module needs of this fill, on either side (decision 048).
    const taxFill = {
      userId,
      product: order.product,
      side: order.side,
      orderId: order.id,
      seq,
      symbol,
      asset,
      currency,
      quantity: fill.quantity * order.assetUnit,
      value,
      fee,
      nowMs,
      actor,
    };
    if (order.side === 'buy') {
      // A limit buy pays from what it froze at placement; a market buy from the spot balance.
      // The trade and its fee posted together (one accounts read, one insert, one balance update).
      const entries = spotFillEntries({
        side: 'buy',
        key,
        actor,
        ref,
        asset,
        currency,
        units: fill.quantity * order.assetUnit,
        value,
        fee,
        shares: userAccount(userId, settles ? 'locked' : 'spot', asset),
        cash: userAccount(userId, resting ? 'frozen' : 'spot', currency),
      });
      await postEntries(q, entries);
      if (resting) order.frozen -= value + fee;
      await taxSpotFill(q, taxFill);
    } else {
      const entries = spotFillEntries({
        side: 'sell',
        key,
        actor,
        ref,
        asset,
        currency,
        units: fill.quantity * order.assetUnit,
        value,
        fee,
        shares: userAccount(userId, resting ? 'frozen' : 'spot', asset),
        cash: userAccount(userId, 'spot', currency),
      });
      await postEntries(q, entries);
      // Withheld after the proceeds land and before the holding's cost shrinks (decision 048).
      await taxSpotFill(q, taxFill);
      if (resting) order.frozen -= fill.quantity * order.assetUnit;
      if (order.product === 'stock') {
        // The holding's cost shrinks in proportion to the shares sold (average cost); all of it with the last.
        // One statement that locks, checks and writes the row (its columns read as they are under the lock).
        const shrunk = await q.query<{ quantity: bigint }>(
          `update stock_positions
              set quantity = quantity - $3,
                  cost = cost - case when quantity = $3 then cost else ${costSoldSql} end
            where user_id = $1 and symbol = $2 and quantity >= $3
           returning quantity`,
          [userId, symbol, fill.quantity],
        );
        if (shrunk.length === 0) {
          throw new Error(`position of user ${userId} in ${symbol} is short of a sale of ${fill.quantity}`);
        }
      }
    }

    order.notional = notionalAfter;
    order.filledQuantity = filledAfter;
    order.value += value;
    order.fee += fee;
    order.fillCount = seq;
  }
}

/**
 * Settles an order's state after its fills: filled (position for a buy, closed for a sell), resting (open or
 * partial) for a limit order with a rest, and for a market order the rest dropped. When it no longer rests,
 * what it still holds frozen goes back to spot.
 */
export async function settleState(
  q: Queryable,
  order: OrderRow,
  ctx: { nowMs: number; actor: Actor; cancel?: boolean },
): Promise<void> {
  const done = order.side === 'buy' ? 'position' : 'closed';
  if (ctx.cancel) order.state = 'cancelled';
  else if (order.filledQuantity === order.quantity || order.type === 'market') order.state = done;
  else order.state = order.filledQuantity > 0n ? 'partial' : 'open';

  const resting = order.state === 'open' || order.state === 'partial';
  if (!resting && order.frozen > 0n) {
    const asset = order.side === 'buy' ? order.currency : assetOf(order);
    await postEntry(q, {
      billType: order.side === 'buy' ? 'spot_buy' : 'spot_sell',
      actor: ctx.actor,
      ref: { type: 'stock_order', id: String(order.id) },
      idempotencyKey: `stock-order:${order.id}:release`,
      memo: 'frozen rest released',
      postings: [
        { account: userAccount(order.userId, 'frozen', asset), amount: -order.frozen },
        { account: userAccount(order.userId, 'spot', asset), amount: order.frozen },
      ],
    });
    order.frozen = 0n;
  }
  await saveOrder(q, order, ctx.nowMs);
  // A limit order may fill while the investor is away: they are told by a notice (decision 037).
  if (order.state === done && order.type === 'limit' && order.filledQuantity > 0n) {
    await notifyInvestor(q, {
      userId: order.userId,
      key: order.side === 'buy' ? 'notice.order.buyFilled' : 'notice.order.sellFilled',
      params: [order.symbol],
      ref: `stock-order:${order.id}`,
      nowMs: ctx.nowMs,
    });
  }
}

/** Freezes what a limit order may spend (a buy's cost at its limit) or sell (its shares or coins, in ledger units). */
export async function freezeForOrder(
  q: Queryable,
  order: OrderRow,
  amount: bigint,
  actor: Actor,
): Promise<void> {
  const asset = order.side === 'buy' ? order.currency : assetOf(order);
  await postEntry(q, {
    billType: order.side === 'buy' ? 'spot_buy' : 'spot_sell',
    actor,
    ref: { type: 'stock_order', id: String(order.id) },
    idempotencyKey: `stock-order:${order.id}:freeze`,
    memo: 'limit order frozen',
    postings: [
      { account: userAccount(order.userId, 'spot', asset), amount: -amount },
      { account: userAccount(order.userId, 'frozen', asset), amount },
    ],
  });
  order.frozen = amount;
}
