import { formatAmount } from '@piazza/core/money';
import { nextTradingDay } from '@piazza/core/plans/schedule';
import { unitsWithin } from '@piazza/core/plans/units';
import { buyCost } from '@piazza/core/trading/fees';
import { tradeValue } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { notifyInvestor } from '../../kit/personal-notice';
import { type AccountRef, balanceOf, postEntry } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { marketNow, placeOrder, tradingSettingsFor } from '../trading';
import { addFractions } from './fractions';
import {
  eurScale,
  fractionAsset,
  fractionScale,
  isoDay,
  nextDates,
  type PlanRow,
  planOf,
  planTermsOf,
  tradesOn,
} from './plan-rows';

/*
 * One attempt of a plan (key: plan + the day tried), in its own transaction under the plan's lock:
 * - the market is closed, the spot EUR balance is below the plan's amount, or the amount buys nothing: the
 *   attempt is recorded as skipped, the investor told, and the same date tried again on the next trading day
 *   (or dropped when that day reaches the plan's next date, which is then tried instead);
 * - otherwise it buys the most units the amount less the plan fee pays for with the order's fee: whole units
 *   by a market order of the trading module as the investor (the rest stays cash), or, when the operator
 *   allows fractions of the instrument, units to 6 decimals at the best ask, posted as `plan_buy` into the
 *   asset `PAC:{symbol}` with the market's fee (decision 054); then the plan fee, then the next date.
 */

export type SkipReason = 'marketClosed' | 'cash' | 'tooSmall' | 'market';
export type AttemptOutcome = 'executed' | SkipReason | 'nothing';

const platform = (purpose: string, asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose,
  asset,
});
const spot = (userId: number, asset: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose: 'spot',
  asset,
});

class Skip extends Error {
  constructor(readonly reason: SkipReason) {
    super(reason);
  }
}

/** Runs the attempt of `planId` on `attemptDay`; answers what it did. */
export async function attemptPlan(
  services: Services,
  planId: bigint,
  attemptDay: number,
  nowMs: number,
): Promise<AttemptOutcome> {
  let refused: SkipReason | undefined;
  try {
    return await services.db.tx(async (q) => {
      const plan = await planOf(q, planId, { lock: true });
      if (plan?.state !== 'active' || plan.attemptDay !== attemptDay) return 'nothing' as const;
      try {
        return await execute(q, services, plan, nowMs);
      } catch (err) {
        if (err instanceof Skip) {
          await skip(q, services, plan, err.reason, nowMs);
          return err.reason;
        }
        throw err;
      }
    });
  } catch (err) {
    // A refusal from the order or the ledger rolled the purchase back: the attempt is a skip, recorded apart.
    if (!(err instanceof Refusal)) throw err;
    refused = err.key === 'balance.insufficient' ? 'cash' : 'market';
  }
  const reason = refused;
  return services.db.tx(async (q) => {
    const plan = await planOf(q, planId, { lock: true });
    if (plan?.state !== 'active' || plan.attemptDay !== attemptDay) return 'nothing' as const;
    await skip(q, services, plan, reason, nowMs);
    return reason;
  });
}

async function execute(q: Queryable, services: Services, plan: PlanRow, nowMs: number): Promise<'executed'> {
  const instrument = services.market.instrument(plan.symbol);
  if (!instrument) throw new Skip('market');
  const terms = await planTermsOf(q, plan.symbol);
  const { quote, book } = await marketNow(services, plan.symbol, nowMs);
  if (quote.status !== 'open') throw new Skip('marketClosed');
  const cash = await balanceOf(q, spot(plan.userId, 'EUR'));
  if (cash < plan.amount) throw new Skip('cash');
  const ask = book.asks[0]?.price ?? null;
  if (ask === null || ask <= 0n) throw new Skip('market');

  const settings = await tradingSettingsFor(q, instrument);
  const budget = plan.amount - terms.fee;
  const quantityScale = terms.fractional ? fractionScale : instrument.quantityScale;
  const scales = { priceScale: instrument.priceScale, quantityScale, currencyScale: eurScale };
  const cost = (quantity: bigint) =>
    buyCost(
      settings.fees,
      { value: tradeValue(ask * quantity, scales), quantity },
      { quantityScale, currencyScale: eurScale },
    );
  let quantity = unitsWithin(budget, ask, scales, (n) => cost(n).total);
  if (!terms.fractional) quantity -= quantity % instrument.lotSize;
  if (quantity <= 0n) throw new Skip('tooSmall');

  const [row] = await q.query<{ id: bigint }>(
    `insert into plan_executions (plan_id, user_id, due_day, attempt_day, state, symbol, quantity_scale)
     values ($1, $2, $3, $4, 'executed', $5, $6) returning id`,
    [plan.id, plan.userId, plan.dueDay, plan.attemptDay, plan.symbol, quantityScale],
  );
  const executionId = (row as { id: bigint }).id;
  const ref = { type: 'plan_execution', id: String(executionId) };
  const actor = { type: 'job' as const, id: 'plan-execute' };
  let value: bigint;
  let fee: bigint;
  let orderId: bigint | null = null;
  let price = ask;
  if (terms.fractional) {
    ({ value, fee } = cost(quantity));
    await buyFraction(q, plan, instrument, { quantity, value, fee, ref, executionId });
  } else {
    const order = await placeOrder(q, services, {
      userId: plan.userId,
      side: 'buy',
      symbol: plan.symbol,
      type: 'market',
      quantity: formatAmount(quantity, instrument.quantityScale),
      nowMs,
    });
    quantity = order.filledQuantity;
    value = order.value;
    fee = order.fee;
    orderId = order.id;
    // The average price the order paid, at the price's decimals.
    if (quantity > 0n) price = order.notional / quantity;
  }
  if (terms.fee > 0n) {
    await postEntry(q, {
      billType: 'plan_fee',
      actor,
      ref,
      idempotencyKey: `plan-execution:${executionId}:fee`,
      postings: [
        { account: spot(plan.userId, 'EUR'), amount: -terms.fee },
        { account: platform('fees', 'EUR'), amount: terms.fee },
      ],
    });
  }
  await q.query(
    `update plan_executions set order_id = $2, quantity = $3, price = $4, value = $5, trade_fee = $6, plan_fee = $7
      where id = $1`,
    [executionId, orderId, quantity, price, value, fee, terms.fee],
  );
  const next = nextDates(instrument, plan, Math.max(plan.dueDay, plan.attemptDay));
  await q.query('update savings_plans set due_day = $2, attempt_day = $3, updated_at = $4 where id = $1', [
    plan.id,
    next.dueDay,
    next.attemptDay,
    new Date(nowMs),
  ]);
  await notifyInvestor(q, {
    userId: plan.userId,
    key: 'notice.plan.executed',
    params: [
      formatAmount(quantity, quantityScale),
      plan.symbol,
      formatAmount(value + fee + terms.fee, eurScale),
    ],
    ref: `plan-execution:${executionId}`,
    nowMs,
  });
  return 'executed';
}

