import { describe, expect, it } from 'vitest';
import { moneyText, shownDecimals } from './money-text';

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
