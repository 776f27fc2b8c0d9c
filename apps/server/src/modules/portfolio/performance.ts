import type { portfolioPerformance } from '@piazza/contract/calls/portfolio';
import type { AssetClass, PerformanceRange } from '@piazza/contract/calls/portfolio-shapes';
import type { CallOutput } from '@piazza/contract/define';
import { applyRate, formatAmount, type Rate } from '@piazza/core/money';
import { type AllocationPart, allocationOf } from '@piazza/core/portfolio/allocation';
import { dailyFlows, dailyValues } from '@piazza/core/portfolio/daily-values';
import { type AccountDay, performanceOf, thinned } from '@piazza/core/portfolio/performance';
import type { Queryable } from '../../db/db';
import type { PositionKind, PositionWorthAnswer } from '../../kit/position-worth';
import { userBalances } from '../../ledger/post';
import { etfFactsOf } from '../../market/catalogue/etfs';
import type { Services } from '../../services';
import { movementsOf } from './movements';
import { closesInEur, ratesInEurNow } from './prices';

type PerformanceAnswer = CallOutput<typeof portfolioPerformance>;

const dayMs = 86_400_000;
const eurScale = 2;
const chartPoints = 61;
const rangeDays: Record<Exclude<PerformanceRange, 'all'>, number> = { '1W': 7, '1M': 30, '1Y': 365 };

const dayStartOf = (ms: number) => Math.floor(ms / dayMs) * dayMs;
const eur = (minor: bigint) => formatAmount(minor, eurScale);
/** A return is shown only when something was invested to measure it against. */
const fractionOf = (p: { returnFraction: string; measured: boolean }) =>
  p.measured ? p.returnFraction : null;

const positionClass: Record<PositionKind, AssetClass> = {
  contracts: 'contracts',
  perpetuals: 'contracts',
  options: 'options',
};

/** The class of a ledger balance: its account's purpose first (margin, robots and funds), then its asset. */
function classOf(services: Services, purpose: string, asset: string, kind: string): AssetClass {
  if (purpose === 'contract') return 'contracts';
  if (purpose === 'robot' || purpose === 'fund') return 'managed';
  if (kind === 'fiat') return 'cash';
  if (kind === 'crypto') return 'crypto';
  if (etfFactsOf(asset)) return 'etfs';
  return services.market.instrument(asset)?.kind === 'crypto' ? 'crypto' : 'shares';
}

/**
 * The figures of the home (decision 058): worth now as the assets page counts it (balances at the last
 * prices plus what open positions add), today's profit against yesterday's close, the profit since the first
 * posting, the window's time-weighted performance day by day, and the allocation by asset class.
 */
