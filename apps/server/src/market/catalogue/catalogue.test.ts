import { calendarIds, instrumentKinds } from '@piazza/contract/enums';
import { sectors } from '@piazza/contract/sectors';
import { formatAmount } from '@piazza/core/money';
import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue';
import { countries } from './countries';
import { isinCheckDigit, isValidIsin } from './isin';
import { italianShares } from './italian-shares';
import { mifidTick } from './tick-regime';
import { usShares } from './us-shares';

const bySymbol = new Map(catalogue.map((i) => [i.symbol, i]));

describe('ISIN check digits', () => {
  it('match the published examples: Apple US0378331005, Eni IT0003132476, Stellantis NL00150001Q9', () => {
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(isinCheckDigit('IT000313247')).toBe(6);
    expect(isinCheckDigit('NL00150001Q')).toBe(9);
  });

  it('refuse a changed digit, two swapped characters and a malformed code', () => {
    expect(isValidIsin('US0378331005')).toBe(true);
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isValidIsin('US0378331050')).toBe(false);
    expect(isValidIsin('us0378331005')).toBe(false);
    expect(isValidIsin('US037833100')).toBe(false);
  });

  it('are right for every share in the catalogue', () => {
    const shares = catalogue.filter((i) => i.kind === 'stock');
    expect(shares.length).toBeGreaterThan(60);
    for (const s of shares) expect(isValidIsin(s.isin ?? ''), `${s.symbol} ${s.isin}`).toBe(true);
  });
});

describe('the MiFID II tick regime', () => {
  it('gives the tick of the price band and liquidity band (RTS 11 annex rows)', () => {
    expect(mifidTick('0.52', 6)).toBe('0.0001');
    expect(mifidTick('2.35', 6)).toBe('0.0005');
    expect(mifidTick('5.60', 6)).toBe('0.001');
    expect(mifidTick('16.50', 6)).toBe('0.002');
    expect(mifidTick('16.50', 5)).toBe('0.005');
    expect(mifidTick('70.00', 6)).toBe('0.01');
    expect(mifidTick('330.00', 5)).toBe('0.1');
    expect(mifidTick('0.05', 1)).toBe('0.0005');
    expect(mifidTick('60000', 1)).toBe('500');
  });

  it('starts a band at its lower bound: 10.00 is in 10–20, 9.999 in 5–10', () => {
    expect(mifidTick('10.00', 6)).toBe('0.002');
    expect(mifidTick('9.999', 6)).toBe('0.001');
  });
});

describe('the FTSE MIB constituents', () => {
  it('are forty Milan shares in euros with distinct ISINs, lot 1 and 3 or 4 price decimals', () => {
    expect(italianShares).toHaveLength(40);
    expect(new Set(italianShares.map((s) => s.isin)).size).toBe(40);
    for (const s of italianShares) {
      expect(s.symbol).toMatch(/^[A-Z0-9]+\.MI$/);
      expect(s).toMatchObject({
        kind: 'stock',
        country: 'IT',
        currency: 'EUR',
        calendar: 'XMIL',
        lotSize: 1n,
      });
      expect([3, 4]).toContain(s.priceScale);
    }
  });

  it('include the largest names with their real ISINs', () => {
    expect(bySymbol.get('ENI.MI')).toMatchObject({ name: 'Eni', isin: 'IT0003132476', sector: 'Energy' });
    expect(bySymbol.get('ISP.MI')).toMatchObject({ name: 'Intesa Sanpaolo', isin: 'IT0000072618' });
    expect(bySymbol.get('UCG.MI')).toMatchObject({ name: 'UniCredit', isin: 'IT0005239360' });
    expect(bySymbol.get('RACE.MI')).toMatchObject({ name: 'Ferrari', isin: 'NL0011585146' });
  });

  it('quote on the MiFID II tick of their price, and start on a multiple of it', () => {
    // ENI at 16.500 in band 6 ticks by 0.002; Telecom Italia at 0.5200 by 0.0001; Ferrari at 330 in band 5 by 0.1.
    expect(formatAmount(bySymbol.get('ENI.MI')!.tickSize, 3)).toBe('0.002');
    expect(bySymbol.get('TIT.MI')).toMatchObject({ priceScale: 4, tickSize: 1n, anchorPrice: 5200n });
    expect(bySymbol.get('RACE.MI')).toMatchObject({ priceScale: 3, tickSize: 100n, anchorPrice: 330_000n });
    for (const s of italianShares) expect(s.anchorPrice % s.tickSize, s.symbol).toBe(0n);
  });
});

