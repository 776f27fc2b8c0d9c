import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { taxCurrency } from '@piazza/core/tax/rates';
import { type CarriedLoss, lastYearUsable } from '@piazza/core/tax/zainetto';
import { fillFee } from '@piazza/core/trading/fees';
import { fillMarket, fillValue, tradeValue } from '@piazza/core/trading/fills';
import { checkOrder } from '@piazza/core/trading/order-rules';
import { sharesAvailableAt } from '@piazza/core/trading/settlement';
import type { Queryable } from '../../db/db';
import { claimCte, claimParams, type RequestClaim, RequestRepeated } from '../../http/implement';
import { balanceRefusalOf, type EntryDraft, entriesForFunction } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { countFill, countLedgerEntry, countOrder } from '../../platform/metrics';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { costReleased, planSale, pooledCost, type TaxRegime, taxYearOf } from '../taxes';
import { noteOrderReads, scalesOf, spotFillEntries } from './order-fills';
import { placedWithoutFx } from './order-fx';
import type { OrderRow } from './order-rows';
import { orderViewOf } from './order-views';
import { marketNow, nextOpenOf, refusalOf, type Ticket } from './place-order';
import { feePinParams, marketOf, orderLimitsOf, tradingSettingsRiding } from './settings';
import { settlementCalendarOf } from './settlement-calendar';

/*
 * A stock market order in euros in two statements (issue 18 item 1, decision 072): one read — the requestId
 * claimed, the operator's settings, the share made a ledger asset, the order's id drawn, and for a sale the
 * shares held, the holding and the plan's fractions locked, the tax regime created and locked and the usable
 * losses locked — then, with the book walked and every fill, fee, entry and tax worked out here by the same
 * pure rules `placeOrder` uses, one call of `piazza_stock_market_order` (migration 198) that writes it all,
 * the answer to the requestId included, and moves the platform's balances last. Other orders (limit, stop,
 * dollar shares, coins, the engine's) keep `placeOrder`.
 */

/** Whether a ticket takes this path: a market order for a share traded in euros (no exchange, no euro basis). */
export function placesInOneCall(instrument: Instrument, t: Pick<Ticket, 'type' | 'product'>): boolean {
  return (
    t.type === 'market' &&
    (t.product ?? 'stock') === 'stock' &&
    instrument.kind === 'stock' &&
    instrument.currency === taxCurrency
  );
}

interface Reads {
  claimed: boolean;
  orderId: bigint;
  shares: Record<string, string> | null;
  heldQuantity: bigint | null;
  heldCost: bigint | null;
  fractions: { quantity: string; cost: string } | null;
  pacScale: number | null;
  book: boolean | null;
  regime: TaxRegime | null;
  losses: { year: number; remaining: string }[] | null;
}

const actorOf = (userId: number) => ({ type: 'user' as const, id: String(userId) });

/**
 * The read: $4 user, $5 symbol, $6 currency, $7 tax year, $8 oldest loss year usable, $9 whether a sale,
 * then the claim's three. A sale's locks follow the order of the path they replace: the holding, the plan's
 * fractions, the regime (each CTE waits on the one before through its `where`); the usable losses are locked
 * too, so a concurrent sale's use of them is seen. A buy locks nothing here.
 */
const readsWith = `${claimCte(10)},
  pos as materialized (select quantity, cost from stock_positions where $9::boolean and user_id = $4 and symbol = $5 for update),
  frac as materialized (select quantity, cost from plan_fractions
            where $9::boolean and user_id = $4 and symbol = $5 and quantity > 0 and (select count(*) from pos) >= 0
            for update),
  reg as (insert into tax_regimes (user_id)
          select $4 where $9::boolean and (select count(*) from frac) >= 0
             and not coalesce((select book from users where id = $4), false)
          on conflict (user_id) do update set user_id = excluded.user_id returning regime),
  losses as materialized (select year, carried - used as remaining from tax_losses
            where $9::boolean and user_id = $4 and currency = $6 and used < carried and year <= $7 and year >= $8
              and (select count(*) from reg) >= 0
            order by year for update)`;

