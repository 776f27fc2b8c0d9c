import type { PlanHoldingView, PlanSaleView } from '@piazza/contract/calls/plans-shapes';
import { formatAmount, mulDiv, parseAmount } from '@piazza/core/money';
import { saleProceeds } from '@piazza/core/trading/fees';
import { tradeValue } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { type AccountRef, postEntry } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { quoteOrNull } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { estimateWithholding, withholdOnSale } from '../taxes';
import { marketNow, tradingSettingsFor } from '../trading';
import { eurScale, fractionAsset, fractionScale } from './plan-rows';

/*
 * A plan's fractions held and sold (issue 20 item 3, decision 063). `plan_fractions` keeps per investor and
 * symbol the units of `PAC:{symbol}` and their cost (each purchase's value and market fee, less what sales
 * released). A sale goes to the platform's market at the best bid with the market's fee, in the caller's
 * transaction: one `plan_sell` entry (units out, value in) and a `trade_fee` entry, then the capital gains tax
 * through the taxes module, at the weighted average cost of everything the investor holds of the instrument
 * (whole shares and the plan's fractions together).
 */

const spot = (userId: number, asset: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose: 'spot',
  asset,
});
const platform = (purpose: string, asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose,
  asset,
});

interface Held {
  quantity: bigint;
  cost: bigint;
}

/** Adds a fractional purchase to the investor's holding of the plan's fractions (its units and cost). */
export async function addFractions(
  q: Queryable,
  userId: number,
  symbol: string,
  quantity: bigint,
  cost: bigint,
): Promise<void> {
  await q.query(
    `insert into plan_fractions (user_id, symbol, quantity, cost) values ($1, $2, $3, $4)
     on conflict (user_id, symbol)
     do update set quantity = plan_fractions.quantity + $3, cost = plan_fractions.cost + $4`,
    [userId, symbol, quantity, cost],
  );
}

async function heldOf(q: Queryable, userId: number, symbol: string, lock = false): Promise<Held> {
  const [row] = await q.query<Held>(
    `select quantity, cost from plan_fractions where user_id = $1 and symbol = $2${lock ? ' for update' : ''}`,
    [userId, symbol],
  );
  return row ?? { quantity: 0n, cost: 0n };
}

/**
 * The cost a sale of `quantity` fractions releases for tax: the weighted average cost (fees included) of the
 * whole shares (`stock_positions`) and the plan's fractions together, times the units sold.
 */
async function averageCostOf(
  q: Queryable,
  userId: number,
  instrument: Instrument,
  held: Held,
  quantity: bigint,
): Promise<bigint> {
  const [shares] = await q.query<Held>(
    'select quantity, cost from stock_positions where user_id = $1 and symbol = $2',
    [userId, instrument.symbol],
  );
  const wholeUnits = (shares?.quantity ?? 0n) * 10n ** BigInt(fractionScale - instrument.quantityScale);
  const units = wholeUnits + held.quantity;
  const cost = (shares?.cost ?? 0n) + held.cost;
  if (units <= 0n) return 0n;
  if (quantity >= units) return cost;
  return mulDiv(cost, quantity, units, 'halfEven');
}

const money = (v: bigint) => formatAmount(v, eurScale);

/** Every plan fraction the investor holds, valued at the last price, with cost, P&L and the bid now. */
export async function planHoldings(
  q: Queryable,
  services: Services,
  userId: number,
  nowMs: number,
): Promise<PlanHoldingView[]> {
  const rows = await q.query<Held & { symbol: string }>(
    'select symbol, quantity, cost from plan_fractions where user_id = $1 and quantity > 0 order by symbol',
    [userId],
  );
  const list: PlanHoldingView[] = [];
  for (const r of rows) {
    const instrument = services.market.instrument(r.symbol);
    const priceScale = instrument?.priceScale ?? 2;
    const scales = { priceScale, quantityScale: fractionScale, currencyScale: eurScale };
    const quote = instrument ? await quoteOrNull(services.market, r.symbol, nowMs) : null;
    const last = quote && quote.last > 0n ? quote.last : null;
    let bid: bigint | null = null;
    if (instrument) {
      try {
        bid = (await services.market.book(r.symbol, 1, nowMs)).bids[0]?.price ?? null;
      } catch {
        bid = null;
      }
    }
    const marketValue = last === null ? null : tradeValue(last * r.quantity, scales);
    // The cost of one unit at the price's decimals: cost (cents) × 10^(price − 2) × 10^6 / units.
    const averageCost = mulDiv(
      r.cost * 10n ** BigInt(priceScale - eurScale),
      10n ** BigInt(fractionScale),
      r.quantity,
      'halfEven',
    );
    list.push({
      symbol: r.symbol,
      name: instrument?.name ?? r.symbol,
      currency: 'EUR',
      units: formatAmount(r.quantity, fractionScale),
      cost: money(r.cost),
      averageCost: formatAmount(averageCost, priceScale),
      lastPrice: last === null ? null : formatAmount(last, priceScale),
      bid: bid === null ? null : formatAmount(bid, priceScale),
      marketValue: marketValue === null ? null : money(marketValue),
      pnl: marketValue === null ? null : money(marketValue - r.cost),
    });
  }
  return list;
}

interface SaleTicket {
  userId: number;
  symbol: string;
  /** The units as typed: a decimal string with at most 6 decimals. */
  quantity: string;
  nowMs: number;
}

