import type { EtfView } from '@piazza/contract/calls/bonds-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etfFacts } from '../src/market/catalogue/etfs';
import { isValidIsin } from '../src/market/catalogue/isin';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, fund, newApplicant, requestId } from './investor-steps';

/*
 * The ETF catalogue (issue 20 item 1, decision 052): at least fifteen UCITS ETFs on ETFplus with real ISINs,
 * TER, replication, distribution and a KID link, listed and filtered by asset class, TER and fund currency,
 * and tradable on the share path as instruments of the stock kind in euros.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0)) });
});
afterAll(async () => t.close());

const list = (params: Record<string, string> = {}, lang = 'en-US') =>
  call<{ list: EtfView[] }>(t.app, 'GET', '/etf/list', params, { lang });

describe('the ETF catalogue', () => {
  it('has fifteen or more ETFs with valid ISINs, a TER, a KID link, and the world, S&P 500, bonds and gold', () => {
    expect(etfFacts.length).toBeGreaterThanOrEqual(15);
    expect(new Set(etfFacts.map((e) => e.isin)).size).toBe(etfFacts.length);
    for (const e of etfFacts) {
      expect(isValidIsin(e.isin), `${e.symbol} ${e.isin}`).toBe(true);
      expect(e.terBp, e.symbol).toBeGreaterThan(0);
      expect(e.terBp, e.symbol).toBeLessThan(100);
      expect(e.kidUrl, e.symbol).toMatch(/^https:\/\//);
    }
    const isins = etfFacts.map((e) => e.isin);
    expect(isins).toContain('IE00B4L5Y983'); // iShares Core MSCI World
    expect(isins).toContain('IE00BK5BQT80'); // Vanguard FTSE All-World
    expect(isins).toContain('IE00B5BMR087'); // iShares Core S&P 500
    expect(isins).toContain('IE00B4ND3602'); // iShares Physical Gold (an ETC)
    expect(etfFacts.find((e) => e.isin === 'IE00B4ND3602')?.structure).toBe('etc');
  });

  it('lists them cheapest first with TER "0.20" for iShares Core MSCI World and its quote in euros', async () => {
    const res = await list();
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list).toHaveLength(etfFacts.length);
    const ters = res.data.list.map((e) => Number(e.ter));
    expect(ters).toEqual([...ters].sort((a, b) => a - b));
    const swda = res.data.list.find((e) => e.symbol === 'SWDA.MI')!;
    expect(swda).toMatchObject({
      isin: 'IE00B4L5Y983',
      ter: '0.20',
      replication: 'physical-sampling',
      distribution: 'accumulating',
      assetClass: 'equity',
      fundCurrency: 'USD',
      currency: 'EUR',
    });
    expect(Number(swda.quote?.last)).toBeGreaterThan(0);
  });

  it('filters by asset class, highest TER and fund currency', async () => {
    const bonds = await list({ assetClass: 'bond' });
    expect(bonds.data.list.map((e) => e.symbol).sort()).toEqual(['IEAC.MI', 'SEGA.MI', 'XGLE.MI']);
    const cheap = await list({ maxTer: '0.07' });
    expect(cheap.data.list.length).toBeGreaterThan(0);
    for (const e of cheap.data.list) expect(Number(e.ter)).toBeLessThanOrEqual(0.07);
    const euro = await list({ currency: 'EUR', assetClass: 'equity' });
    expect(euro.data.list.map((e) => e.symbol).sort()).toEqual([
      'ETFMIB.MI',
      'EXSA.MI',
      'SMEA.MI',
      'XMEU.MI',
    ]);
  });

  it('refuses an unknown asset class or a TER that is not a percentage, in both languages', async () => {
    const en = await list({ assetClass: 'stocks' });
    expect(en.code).toBe(-1001);
    expect(en.msg).toBe('Choose an asset class: equity, bond or commodity.');
    const it = await list({ maxTer: 'cheap' }, 'it-IT');
    expect(it.code).toBe(-1001);
    expect(it.msg).toBe('Inserisci il TER massimo in percentuale, con al massimo 2 decimali.');
  });

  it('answers one ETF with its facts, and refuses a share that is not one', async () => {
    const res = await call<EtfView>(t.app, 'GET', '/etf/info', { symbol: 'sgln.mi' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ name: 'iShares Physical Gold ETC', structure: 'etc', ter: '0.12' });
    const eni = await call(t.app, 'GET', '/etf/info', { symbol: 'ENI.MI' });
    expect(eni.code).toBe(-1001);
    expect(eni.msg).toBe('No ETF has the symbol ENI.MI.');
  });

  it('is found by name in the market search and quoted on the share path as a stock in euros', async () => {
    const found = await call<{ list: { symbol: string; kind: string; currency: string }[] }>(
      t.app,
      'GET',
      '/stock/search',
      { q: 'Core MSCI World' },
    );
    expect(found.code, found.msg).toBe(0);
    const swda = found.data.list.find((r) => r.symbol === 'SWDA.MI');
    expect(swda).toMatchObject({ kind: 'stock', currency: 'EUR' });
    const info = await call<{ isin: string; calendar: string }>(t.app, 'GET', '/stock/info', {
      symbol: 'VWCE.MI',
    });
    expect(info.data).toMatchObject({ isin: 'IE00BK5BQT80', calendar: 'XMIL' });
  });

  it('is bought on the share path at market: ten SWDA on Monday morning, held like a share', async () => {
    const who = await newApplicant(t, 0n);
    await fund(t, who.id, 500_000n); // €5.000,00
    const bought = await call<{ state: string; filledQuantity: string }>(
      t.app,
      'POST',
      '/stock/order/buy',
      { symbol: 'SWDA.MI', type: 'market', quantity: '10', requestId: requestId() },
      { token: who.token },
    );
    expect(bought.code, bought.msg).toBe(0);
    const held = await call<{ list: { symbol: string; quantity: string }[] }>(
      t.app,
      'GET',
      '/stock/hold/list',
      {},
      { token: who.token },
    );
    expect(held.data.list.find((h) => h.symbol === 'SWDA.MI')?.quantity).toBe('10');
    expect(await balance(t, who.id, 'spot')).toBeLessThan(500_000n);
  });
});
