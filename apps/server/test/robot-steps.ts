import type { RobotOrderView, RobotView } from '@piazza/contract/calls/robot-shapes';
import { expect } from 'vitest';
import { calendarFor } from '../src/market/calendar/calendar-for';
import { dayOfIso } from '../src/market/calendar/civil-date';
import type { Session } from '../src/market/calendar/trading-calendar';
import { catalogue } from '../src/market/catalogue/catalogue';
import type { MarketFeed } from '../src/market/feed';
import { createMarketService, type MarketService } from '../src/market/market-service';
import { demoAdmin, signIn } from './admin-fixtures';
import { call, type TestApp, type TestClock } from './helper';
import { type Investor, requestId } from './investor-steps';

/*
 * Steps of the AI Multiplier tests: a market whose daily prices the test writes out, a product an admin
 * creates, investors who subscribe, and the books' jobs run at the moments of a trading day.
 */

const xmil = calendarFor('XMIL');
export const minute = 60_000;

/** The Borsa Italiana session of an ISO date. */
export function sessionOn(iso: string): Session {
  const s = xmil.sessionOnDay(dayOfIso(iso));
  if (!s) throw new Error(`${iso} does not trade`);
  return s;
}

/**
 * A feed that covers every instrument with one price per session: `prices[symbol]` for the sessions ending
 * with `lastIso` (oldest first), 10.00 for other symbols. Each session opens, trades and closes at its price;
 * its book offers a deep level at exactly that price on both sides, so fills are at the written price.
 * Between sessions the last close stands.
 */
export function scriptedMarket(
  clock: TestClock,
  prices: Record<string, readonly number[]>,
  lastIso: string,
): MarketService {
  const last = sessionOn(lastIso);
  const count = Math.max(...Object.values(prices).map((p) => p.length));
  const sessions = xmil.sessionsBetween(last.open - count * 3 * 86_400_000, last.open + 1).slice(-count);
  const scaleOf = (symbol: string) => catalogue.find((i) => i.symbol === symbol)?.priceScale ?? 2;
  const priceAt = (symbol: string, k: number): bigint => {
    const series = prices[symbol];
    const value = series ? (series[k] ?? series.at(-1) ?? 10) : 10;
    return BigInt(Math.round(value * 10 ** scaleOf(symbol)));
  };
  /** The index of the session in progress or last closed at ms; and whether it is in progress. */
  const at = (ms: number) => {
    let k = -1;
    for (let i = 0; i < sessions.length; i++) if ((sessions[i] as Session).open <= ms) k = i;
    const s = sessions[k];
    return { k: Math.max(k, 0), open: s !== undefined && ms < s.close };
  };
  const feed: MarketFeed = {
    name: 'scripted',
    covers: () => true,
    async candles(symbol, interval, fromMs, toMs, limit) {
      if (interval !== '1d') return [];
      return sessions
        .map((s, k) => ({ s, k }))
        .filter(({ s }) => s.open >= fromMs && s.open < toMs && s.open <= clock.now())
        .slice(-limit)
        .map(({ s, k }) => {
          const p = priceAt(symbol, k);
          return { time: s.open, open: p, high: p, low: p, close: p, volume: 1_000_000n };
        });
    },
    async quote(symbol, atMs) {
      const { k, open } = at(atMs);
      const p = priceAt(symbol, k);
      return {
        symbol,
        time: atMs,
        status: open ? 'open' : 'closed',
        last: p,
        open: p,
        high: p,
        low: p,
        volume: 0n,
        prevClose: priceAt(symbol, Math.max(k - 1, 0)),
      };
    },
    async book(symbol, atMs) {
      const { k, open } = at(atMs);
      const level = [{ price: priceAt(symbol, k), quantity: 1_000_000_000n }];
      return { symbol, time: atMs, bids: open ? level : [], asks: open ? level : [] };
    },
    async trades() {
      return [];
    },
  };
  return createMarketService({ instruments: catalogue, feeds: [feed], clock });
}

export const adminOf = (t: TestApp) => signIn(t.app, demoAdmin);

export function robotTerms(overrides: Record<string, string | number | boolean> = {}) {
  return {
    name: 'Trend Italia',
    strategy: 'trend',
    basket: 'ENI.MI',
    level: 1,
    periodDays: 4,
    lockDays: 2,
    earlyExit: true,
    minAmount: '100.00',
    maxAmount: '50000.00',
    managementFeePercent: '3.65',
    ...overrides,
  };
}

export async function createRobot(t: TestApp, overrides: Record<string, string | number | boolean> = {}) {
  const admin = await adminOf(t);
  const res = await call<RobotView>(t.app, 'POST', '/admin/robots/save', robotTerms(overrides), {
    token: admin,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

export async function subscribe(
  t: TestApp,
  who: Investor,
  robotId: number,
  amount: string,
  opts: { acknowledgeRisk?: boolean; lang?: 'it-IT' | 'en-US' } = {},
) {
  return call<RobotOrderView>(
    t.app,
    'POST',
    '/stock/ai/buy',
    { id: robotId, amount, acknowledgeRisk: opts.acknowledgeRisk ?? true, requestId: requestId() },
    { token: who.token, lang: opts.lang },
  );
}

export async function orderDetails(t: TestApp, who: Investor, id: number) {
  const res = await call<{
    order: RobotOrderView;
    record: { day: string; amount: string; nav: string; value: string }[];
  }>(t.app, 'POST', '/stock/ai/order/details', { id }, { token: who.token });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

/** Runs every due period of a job at the clock's now, as the runner would, and answers their summaries. */
export async function runJob(t: TestApp, name: string): Promise<string[]> {
  const runs = await t.app.services.jobs.runNow(name, 'test');
  for (const r of runs) expect(r.state, `${name}:${r.key} ${r.error ?? ''}`).toBe('succeeded');
  return runs.map((r) => r.summary ?? '');
}

/** Moves the clock to a moment of a session and runs what the runner would there. */
export async function tradeAt(t: TestApp, clock: TestClock, iso: string): Promise<string[]> {
  clock.ms = sessionOn(iso).open + 40 * minute;
  await runJob(t, 'settlement');
  return runJob(t, 'robot-trade');
}

export async function closeAt(t: TestApp, clock: TestClock, iso: string): Promise<string[]> {
  clock.ms = sessionOn(iso).close + 10 * minute;
  return runJob(t, 'robot-close');
}
