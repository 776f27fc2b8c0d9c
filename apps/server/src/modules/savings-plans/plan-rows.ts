import type { PlanView } from '@piazza/contract/calls/plans-shapes';
import { formatAmount } from '@piazza/core/money';
import { nextScheduledDay, nextTradingDay, type PlanFrequency } from '@piazza/core/plans/schedule';
import type { Queryable } from '../../db/db';
import { calendarFor } from '../../market/calendar/calendar-for';
import { isoOfDay } from '../../market/calendar/civil-date';
import { localDayOf } from '../../market/calendar/zoned-time';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';

/* A plan's row, its days and its view (issue 20 item 3, decision 054). */

export const planZone = 'Europe/Rome';
export const romeDay = (ms: number): number => localDayOf(planZone, ms);
export const isoDay = (day: number): string => isoOfDay(day);
export const eurScale = 2;
/** The decimals of a fractional plan's units (the ledger asset `PAC:{symbol}`). */
export const fractionScale = 6;
export const fractionAsset = (symbol: string) => `PAC:${symbol}`;

export interface PlanRow {
  id: bigint;
  userId: number;
  symbol: string;
  amount: bigint;
  frequency: PlanFrequency;
  startDay: number;
  dueDay: number;
  attemptDay: number;
  state: 'active' | 'paused' | 'stopped';
  createdAt: Date;
}

export const planColumns = `id, user_id as "userId", symbol, amount, frequency, start_day as "startDay",
  due_day as "dueDay", attempt_day as "attemptDay", state, created_at as "createdAt"`;

export async function planOf(
  q: Queryable,
  id: bigint | number,
  opts: { lock?: boolean } = {},
): Promise<PlanRow | undefined> {
  const [row] = await q.query<PlanRow>(
    `select ${planColumns} from savings_plans where id = $1${opts.lock ? ' for update' : ''}`,
    [BigInt(id)],
  );
  return row;
}

/** The investor's own plan, or the refusal a stranger's or a missing one gets alike. */
export async function ownPlan(q: Queryable, userId: number, id: number, lock = false): Promise<PlanRow> {
  const plan = await planOf(q, id, { lock });
  if (!plan || plan.userId !== userId) throw new Refusal('plan.notFound');
  return plan;
}

/** An instrument plans may buy: a listed share (or ETF) traded in EUR; else the refusal naming it. */
export function plannable(services: Services, symbol: string): Instrument {
  const instrument = services.market.instrument(symbol);
  const kind = instrument?.kind as string | undefined;
  if (!instrument?.listed || instrument.currency !== 'EUR' || (kind !== 'stock' && kind !== 'etf')) {
    throw new Refusal('plan.unknownSymbol', [symbol]);
  }
  return instrument;
}

/** Whether the instrument's market trades on a day. */
export function tradesOn(instrument: Instrument): (day: number) => boolean {
  const calendar = calendarFor(instrument.calendar);
  return (day) => calendar.sessionOnDay(day) !== null;
}

/** The next scheduled date after `afterDay` and the trading day it is tried on. */
export function nextDates(
  instrument: Instrument,
  plan: Pick<PlanRow, 'frequency' | 'startDay'>,
  afterDay: number,
): { dueDay: number; attemptDay: number } {
  const dueDay = nextScheduledDay(plan.frequency, plan.startDay, afterDay);
  return { dueDay, attemptDay: nextTradingDay(dueDay, tradesOn(instrument)) };
}

export interface PlanTerms {
  fee: bigint;
  fractional: boolean;
}

export async function planTermsOf(q: Queryable, symbol: string): Promise<PlanTerms> {
  const [row] = await q.query<PlanTerms>('select fee, fractional from plan_terms where symbol = $1', [
    symbol,
  ]);
  return row ?? { fee: 0n, fractional: false };
}

export async function planViewOf(q: Queryable, services: Services, plan: PlanRow): Promise<PlanView> {
  const instrument = services.market.instrument(plan.symbol);
  // Units per scale: a plan's instrument may have turned fractional (or back) between executions.
  const sums = await q.query<{ scale: number; units: bigint; invested: bigint; n: bigint }>(
    `select quantity_scale as scale, sum(quantity)::bigint as units, sum(value + trade_fee + plan_fee)::bigint as invested,
            count(*) filter (where state = 'executed') as n
       from plan_executions where plan_id = $1 group by quantity_scale`,
    [plan.id],
  );
  const terms = await planTermsOf(q, plan.symbol);
  const own = instrument?.quantityScale ?? 0;
  const scale = sums.some((r) => Number(r.scale) !== own) || terms.fractional ? fractionScale : own;
  let units = 0n;
  let invested = 0n;
  let executions = 0;
  for (const r of sums) {
    units += r.units * 10n ** BigInt(scale - Number(r.scale));
    invested += r.invested;
    executions += Number(r.n);
  }
  return {
    id: Number(plan.id),
    symbol: plan.symbol,
    name: instrument?.name ?? plan.symbol,
    currency: 'EUR',
    amount: formatAmount(plan.amount, eurScale),
    frequency: plan.frequency,
    startDate: isoDay(plan.startDay),
    dueDate: isoDay(plan.dueDay),
    nextDate: isoDay(plan.attemptDay),
    state: plan.state,
    fractional: terms.fractional,
    units: formatAmount(units, scale),
    invested: formatAmount(invested, eurScale),
    executions,
  };
}
