import { describe, expect, it } from 'vitest';
import { assetFigure, moneyText, shownDecimals } from './money-text';

describe('an amount with its asset', () => {
  it('drops the zeros a coin scale pads with, keeping two decimals', () => {
    expect(moneyText('10.000000', 'USDT', 'it-IT')).toBe('10,00 USDT');
    expect(moneyText('1250.50', 'EUR', 'it-IT')).toBe('1.250,50 EUR');
    expect(moneyText('1250.50', 'EUR', 'en-US')).toBe('1,250.50 EUR');
  });

  it('keeps every digit that is not zero', () => {
    expect(shownDecimals('0.00150000')).toBe(4);
    expect(moneyText('0.00000001', 'BTC', 'it-IT')).toBe('0,00000001 BTC');
    expect(shownDecimals('7')).toBe(2);
  });
});

describe('an asset figure (issue 17)', () => {
  it('shows USDT and currencies to two places, never the ledger’s six', () => {
    expect(assetFigure('10.123456', 'USDT', 'it-IT')).toBe('10,12');
    expect(moneyText('5000.500000', 'USDT', 'en-US')).toBe('5,000.50 USDT');
    expect(assetFigure('1250.5', 'EUR', 'it-IT')).toBe('1.250,50');
  });

  it('shows a coin with the places it needs, up to eight', () => {
    expect(assetFigure('0.12345678912', 'BTC', 'it-IT')).toBe('0,12345678');
    expect(assetFigure('2.50000000', 'ETH', 'it-IT')).toBe('2,50');
    expect(assetFigure('0.00150000', 'BTC', 'en-US')).toBe('0.0015');
  });
});