/** A fractional plan's units: bought from the platform's market at the best ask, with the market's fee. */
async function buyFraction(
  q: Queryable,
  plan: PlanRow,
  instrument: Instrument,
  b: { quantity: bigint; value: bigint; fee: bigint; ref: { type: string; id: string }; executionId: bigint },
): Promise<void> {
  const asset = fractionAsset(instrument.symbol);
  await q.query(
    `insert into assets (code, kind, scale) values ($1, 'fraction', $2) on conflict (code) do nothing`,
    [asset, fractionScale],
  );
  const actor = { type: 'job' as const, id: 'plan-execute' };
  await postEntry(q, {
    billType: 'plan_buy',
    actor,
    ref: b.ref,
    idempotencyKey: `plan-execution:${b.executionId}:buy`,
    postings: [
      { account: platform('market', asset), amount: -b.quantity },
      { account: spot(plan.userId, asset), amount: b.quantity },
      { account: spot(plan.userId, 'EUR'), amount: -b.value },
      { account: platform('market', 'EUR'), amount: b.value },
    ],
  });
  // The fractions held and their cost, the basis of their P&L and of the tax on their sale (decision 063).
  await addFractions(q, plan.userId, instrument.symbol, b.quantity, b.value + b.fee);
  if (b.fee > 0n) {
    await postEntry(q, {
      billType: 'trade_fee',
      actor,
      ref: b.ref,
      idempotencyKey: `plan-execution:${b.executionId}:trade-fee`,
      postings: [
        { account: spot(plan.userId, 'EUR'), amount: -b.fee },
        { account: platform('fees', 'EUR'), amount: b.fee },
      ],
    });
  }
}

/** Records a skipped attempt, tells the investor, and moves the plan to the day it tries next. */
async function skip(q: Queryable, services: Services, plan: PlanRow, reason: SkipReason, nowMs: number) {
  const instrument = services.market.instrument(plan.symbol);
  const trades = instrument ? tradesOn(instrument) : () => true;
  await q.query(
    `insert into plan_executions (plan_id, user_id, due_day, attempt_day, state, reason, symbol)
     values ($1, $2, $3, $4, 'skipped', $5, $6) on conflict (plan_id, attempt_day) do nothing`,
    [plan.id, plan.userId, plan.dueDay, plan.attemptDay, reason, plan.symbol],
  );
  const retry = nextTradingDay(plan.attemptDay + 1, trades);
  const following = instrument
    ? nextDates(instrument, plan, plan.dueDay)
    : { dueDay: retry, attemptDay: retry };
  // The missed date is tried on each trading day until the plan's next date comes; then that one is tried.
  const next = retry < following.attemptDay ? { dueDay: plan.dueDay, attemptDay: retry } : following;
  await q.query('update savings_plans set due_day = $2, attempt_day = $3, updated_at = $4 where id = $1', [
    plan.id,
    next.dueDay,
    next.attemptDay,
    new Date(nowMs),
  ]);
  const tried = isoDay(plan.attemptDay);
  const again = isoDay(next.attemptDay);
  const ref = `plan:${plan.id}:skip:${plan.attemptDay}`;
  if (reason === 'cash') {
    await notifyInvestor(q, {
      userId: plan.userId,
      key: 'notice.plan.skippedCash',
      params: [plan.symbol, tried, formatAmount(plan.amount, eurScale), again],
      ref,
      nowMs,
    });
  } else {
    await notifyInvestor(q, {
      userId: plan.userId,
      key: reason === 'marketClosed' ? 'notice.plan.skippedClosed' : 'notice.plan.skippedOther',
      params: [plan.symbol, tried, again],
      ref,
      nowMs,
    });
  }
}