export async function performanceFor(
  q: Queryable,
  services: Services,
  userId: number,
  range: PerformanceRange,
  positions: PositionWorthAnswer,
  nowMs: number,
): Promise<PerformanceAnswer> {
  const today = dayStartOf(nowMs);
  const { movements, scales, firstMs } = await movementsOf(q, userId);

  // Now: every balance at its last price, each asset summed over accounts and positions, rounded down once.
  const balances = await userBalances(q, userId);
  const kinds = new Map(
    (await q.query<{ code: string; kind: string }>('select code, kind from assets')).map((r) => [
      r.code,
      r.kind,
    ]),
  );
  const heldAssets = new Set([...balances.map((b) => b.asset), ...positions.worth.map((p) => p.asset)]);
  const { rates } = await ratesInEurNow(services, heldAssets, nowMs);
  const unvalued = new Set(positions.unvalued);
  const valueIn = (minor: bigint, scale: number, rate: Rate) =>
    applyRate(minor, scale, rate, eurScale, 'down');
  const byAsset = new Map<string, { minor: bigint; scale: number }>();
  const parts: AllocationPart<AssetClass>[] = [];
  const add = (asset: string, minor: bigint, scale: number, assetClass: AssetClass) => {
    if (minor === 0n) return;
    const h = byAsset.get(asset) ?? { minor: 0n, scale };
    byAsset.set(asset, { minor: h.minor + minor, scale });
    const rate = rates.get(asset);
    if (rate) parts.push({ assetClass, eurMinor: valueIn(minor, scale, rate) });
  };
  for (const b of balances)
    add(b.asset, b.balance, b.scale, classOf(services, b.purpose, b.asset, kinds.get(b.asset) ?? ''));
  for (const p of positions.worth) add(p.asset, p.minor, p.scale, positionClass[p.kind]);
  let valueNow = 0n;
  for (const [asset, h] of byAsset) {
    const rate = rates.get(asset);
    if (h.minor === 0n) continue;
    if (!rate) unvalued.add(asset);
    else valueNow += valueIn(h.minor, h.scale, rate);
  }
  const allocation = allocationOf(parts).map((s) => ({
    assetClass: s.assetClass,
    value: eur(s.eurMinor),
    fraction: s.fraction,
  }));

  // The past: each day's close from the postings and the daily closes, from the day of the first posting.
  const firstDay = firstMs === null ? today : Math.min(dayStartOf(firstMs), today);
  const pastStarts: number[] = [];
  for (let d = firstDay; d < today; d += dayMs) pastStarts.push(d);
  const prices = await closesInEur(services, scales, firstDay, nowMs);
  const past = dailyValues({ dayStarts: pastStarts, dayMs, changes: movements, prices, eurScale });
  const starts = [...pastStarts, today];
  const flowRates = await ratesInEurNow(
    services,
    new Set(movements.filter((m) => m.flow).map((m) => m.asset)),
    nowMs,
  );
  const flowsEur = movements
    .filter((m) => m.flow)
    .map((m) => {
      // A flow is valued at its day's close (a USDT deposit at that day's EUR/USD), today at the last price.
      const closes = prices.get(m.asset)?.closes ?? [];
      const dayEnd = dayStartOf(m.t) + dayMs;
      const rate =
        m.asset === 'EUR'
          ? { num: 1n, den: 1n }
          : (closes.filter((c) => c.t < dayEnd).at(-1)?.rate ?? flowRates.rates.get(m.asset));
      const scale = scales.get(m.asset) ?? eurScale;
      return { t: m.t, eurMinor: rate ? valueIn(m.deltaMinor, scale, rate) : 0n };
    });
  const flows = dailyFlows(starts, dayMs, flowsEur);
  const days: AccountDay[] = starts.map((t, i) => ({
    t,
    valueMinor: i < past.length ? (past[i]?.valueMinor ?? 0n) : valueNow,
    flowMinor: flows[i] ?? 0n,
  }));

  const beforeFirst = { t: firstDay - dayMs, valueMinor: 0n };
  const all = performanceOf(beforeFirst, days);
  const yesterday = days.at(-2) ?? beforeFirst;
  const todayPerf = performanceOf(yesterday, days.slice(-1));
  const window =
    range === 'all'
      ? all
      : (() => {
          const from = days.length - rangeDays[range];
          const start = from > 0 ? (days[from - 1] as AccountDay) : beforeFirst;
          return performanceOf(start, days.slice(Math.max(from, 0)));
        })();

  return {
    value: eur(valueNow),
    today: {
      pnl: eur(todayPerf.pnlMinor),
      fraction: fractionOf(todayPerf),
    },
    total: {
      pnl: eur(all.pnlMinor),
      fraction: fractionOf(all),
      netDeposits: eur(all.flowMinor),
    },
    range,
    window: {
      pnl: eur(window.pnlMinor),
      fraction: fractionOf(window),
      points: thinned(window.points, chartPoints).map((p) => ({
        t: p.t,
        growth: p.growth,
        pnl: eur(p.pnlMinor),
      })),
    },
    allocation,
    unvalued: [...unvalued].sort(),
    updatedAt: nowMs,
  };
}
