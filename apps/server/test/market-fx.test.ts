import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../src/market/catalogue/catalogue';
import { createMarketService } from '../src/market/market-service';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { unreachableFeed, unreachableMarket } from './market-fixtures';

interface Assets {
  totals: { EUR: string; USD: string };
  rates: { pair: string; rate: string; source: string }[];
  updatedAt: number;
}

// Monday 23 November 2026, 10:00 UTC: the EUR/USD market is open.
const clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true, clock });
  const login = await call<{ token: string }>(t.app, 'POST', '/user/login', {
    account: 'demo@piazza.it',
    password: 'Piazza2026',
  });
  token = login.data.token;
});
afterAll(() => t.close());

/** EUR/USD as the market quotes it now, in hundred-thousandths (1.17234 is 117234n). */
async function eurUsdNow(): Promise<{ text: string; r5: bigint }> {
  const info = await call<{ last: string }>(t.app, 'GET', '/stock/info', { symbol: 'EURUSD.FX' });
  expect(info.data.last).toMatch(/^1\.\d{5}$/);
  return { text: info.data.last, r5: BigInt(info.data.last.replace('.', '')) };
}

const cents = (text: string) => BigInt(text.replace('.', ''));

describe('POST /user/assets at the market rate', () => {
  it("values the demo investor's dollars and USDT at the feed's EUR/USD, each rounded down", async () => {
    const { text, r5 } = await eurUsdNow();
    const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.rates).toEqual([
      { pair: 'EURUSD', rate: text, source: 'market' },
      // USDT = USD 1 stays a stated convention.
      { pair: 'USDTUSD', rate: '1', source: 'reference' },
    ]);
    // €100,000.00 + $20,000.00 ÷ rate + 10,000 USDT (= $10,000.00) ÷ rate, each conversion rounded down to the cent.
    const dollarsInEuroCents = (usdCents: bigint) => (usdCents * 100_000n) / r5;
    const eur = 10_000_000n + dollarsInEuroCents(2_000_000n) + dollarsInEuroCents(1_000_000n);
    // $20,000.00 + $10,000.00 + €100,000.00 × rate, rounded down.
    const usd = 2_000_000n + 1_000_000n + (10_000_000n * r5) / 100_000n;
    expect(cents(res.data.totals.EUR)).toBe(eur);
    expect(cents(res.data.totals.USD)).toBe(usd);
    expect(res.data.updatedAt).toBe(clock.ms);
  });

  it('follows the market as it moves', async () => {
    clock.advance(90 * 60_000);
    const { text } = await eurUsdNow();
    const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token });
    expect(res.data.rates[0]).toEqual({ pair: 'EURUSD', rate: text, source: 'market' });
  });
});

describe('when the feed cannot answer', () => {
  it('values at the reference rates and says so', async () => {
    const down = await createTestApp({ seed: true, clock, market: unreachableMarket(clock) });
    try {
      const login = await call<{ token: string }>(down.app, 'POST', '/user/login', {
        account: 'demo@piazza.it',
        password: 'Piazza2026',
      });
      const res = await call<Assets>(down.app, 'POST', '/user/assets', {}, { token: login.data.token });
      expect(res.data.rates).toEqual([
        { pair: 'EURUSD', rate: '1.0850', source: 'reference' },
        { pair: 'USDTUSD', rate: '1', source: 'reference' },
      ]);
      expect(res.data.totals).toEqual({ EUR: '127649.75', USD: '138500.00' });
    } finally {
      await down.close();
    }
  });

  it('refuses market calls naming the symbol, in both languages', async () => {
    const market = createMarketService({ instruments: catalogue, feeds: [unreachableFeed()], clock });
    const down = await createTestApp({ clock, market });
    try {
      expect(await call(down.app, 'GET', '/stock/info', { symbol: 'ENI.MI' })).toMatchObject({
        code: -1001,
        msg: 'Market data for ENI.MI is unavailable right now, please try again shortly',
      });
      const it_ = await call(down.app, 'POST', '/coin/tickers', {}, { lang: 'it-IT' });
      expect(it_).toMatchObject({
        code: -1001,
        msg: 'I dati di mercato di BTCUSDT non sono disponibili al momento, riprova tra poco',
      });
    } finally {
      await down.close();
    }
  });
});