/** The checks and figures of a sale now: the refusals a sale would meet, and what it would bring. */
async function priceSale(q: Queryable, services: Services, t: SaleTicket, lock: boolean) {
  const instrument = services.market.instrument(t.symbol);
  if (!instrument) throw new Refusal('plan.sell.none', [t.symbol]);
  const quantity = parseAmount(t.quantity, fractionScale);
  if (quantity === null || quantity <= 0n) throw new Refusal('plan.sell.quantity');
  const held = await heldOf(q, t.userId, instrument.symbol, lock);
  if (held.quantity <= 0n) throw new Refusal('plan.sell.none', [instrument.symbol]);
  if (quantity > held.quantity)
    throw new Refusal('plan.sell.tooMany', [formatAmount(held.quantity, fractionScale), instrument.symbol]);
  // Like a market order: nothing is sold while the market is closed.
  const { quote, book } = await marketNow(services, instrument.symbol, t.nowMs);
  if (quote.status !== 'open') throw new Refusal('order.marketClosed');
  const bid = book.bids[0]?.price ?? null;
  if (bid === null || bid <= 0n) throw new Refusal('plan.sell.noBid', [instrument.symbol]);
  const settings = await tradingSettingsFor(q, instrument);
  const scales = { priceScale: instrument.priceScale, quantityScale: fractionScale, currencyScale: eurScale };
  const value = tradeValue(bid * quantity, scales);
  const { fee } = saleProceeds(
    settings.fees,
    { value, quantity },
    { quantityScale: fractionScale, currencyScale: eurScale },
  );
  const cost = await averageCostOf(q, t.userId, instrument, held, quantity);
  return { instrument, quantity, held, bid, value, fee, cost };
}

function saleView(
  instrument: Instrument,
  s: { quantity: bigint; bid: bigint; value: bigint; fee: bigint; tax: bigint; remaining: bigint },
): PlanSaleView {
  return {
    symbol: instrument.symbol,
    units: formatAmount(s.quantity, fractionScale),
    price: formatAmount(s.bid, instrument.priceScale),
    value: money(s.value),
    fee: money(s.fee),
    tax: money(s.tax),
    net: money(s.value - s.fee - s.tax),
    remaining: formatAmount(s.remaining, fractionScale),
  };
}

/**
 * What a sale would bring now, read only: the tax the taxes module's estimate gives, as the sale would withhold
 * it (an ETF's gain in full, a share's after the zainetto's losses).
 */
export async function previewSale(q: Queryable, services: Services, t: SaleTicket): Promise<PlanSaleView> {
  const s = await priceSale(q, services, t, false);
  const estimate = await estimateWithholding(q, {
    userId: t.userId,
    kind: 'shares',
    instrument: s.instrument.symbol,
    currency: 'EUR',
    proceeds: s.value,
    fees: s.fee,
    cost: s.cost,
    nowMs: t.nowMs,
  });
  return saleView(s.instrument, { ...s, tax: estimate.withheld, remaining: s.held.quantity - s.quantity });
}

/** Sells plan fractions at the bid, in the caller's transaction: proceeds, fee and tax in the ledger. */
export async function sellFractions(q: Queryable, services: Services, t: SaleTicket): Promise<PlanSaleView> {
  const s = await priceSale(q, services, t, true);
  const { instrument, quantity, value, fee, cost } = s;
  const asset = fractionAsset(instrument.symbol);
  const [row] = await q.query<{ id: bigint }>(
    `insert into plan_sales (user_id, symbol, quantity, price, value, fee, cost, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [t.userId, instrument.symbol, quantity, s.bid, value, fee, cost, new Date(t.nowMs)],
  );
  const saleId = (row as { id: bigint }).id;
  const ref = { type: 'plan_sale', id: String(saleId) };
  const actor = { type: 'user' as const, id: String(t.userId) };
  await postEntry(q, {
    billType: 'plan_sell',
    actor,
    ref,
    idempotencyKey: `plan-sale:${saleId}:sell`,
    postings: [
      { account: spot(t.userId, asset), amount: -quantity },
      { account: platform('market', asset), amount: quantity },
      { account: platform('market', 'EUR'), amount: -value },
      { account: spot(t.userId, 'EUR'), amount: value },
    ],
  });
  if (fee > 0n) {
    await postEntry(q, {
      billType: 'trade_fee',
      actor,
      ref,
      idempotencyKey: `plan-sale:${saleId}:fee`,
      postings: [
        { account: spot(t.userId, 'EUR'), amount: -fee },
        { account: platform('fees', 'EUR'), amount: fee },
      ],
    });
  }
  const taxed = await withholdOnSale(q, {
    userId: t.userId,
    source: 'plan_sale',
    sourceRef: String(saleId),
    kind: 'shares',
    instrument: instrument.symbol,
    currency: 'EUR',
    proceeds: value,
    fees: fee,
    cost,
    nowMs: t.nowMs,
    actor,
  });
  // The fractions' own cost shrinks by what the sale released (all of it with the last unit).
  const remaining = s.held.quantity - quantity;
  const released = remaining === 0n || cost > s.held.cost ? s.held.cost : cost;
  await q.query(
    'update plan_fractions set quantity = quantity - $3, cost = cost - $4 where user_id = $1 and symbol = $2',
    [t.userId, instrument.symbol, quantity, released],
  );
  await q.query('update plan_sales set tax = $2 where id = $1', [saleId, taxed.withheld]);
  return saleView(instrument, { ...s, tax: taxed.withheld, remaining });
}
