import type { MeasuredFigures, StrategyId } from '@piazza/contract/calls/robot-shapes';
import { formatAmount } from '@piazza/core/money';
import {
  type PerformanceFigures,
  performanceFigures,
  replayAmount,
  riskClass,
} from '@piazza/core/strategies/performance';
import { roundTripsOf } from '@piazza/core/strategies/round-trips';
import { startingNav } from '@piazza/core/strategies/units';
import type { Queryable } from '../../db/db';
import { calendarFor } from '../../market/calendar/calendar-for';
import type { Services } from '../../services';
import { currencyScaleOf, tradingSettingsFor } from '../trading';
import type { ProductRow } from './product-rows';
import { backtestSessions, type Replay, replay } from './strategy-run';

/*
 * The figures a product's page shows (issue 13 item 3, "measured, never claimed"), each for the period it
 * covers: the backtest, a deterministic replay of the simulator's year before launch, and the live record,
 * from the NAVs the book was marked at and the fills it executed. Nothing here is read from an operator.
 */

const sessionsPerYear = 252;
const fraction = (v: number | null) => (v === null || !Number.isFinite(v) ? null : v.toFixed(6));

function figuresOf(
  p: PerformanceFigures,
  period: { from: number | null; to: number | null },
  trades: number,
  fees: string,
): MeasuredFigures {
  return {
    from: period.from,
    to: period.to,
    days: p.periods,
    totalReturn: p.periods > 0 ? fraction(p.totalReturn) : null,
    annualisedReturn: fraction(p.annualisedReturn),
    annualisedVolatility: fraction(p.annualisedVolatility),
    maxDrawdown: p.periods > 0 ? fraction(p.maxDrawdown) : null,
    hitRate: fraction(p.hitRate),
    roundTrips: p.roundTrips,
    trades,
    fees,
  };
}

/** The market's fee rate for the basket (the proportional part: a minimum per order depends on a book's size). */
async function feeRateOf(q: Queryable, services: Services, r: ProductRow): Promise<number> {
  const instrument = services.market.instrument(r.basket[0] ?? '');
  if (!instrument) return 0;
  return (await tradingSettingsFor(q, instrument)).fees.rateBp / 10_000;
}

const lastCloseBefore = (services: Services, r: ProductRow, ms: number) => {
  const instrument = services.market.instrument(r.basket[0] ?? '');
  return calendarFor(instrument?.calendar ?? 'XMIL').previousSession(ms).close;
};

// A replay is a pure function of (strategy, basket, sessions, fee) on a deterministic history: kept once made.
const replays = new Map<string, Promise<Replay>>();
function cachedReplay(
  services: Services,
  r: ProductRow & { strategy: StrategyId },
  beforeMs: number,
  sessions: number,
  feeRate: number,
): Promise<Replay> {
  const key = `${r.strategy}|${r.basket.join(',')}|${beforeMs}|${sessions}|${feeRate}`;
  let found = replays.get(key);
  if (!found) {
    found = replay(services, r.strategy, r.basket, beforeMs, sessions, feeRate);
    found.catch(() => replays.delete(key));
    if (replays.size > 500) replays.clear();
    replays.set(key, found);
  }
  return found;
}

const seriesOf = (times: readonly number[], values: readonly number[]) =>
  times.map((t, i) => ({ t, v: (values[i] ?? 0).toFixed(6) }));

/** The backtest over the trading year before launch, its value series and the risk class it measures. */
export async function backtestOf(q: Queryable, services: Services, r: ProductRow & { strategy: StrategyId }) {
  const feeRate = await feeRateOf(q, services, r);
  const run = await cachedReplay(
    services,
    r,
    lastCloseBefore(services, r, r.launchedAt.getTime()),
    backtestSessions,
    feeRate,
  );
  const p = performanceFigures(run.result.periodReturns, run.result.roundTrips, sessionsPerYear);
  return {
    figures: figuresOf(
      p,
      { from: run.times[0] ?? null, to: run.times.at(-1) ?? null },
      run.trades,
      run.result.feesPaid.toFixed(6),
    ),
    series: seriesOf(run.times, run.result.equity),
    // No measured volatility (no history) is judged the riskiest class, never the safest.
    riskClass: p.annualisedVolatility === null ? 7 : riskClass(p.annualisedVolatility),
  };
}

