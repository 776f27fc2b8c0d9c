import { calendarFor } from '../calendar/calendar-for';
import type { Instrument } from '../instrument';
import { createBarDresser, type DailyBar, type DailyModel } from './daily-model';
import type { MarketFactors, ResolvedLoadings } from './market-factors';
import type { SessionTable } from './session-table';

/** A member of an index: the share, its loadings, and its daily model (built when first needed). */
export interface BasketMember {
  instrument: Instrument;
  loadings: ResolvedLoadings;
  daily: () => DailyModel;
}

/**
 * An index computed from its members (decision 034): its level is the free-float capitalisation of its
 * members over a divisor, fixed so that the level on the anchor day (when every member closes at its own
 * anchor price) is the index's published `anchorPrice`. Each session's open and close are its members'
 * opens and closes weighted so; the high, low and volume are drawn around them as for any instrument.
 *
 * Its loadings are what its members' add up to at their anchor weights, and its volatility what comes out,
 * not the catalogue's figure; the day path inside a session uses them, so minutes share the factors too.
 */
export function createBasketModel(
  index: Instrument,
  key: number,
  table: SessionTable,
  factors: MarketFactors,
  members: readonly BasketMember[],
): DailyModel {
  const sessions = table.sessions;
  const indexScale = 10 ** index.priceScale;
  const tick = Number(index.tickSize);
  const floor = 2 * tick;
  const quantise = (price: number) => Math.max(floor, Math.round(price / tick) * tick);
  const dress = createBarDresser(index, key, table);

  // Shares of each member per point of the index, in price minor units of the member: level (minor units
  // of the index) = Σ weight_i · price_i.
  const caps = members.map(
    (m) => m.instrument.freeFloatShares! * (Number(m.instrument.anchorPrice) / 10 ** m.instrument.priceScale),
  );
  const capTotal = caps.reduce((s, c) => s + c, 0);
  const divisor = capTotal / (Number(index.anchorPrice) / indexScale);
  const weights = members.map(
    (m) => (m.instrument.freeFloatShares! * indexScale) / (divisor * 10 ** m.instrument.priceScale),
  );

  // Effective loadings and volatility at the anchor weights.
  const perYear = calendarFor(index.calendar).sessionsPerYear;
  const exposure = new Map<number, number>();
  let ownVariance = 0;
  members.forEach((m, i) => {
    const w = caps[i]! / capTotal;
    const sigma = m.instrument.volatility / Math.sqrt(perYear);
    let explained = 0;
    m.loadings.factors.forEach((f, j) => {
      const beta = m.loadings.betas[j]!;
      exposure.set(f, (exposure.get(f) ?? 0) + w * sigma * beta);
      explained += beta * beta;
    });
    ownVariance += w * w * sigma * sigma * Math.max(0, 1 - explained);
  });
  const sigma = Math.sqrt([...exposure.values()].reduce((s, x) => s + x * x, ownVariance));
  const loadings: ResolvedLoadings = {
    factors: [...exposure.keys()],
    betas: [...exposure.values()].map((x) => x / sigma),
  };

  const bars: DailyBar[] = [];
  const sigmas: number[] = [];

  function level(k: number, of: (bar: DailyBar) => number): number {
    let sum = 0;
    for (let i = 0; i < members.length; i++) sum += weights[i]! * of(members[i]!.daily().bar(k));
    return sum;
  }

  function extend(through: number): void {
    for (let k = bars.length; k <= through && k < sessions.length; k++) {
      const close = level(k, (b) => b.close);
      const open = level(k, (b) => b.open);
      const sigmaK = sigma * factors.volatility(sessions[k]!.day);
      const previous = k > 0 ? level(k - 1, (b) => b.close) : open;
      const shock = Math.log(close / previous) / sigmaK;
      bars.push(dress(k, quantise(open), quantise(close), sigmaK, shock));
      sigmas.push(sigmaK);
    }
  }

  return {
    sessionVolatility: sigma,
    loadings,
    bar(k) {
      if (k >= bars.length) extend(k);
      const bar = bars[k];
      if (!bar) throw new Error(`${index.symbol}: no session at index ${k}`);
      return bar;
    },
    volatilityAt(k) {
      if (k >= bars.length) extend(k);
      return sigmas[k]!;
    },
  };
}
