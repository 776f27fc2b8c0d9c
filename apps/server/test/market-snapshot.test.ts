import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../src/market/catalogue/countries';
import { marketRow, quoteAll } from '../src/modules/market/market-rows';
import { type SortOrder, type StockSort, sortQuoted } from '../src/modules/market/stock-order';
import { call, createTestApp, type TestApp, TestClock } from './helper';

/*
 * The read calls answer from a snapshot of the market (decision 067): the quotes, a country's sorted shares
 * and the rows are made once per snapshot. What a call answers must be what it answered when it read the
 * feed itself, for the snapshot's instant.
 */

interface Row {
  symbol: string;
  time: number;
  last: string;
}
interface Page {
  list: Row[];
  total: number;
}

// Monday 23 November 2026, 11:00 in Milan: Milan trades, New York is closed.
const clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const sorts: StockSort[] = ['name', 'change', 'volume', 'price'];
const orders: SortOrder[] = ['asc', 'desc'];

/** The country's shares as /stock/list made them before the snapshot: each quoted at `atMs`, then sorted. */
async function listTheOldWay(country: string, sort: StockSort, order: SortOrder, atMs: number) {
  const { market } = t.app.services;
  const shares = market.instruments.filter(
    (i) => i.kind === 'stock' && i.country === country && !i.assetClass,
  );
  const rows = sortQuoted(await quoteAll(market, shares, atMs), sort, order).map(marketRow);
  return JSON.parse(JSON.stringify(rows)) as Row[];
}

async function list(country: string, sort: StockSort, order: SortOrder, page = 1) {
  const res = await call<Page>(t.app, 'GET', '/stock/list', { country, sort, order, size: 100, page });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

describe('the share lists from the snapshot', () => {
  it('equal, for every country, sort and order, the lists quoted and sorted per call at that instant', async () => {
    for (const { code } of countries) {
      for (const sort of sorts) {
        for (const order of orders) {
          const page = await list(code, sort, order);
          expect(page.list, `${code} ${sort} ${order}`).toEqual(
            await listTheOldWay(code, sort, order, clock.ms),
          );
          expect(page.total).toBe(page.list.length);
        }
      }
    }
  });

  it('pages the same sorted list: 20 a page, one after the other, is the whole list', async () => {
    const whole = await listTheOldWay('IT', 'change', 'desc', clock.ms);
    const pages: Row[] = [];
    for (let page = 1; page <= 2; page++) {
      const res = await call<Page>(t.app, 'GET', '/stock/list', { country: 'IT', sort: 'change', page });
      pages.push(...res.data.list);
    }
    expect(pages).toEqual(whole);
  });

  it('until the server listens, reads the market at the clock’s now on every call', async () => {
    const before = await list('IT', 'name', 'asc');
    clock.advance(1);
    const after = await list('IT', 'name', 'asc');
    expect(before.list[0]!.time + 1).toBe(after.list[0]!.time);
    expect(after.list).toEqual(await listTheOldWay('IT', 'name', 'asc', clock.ms));
  });
});

describe('a serving server', () => {
  it('answers one snapshot for a tick of the publisher, then the next instant’s', async () => {
    const served = await createTestApp({ clock });
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const startMs = clock.ms;
      const get = async (app: TestApp['app']) =>
        (await call<Page>(app, 'GET', '/stock/list', { country: 'IT', sort: 'change', size: 100 })).data.list;
      const first = await get(served.app);
      expect(first).toEqual(await listTheOldWay('IT', 'change', 'desc', startMs));
      // 400 ms later the same snapshot still answers: every row as quoted at its instant.
      clock.advance(400);
      expect(await get(served.app)).toEqual(first);
      const info = await call<Row>(served.app, 'GET', '/stock/info', { symbol: 'ENI.MI' });
      expect(info.data).toMatchObject({ symbol: 'ENI.MI', time: startMs });
      // A tick after it, a new snapshot at the clock's now.
      clock.advance(600);
      const next = await get(served.app);
      expect(next[0]!.time).toBe(startMs + 1_000);
      expect(next).toEqual(await listTheOldWay('IT', 'change', 'desc', startMs + 1_000));
    } finally {
      await served.close();
    }
  });
});