/** The live record: the NAV at each close since launch, and the book's executed fills. */
export async function liveOf(q: Queryable, r: ProductRow) {
  const scale = await currencyScaleOf(q, r.currency);
  const start = startingNav(scale);
  const navs = await q.query<{ at: Date; nav: bigint }>(
    'select at, nav from product_navs where product_id = $1 order by day',
    [r.id],
  );
  const fills = await q.query<{
    symbol: string;
    side: 'buy' | 'sell';
    quantity: bigint;
    value: bigint;
    fee: bigint;
  }>('select symbol, side, quantity, value, fee from stock_fills where user_id = $1 order by id', [
    r.bookUserId,
  ]);
  const ratios = navs.map((n) => Number(n.nav) / Number(start));
  const periodReturns = ratios.map((v, i) => v / (i === 0 ? 1 : (ratios[i - 1] ?? 1)) - 1);
  const p = performanceFigures(periodReturns, roundTripsOf(fills), sessionsPerYear);
  const fees = fills.reduce((sum, f) => sum + f.fee, 0n);
  return {
    figures: figuresOf(
      p,
      { from: navs[0]?.at.getTime() ?? null, to: navs.at(-1)?.at.getTime() ?? null },
      fills.length,
      formatAmount(fees, scale),
    ),
    series: seriesOf(
      navs.map((n) => n.at.getTime()),
      ratios,
    ),
    totalReturn: p.periods > 0 ? fraction(p.totalReturn) : null,
  };
}

/**
 * What `amountMinor` would have become over the last `days` sessions: the strategy replayed at the market's fee
 * rate, less the product's management fee for each calendar day, rounded down to the cent.
 */
export async function simulate(
  q: Queryable,
  services: Services,
  r: ProductRow & { strategy: StrategyId },
  amountMinor: bigint,
  days: number,
  nowMs: number,
) {
  const scale = await currencyScaleOf(q, r.currency);
  const feeRate = await feeRateOf(q, services, r);
  const run = await cachedReplay(services, r, lastCloseBefore(services, r, nowMs), days, feeRate);
  const dayMs = 86_400_000;
  const withFee = run.result.periodReturns.map((ret, i) => {
    const gap = i === 0 ? 1 : Math.round(((run.times[i] ?? 0) - (run.times[i - 1] ?? 0)) / dayMs);
    return (1 + ret) * (1 - (r.feeBps / 10_000) * (gap / 365)) - 1;
  });
  const value = replayAmount(amountMinor, withFee);
  const gross = replayAmount(amountMinor, run.result.periodReturns);
  const tradingFees = BigInt(Math.floor(Number(amountMinor) * run.result.feesPaid));
  let growth = 1;
  const curve = withFee.map((ret) => {
    growth *= 1 + ret;
    return growth;
  });
  return {
    from: run.times[0] ?? nowMs,
    to: run.times.at(-1) ?? nowMs,
    amount: formatAmount(amountMinor, scale),
    value: formatAmount(value, scale),
    profit: formatAmount(value - amountMinor, scale),
    fees: formatAmount(tradingFees + (gross - value), scale),
    series: seriesOf(run.times, curve),
  };
}

/** Sessions of live record a fund needs before its own volatility rates it. */
const ratedAfter = 20;

/**
 * The product's risk class: a strategy's from its backtest; a fund traded by hand's from its live record once it
 * has 20 closes, and null ("not yet rated") before.
 */
export async function riskClassOf(q: Queryable, services: Services, r: ProductRow): Promise<number | null> {
  if (r.strategy !== null) return (await backtestOf(q, services, { ...r, strategy: r.strategy })).riskClass;
  const live = await liveOf(q, r);
  const volatility = live.figures.annualisedVolatility;
  return live.figures.days >= ratedAfter && volatility !== null ? riskClass(Number(volatility)) : null;
}