describe('the catalogue', () => {
  it('names each symbol once', () => {
    expect(bySymbol.size).toBe(catalogue.length);
  });

  it('has the six indices of DESIGN.md §6 on the right calendars', () => {
    const indices = catalogue.filter((i) => i.kind === 'index');
    expect(indices.map((i) => [i.symbol, i.name, i.calendar])).toEqual([
      ['FTSEMIB.IDX', 'FTSE MIB', 'XMIL'],
      ['FTSEITALIASHARE.IDX', 'FTSE Italia All-Share', 'XMIL'],
      ['DAX.IDX', 'DAX 40', 'XMIL'],
      ['SX5E.IDX', 'Euro Stoxx 50', 'XMIL'],
      ['SPX.IDX', 'S&P 500', 'XNYS'],
      ['NDX.IDX', 'Nasdaq 100', 'XNYS'],
    ]);
  });

  it('has about twenty US large caps in dollars with a one-cent tick', () => {
    expect(usShares.length).toBeGreaterThanOrEqual(20);
    for (const s of usShares) {
      expect(s.symbol).toMatch(/^[A-Z]+\.US$/);
      expect(s.isin).toMatch(/^US/);
      expect(s).toMatchObject({
        currency: 'USD',
        calendar: 'XNYS',
        priceScale: 2,
        tickSize: 1n,
        lotSize: 1n,
      });
    }
  });

  it('has fifteen or more crypto pairs against USDT, each with its coin, trading around the clock', () => {
    const pairs = catalogue.filter((i) => i.kind === 'crypto');
    expect(pairs.length).toBeGreaterThanOrEqual(15);
    for (const p of pairs) {
      expect(p.symbol).toBe(`${p.baseAsset}USDT`);
      expect(p).toMatchObject({ currency: 'USDT', calendar: 'CRYPTO', isin: null, country: null });
    }
    expect(bySymbol.get('BTCUSDT')).toMatchObject({
      priceScale: 2,
      quantityScale: 5,
      anchorPrice: 9_500_000n,
    });
    for (const s of ['ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'BNBUSDT', 'ADAUSDT', 'DOGEUSDT']) {
      expect(bySymbol.has(s), s).toBe(true);
    }
  });

  it('has EUR/USD on the FX calendar, 5 decimals', () => {
    expect(bySymbol.get('EURUSD.FX')).toMatchObject({
      kind: 'fx',
      currency: 'USD',
      baseAsset: 'EUR',
      calendar: 'FX',
      priceScale: 5,
    });
  });

  it('gives every instrument a known kind and calendar, a sector to each share, positive prices, ticks, lots and volumes', () => {
    for (const i of catalogue) {
      expect(instrumentKinds, i.symbol).toContain(i.kind);
      expect(calendarIds, i.symbol).toContain(i.calendar);
      // A share has a sector, and only shares do.
      if (i.kind === 'stock') expect(sectors, i.symbol).toContain(i.sector);
      else expect(i.sector, i.symbol).toBeNull();
      expect(i.anchorPrice > 0n && i.tickSize > 0n && i.lotSize > 0n, i.symbol).toBe(true);
      expect(i.averageDailyVolume > 0n, i.symbol).toBe(true);
      expect(i.volatility > 0 && i.volatility <= 1.5, i.symbol).toBe(true);
    }
  });

  it('lists Italy then the United States, named in both languages, with shares in each', () => {
    expect(countries.map((c) => [c.code, c.names['it-IT'], c.names['en-US'], c.flag])).toEqual([
      ['IT', 'Italia', 'Italy', 'IT'],
      ['US', 'Stati Uniti', 'United States', 'US'],
    ]);
  });
});
