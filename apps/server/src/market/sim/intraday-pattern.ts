import type { CalendarId } from '@piazza/contract/enums';
import type { Session } from '../calendar/trading-calendar';

/** Minutes of a regular session: a shorter one (an early close) trades proportionally less. */
export const regularSessionMinutes: Record<CalendarId, number> = {
  XMIL: 510,
  XNYS: 390,
  CRYPTO: 1440,
  FX: 1440,
};

const cache = new Map<string, Float64Array>();

/**
 * How activity spreads over a session's minutes, summing to 1: volume follows it and variance follows it,
 * so busy minutes move more. Exchanges trade a U (a busy open, a quiet lunch, a busier close, and in
 * Milan a bump when New York opens at 15:30); crypto and FX follow the clock, busiest when Europe and the
 * US are both awake.
 */
export function intradayWeights(calendar: CalendarId, session: Session): Float64Array {
  const minutes = Math.round((session.close - session.open) / 60_000);
  const openMinuteUtc = Math.round((session.open % 86_400_000) / 60_000);
  const key = `${calendar}|${minutes}|${openMinuteUtc}`;
  let weights = cache.get(key);
  if (weights) return weights;
  weights = new Float64Array(minutes);
  let sum = 0;
  for (let i = 0; i < minutes; i++) {
    let w: number;
    if (calendar === 'XMIL' || calendar === 'XNYS') {
      const x = (i + 0.5) / minutes;
      w = 1 + 2.5 * Math.exp(-x / 0.05) + 1.8 * Math.exp(-(1 - x) / 0.07);
      if (calendar === 'XMIL') w += 0.8 * Math.exp(-(((i - 390) / 15) ** 2));
    } else {
      const hourUtc = ((((openMinuteUtc + i) / 60) % 24) + 24) % 24;
      const amplitude = calendar === 'FX' ? 0.5 : 0.35;
      w = 1 + amplitude * Math.cos((2 * Math.PI * (hourUtc - 15)) / 24);
    }
    weights[i] = w;
    sum += w;
  }
  for (let i = 0; i < minutes; i++) weights[i]! /= sum;
  cache.set(key, weights);
  return weights;
}