const readsColumns = `exists (select 1 from claim) as claimed, nextval('stock_orders_id_seq') as "orderId",
  case when $9::boolean then (select coalesce(json_object_agg(purpose, balance::text), '{}'::json) from accounts
        where owner_type = 'user' and owner_id = $4 and asset = $5 and purpose in ('spot', 'locked', 'frozen')) end
    as shares,
  (select quantity from pos) as "heldQuantity", (select cost from pos) as "heldCost",
  (select json_build_object('quantity', quantity::text, 'cost', cost::text) from frac) as fractions,
  case when $9::boolean then (select scale from assets where code = 'PAC:' || $5) end as "pacScale",
  case when $9::boolean then (select book from users where id = $4) end as book,
  (select regime from reg) as regime,
  case when $9::boolean then (select coalesce(json_agg(json_build_object('year', year, 'remaining', remaining::text)
        order by year), '[]'::json) from losses) end as losses`;

/**
 * Places a market order for a euro share in the call's transaction, claiming its requestId and storing its
 * answer: the same checks, fills, fees, entries, lots, holding and sale's tax as `placeOrder` then
 * `clearIfSoldOut`, in one read and one write. Any refusal rolls it all back, as there.
 */
export async function placeMarketOrder(
  q: Queryable,
  services: Services,
  instrument: Instrument,
  t: Ticket,
  claim: RequestClaim,
): Promise<{ order: OrderRow; view: OrderView }> {
  const sell = t.side === 'sell';
  const year = taxYearOf(t.nowMs);
  const { settings, row } = await tradingSettingsRiding<Reads>(
    q,
    marketOf(instrument),
    { code: instrument.symbol, scale: instrument.quantityScale },
    {
      with: readsWith,
      columns: readsColumns,
      params: [
        t.userId,
        instrument.symbol,
        instrument.currency,
        year,
        year - lastYearUsable(0),
        sell,
        ...claimParams(claim),
      ],
    },
  );
  if (!row.claimed) throw new RequestRepeated();
  claim.claimed = true;
  if (settings.currency !== instrument.currency)
    throw new Error(`${instrument.symbol} trades outside its market's currency`);
  const currencyScale = settings.currencyScale;
  noteOrderReads(q, instrument.symbol, instrument.currency, currencyScale);

  const { quote, book } = await marketNow(services, instrument.symbol, t.nowMs);
  const quantity = parseAmount(t.quantity, instrument.quantityScale);
  if (quantity === null)
    throw new Refusal('order.quantityLot', [formatAmount(instrument.lotSize, instrument.quantityScale)]);
  const open = quote.status === 'open';
  if (!open && instrument.listed) {
    const next = nextOpenOf(instrument, t.nowMs);
    throw next ? new Refusal('order.marketClosedUntil', next) : new Refusal('order.marketClosed');
  }
  const balance = (purpose: string) => BigInt(row.shares?.[purpose] ?? 0);
  const failure = checkOrder(
    { side: t.side, type: 'market', quantity, limitPrice: null, takeProfit: null, stopLoss: null },
    {
      instrument,
      currencyScale,
      marketOpen: open,
      marketPrice: (t.side === 'buy' ? book.asks[0]?.price : book.bids[0]?.price) ?? quote.last,
      limits: orderLimitsOf(settings, t.side, instrument),
      availableQuantity: sell ? balance('spot') : 0n,
    },
  );
  if (failure) throw refusalOf(failure, instrument, currencyScale);
  const execution = fillMarket(t.side, quantity, { bids: book.bids, asks: book.asks });
  if (execution.filled === 0n) throw new Refusal('order.noLiquidity');

  const now = new Date(t.nowMs);
  const order: OrderRow = {
    id: BigInt(row.orderId),
    userId: t.userId,
    symbol: instrument.symbol,
    currency: instrument.currency,
    side: t.side,
    type: 'market',
    state: sell ? 'closed' : 'position',
    quantity,
    limitPrice: null,
    filledQuantity: 0n,
    notional: 0n,
    value: 0n,
    fee: 0n,
    frozen: 0n,
    fillCount: 0,
    product: 'stock',
    asset: instrument.symbol,
    assetUnit: 1n,
    stopPrice: null,
    triggeredAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const scales = scalesOf(instrument, currencyScale);
  const actor = actorOf(t.userId);
  const ref = { type: 'stock_order', id: String(order.id) };
  const { symbol, currency } = order;
  const user = (purpose: 'spot' | 'locked', asset: string) =>
    ({ ownerType: 'user', ownerId: t.userId, purpose, asset }) as const;
  const platform = (purpose: string, asset: string) =>
    ({ ownerType: 'platform', ownerId: 0, purpose, asset }) as const;
  const settles = settings.settlementDays > 0;
  const settlesAt =
    !sell && settles
      ? new Date(
          sharesAvailableAt(t.nowMs, settings.settlementDays, settlementCalendarOf(instrument.calendar)),
        ).toISOString()
      : null;

  // A sale's state under its locks: the holding, the plan's fractions and the zainetto, fill after fill.
  if (sell && (row.heldQuantity === null || row.heldCost === null)) {
    throw new Error(`position of user ${t.userId} in ${symbol} is short of a sale of ${quantity}`);
  }
  const held = { quantity: BigInt(row.heldQuantity ?? 0), cost: BigInt(row.heldCost ?? 0) };
  const taxed = sell && row.book !== true;
  const fractions =
    taxed && row.fractions
      ? { quantity: BigInt(row.fractions.quantity), cost: BigInt(row.fractions.cost) }
      : null;
  const fractionsCostBefore = fractions?.cost ?? null;
  const step =
    10n ** BigInt(Math.max(0, (row.pacScale ?? instrument.quantityScale) - instrument.quantityScale));
  const losses: CarriedLoss[] = (row.losses ?? []).map((l) => ({
    year: Number(l.year),
    remainingMinor: BigInt(l.remaining),
  }));
  const regime: TaxRegime = row.regime ?? 'amministrato';

  const fills: {
    seq: number;
    price: string;
    quantity: string;
    value: string;
    fee: string;
    settlesAt: string | null;
  }[] = [];
  const entries: (EntryDraft & { refRow?: number })[] = [];
  const realisations: Record<string, string | number>[] = [];
  let carried = 0n;
  const used = new Map<number, bigint>();
  const holding = { quantity: 0n, cost: 0n };
  for (const fill of execution.fills) {
    const notionalAfter = order.notional + fill.price * fill.quantity;
    const filledAfter = order.filledQuantity + fill.quantity;
    const value = fillValue(order.notional, notionalAfter, scales);
    const fee = fillFee(
      settings.fees,
      { value: order.value, quantity: order.filledQuantity },
      { value: tradeValue(notionalAfter, scales), quantity: filledAfter },
      scales,
    );
    const seq = order.fillCount + 1;
    const key = `stock-order:${order.id}:fill:${seq}`;
    fills.push({
      seq,
      price: String(fill.price),
      quantity: String(fill.quantity),
      value: String(value),
      fee: String(fee),
      settlesAt,
    });
    const payer = user('spot', currency);
    entries.push(
      ...spotFillEntries({
        side: sell ? 'sell' : 'buy',
        key,
        actor,
        ref,
        asset: symbol,
        currency,
        units: fill.quantity,
        value,
        fee,
        shares: user(!sell && settles ? 'locked' : 'spot', symbol),
        cash: payer,
      }),
    );
    if (!sell) {
      holding.quantity += fill.quantity;
      holding.cost += value + fee;
    } else {
      // The sale's tax before the holding's cost shrinks (taxes spot.ts, decision 048), at the pooled average.
      const own = costReleased(held, fill.quantity);
      if (taxed) {
        const pooled = pooledCost(held, fractions, fill.quantity, step);
        if (fractions && pooled.fractionsCostAfter !== null) fractions.cost = pooled.fractionsCostAfter;
        const plan = planSale(
          {
            kind: 'shares',
            instrument: symbol,
            currency,
            proceeds: value,
            fees: fee,
            cost: pooled.cost,
            nowMs: t.nowMs,
          },
          regime,
          losses,
        );
        carried += plan.carried;
        for (const u of plan.used) used.set(u.year, (used.get(u.year) ?? 0n) + u.used);
        realisations.push({
          source: 'stock_fill',
          sourceRef: `${order.id}:${seq}`,
          kind: plan.kind,
          instrument: symbol,
          currency,
          taxYear: plan.year,
          regime,
          proceeds: String(value),
          fees: String(fee),
          cost: String(pooled.cost),
          gain: String(plan.gain),
          lossUsed: String(plan.lossUsed),
          taxable: String(plan.taxable),
          rateBp: plan.rateBp,
          withheld: String(plan.withheld),
        });
        if (plan.withheld > 0n) {
          entries.push({
            billType: 'tax_gains',
            actor,
            // Its id is the realisation's, which the function inserts just before.
            ref: { type: 'tax_realisation', id: '' },
            refRow: realisations.length,
            idempotencyKey: `tax:gains:stock_fill:${order.id}:${seq}`,
            postings: [
              { account: payer, amount: -plan.withheld },
              { account: platform('tax-payable', currency), amount: plan.withheld },
            ],
          });
        }
      }
      holding.quantity += fill.quantity;
      holding.cost += own;
      held.quantity -= fill.quantity;
      held.cost -= own;
    }
    order.notional = notionalAfter;
    order.filledQuantity = filledAfter;
    order.value += value;
    order.fee += fee;
    order.fillCount = seq;
  }

  // The answer is known before anything is written: it is stored by the same call.
  placedWithoutFx.add(order);
  const view = await orderViewOf(q, services, order);
  const answer = claim.answer(view);
  const ledger = entriesForFunction(entries);
  const [fee0, fee1, fee2, fee3, fee4] = feePinParams(settings.fees);
  const call = {
    order: {
      id: String(order.id),
      userId: t.userId,
      symbol,
      currency,
      side: order.side,
      state: order.state,
      quantity: String(quantity),
      filledQuantity: String(order.filledQuantity),
      notional: String(order.notional),
      value: String(order.value),
      fee: String(order.fee),
      fillCount: order.fillCount,
      asset: symbol,
      at: now.toISOString(),
    },
    fees: {
      rateBp: fee0,
      perShare: fee1 === null ? null : String(fee1),
      perShareScale: fee2,
      minimum: String(fee3),
      maximum: fee4 === null ? null : String(fee4),
    },
    fills,
    holding: { quantity: String(holding.quantity), cost: String(holding.cost) },
    accounts: ledger.accounts,
    realisations,
    entries: ledger.entries,
    userMoves: ledger.userMoves,
    platformMoves: ledger.platformMoves,
    fractionsCost: fractions && fractions.cost !== fractionsCostBefore ? String(fractions.cost) : null,
    lossCarried: carried > 0n ? { currency, year, amount: String(carried) } : null,
    lossesUsed: [...used].map(([y, u]) => ({ currency, year: y, used: String(u) })),
    answer: { scope: claim.scope, call: claim.call, requestId: claim.requestId, response: answer },
  };
  try {
    await q.query('select piazza_stock_market_order($1::jsonb)', [JSON.stringify(call)]);
  } catch (err) {
    throw balanceRefusalOf(err);
  }
  countOrder(q, currency, t.side);
  for (let n = 0; n < order.fillCount; n++) countFill(q, currency, t.side);
  for (const billType of ledger.billTypes) countLedgerEntry(q, billType);
  return { order, view };
}
