import type { AlertView } from '@piazza/contract/calls/alerts-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketService } from '../src/market/market-service';
import { alertEngineOf } from '../src/modules/price-alerts';
import type { AlertEngine } from '../src/modules/price-alerts/alert-engine';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { newApplicant } from './investor-steps';
import { noticesOf } from './notices-steps';
import { type ScriptedBook, scriptedMarket } from './trading-steps';

/*
 * Price alerts (issue 20 item 4): armed in the alert engine's trigger index, fired once when the last price
 * crosses them — as a notice the push job sends on — and never again. The market is set by hand: ENI.MI's
 * last price and, apart, its previous close (the move alerts' reference).
 */

let t: TestApp;
let engine: AlertEngine;
let books: Map<string, ScriptedBook>;
const prevClose = new Map<string, bigint>();
const clock = new TestClock(Date.parse('2026-11-23T09:30:00Z'));

beforeAll(async () => {
  const scripted = scriptedMarket(clock);
  books = scripted.books;
  const market: MarketService = {
    ...scripted.market,
    async quote(symbol, atMs) {
      const q = await scripted.market.quote(symbol, atMs);
      return { ...q, prevClose: prevClose.get(symbol) ?? q.prevClose };
    },
  };
  t = await createTestApp({ clock, market });
  engine = alertEngineOf(t.app.services) as AlertEngine;
});
afterAll(() => t.close());

const price = (symbol: string, last: bigint) => books.set(symbol, { last, bids: [], asks: [] });
const create = (token: string, params: Record<string, string>, lang = 'en-US') =>
  call<AlertView>(t.app, 'POST', '/user/alert/create', params, { token, lang });

describe('price alerts', () => {
  it('fires an above alert once when ENI.MI crosses €10,500, and not again', async () => {
    const investor = await newApplicant(t, 0n);
    price('ENI.MI', 10_000n);
    const alert = await create(investor.token, { symbol: 'ENI.MI', kind: 'above', price: '10.500' });
    expect(alert.code, alert.msg).toBe(0);
    expect(alert.data).toMatchObject({ state: 'armed', price: '10.500', currency: 'EUR' });
    expect(engine.triggers.has(String(alert.data.id))).toBe(true);

    price('ENI.MI', 10_499n);
    expect(await engine.step()).toBe(0);
    price('ENI.MI', 10_520n);
    expect(await engine.step()).toBe(1);
    price('ENI.MI', 10_600n);
    expect(await engine.step()).toBe(0);
    price('ENI.MI', 10_000n);
    await engine.step();
    price('ENI.MI', 10_700n);
    expect(await engine.step()).toBe(0);

    const list = await call<{ list: AlertView[] }>(
      t.app,
      'GET',
      '/user/alert/list',
      {},
      { token: investor.token },
    );
    expect(list.data.list[0]).toMatchObject({ state: 'fired', firedPrice: '10.520' });
    const notices = await noticesOf(t, investor.token);
    const told = notices.list.filter((n) => n.title === 'Price alert: ENI.MI');
    expect(told.length).toBe(1);
    expect(told[0]?.body).toBe('ENI.MI is at 10.520, at or above your alert price of 10.500.');
    const it = await noticesOf(t, investor.token, 'it-IT');
    expect(it.list[0]?.body).toBe('ENI.MI è a 10,520, pari o sopra il tuo prezzo di avviso di 10,500.');
  });

  it('fires a move-down alert of 3 % from the previous close of €10,000 at €9,700', async () => {
    const investor = await newApplicant(t, 0n);
    prevClose.set('ENI.MI', 10_000n);
    price('ENI.MI', 9_900n);
    const alert = await create(investor.token, { symbol: 'ENI.MI', kind: 'moveDown', percent: '3' });
    expect(alert.data).toMatchObject({ percent: '3.00', price: null });
    price('ENI.MI', 9_701n);
    expect(await engine.step()).toBe(0);
    price('ENI.MI', 9_700n);
    expect(await engine.step()).toBe(1);
    const notices = await noticesOf(t, investor.token);
    expect(notices.list[0]?.body).toBe('ENI.MI is at 9.700, down 3.00% or more today.');
    prevClose.delete('ENI.MI');
  });

  it('a cancelled alert never fires; a coin alert is set like any other', async () => {
    const investor = await newApplicant(t, 0n);
    price('ENI.MI', 10_000n);
    const alert = await create(investor.token, { symbol: 'ENI.MI', kind: 'below', price: '9.000' });
    const cancelled = await call<AlertView>(
      t.app,
      'POST',
      '/user/alert/cancel',
      { id: alert.data.id },
      { token: investor.token },
    );
    expect(cancelled.data.state).toBe('cancelled');
    price('ENI.MI', 8_000n);
    expect(await engine.step()).toBe(0);
    price('BTCUSDT', 90_000_00n);
    const coin = await create(investor.token, { symbol: 'BTCUSDT', kind: 'above', price: '95000' });
    expect(coin.code, coin.msg).toBe(0);
  });

  it('refuses an alert that would fire at once, an unknown instrument, a bad percent, and a stranger', async () => {
    const investor = await newApplicant(t, 0n);
    const stranger = await newApplicant(t, 0n);
    price('ENI.MI', 10_000n);
    const above = await create(investor.token, { symbol: 'ENI.MI', kind: 'above', price: '9.900' });
    expect([above.code, above.msg]).toEqual([
      -1001,
      'The price is already at or above 9.900: choose a higher one.',
    ]);
    const aboveIt = await create(
      investor.token,
      { symbol: 'ENI.MI', kind: 'above', price: '9.900' },
      'it-IT',
    );
    expect(aboveIt.msg).toBe('Il prezzo è già pari o superiore a 9,900: scegline uno più alto.');
    const unknown = await create(investor.token, { symbol: 'NOPE.MI', kind: 'below', price: '1' });
    expect(unknown.msg).toBe('NOPE.MI is not an instrument of the market.');
    const zero = await create(investor.token, { symbol: 'ENI.MI', kind: 'moveUp', percent: '0' });
    expect(zero.msg).toBe('Enter the move in percent, from 0.01 to 100.');
    const noPrice = await create(investor.token, { symbol: 'ENI.MI', kind: 'below' });
    expect(noPrice.msg).toBe('Enter the price, above zero.');
    const mine = await create(investor.token, { symbol: 'ENI.MI', kind: 'below', price: '9.000' });
    const theirs = await call(
      t.app,
      'POST',
      '/user/alert/cancel',
      { id: mine.data.id },
      { token: stranger.token },
    );
    expect([theirs.code, theirs.msg]).toEqual([-1001, 'Alert not found.']);
    const [count] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from price_alerts where user_id = $1',
      [investor.id],
    );
    expect(Number(count?.n)).toBe(1);
  });
});
