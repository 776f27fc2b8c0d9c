import { feeScheduleDefaults } from '@piazza/core/trading/fees';
import { describe, expect, it } from 'vitest';
import { scheduleOfRule } from '../../shared/ticket/ticket-preview';
import { coinLimitPrice, coinQuantity, previewCoinTicket } from './coin-preview';

// The CRYPTO schedule of a fresh install: 0.10 % of the USDT value, no minimum, no cap.
const crypto = feeScheduleDefaults.CRYPTO;

// BTCUSDT as /coin/infos gives it: prices at 2 decimals (tick 0.01), quantities at 5 (lot 0.00001).
const btc = { priceScale: 2, quantityScale: 5, tickSize: '0.01', lotSize: '0.00001' };
const book = {
  symbol: 'BTCUSDT',
  time: 0,
  bids: [['94990.00', '0.05000']] as [string, string][],
  asks: [
    ['95000.00', '0.01000'],
    ['95010.00', '0.02000'],
  ] as [string, string][],
};

describe('the coin ticket preview', () => {
  it('walks a market buy of 0.025 BTC through two ask levels with the 0.10 % fee', () => {
    const p = previewCoinTicket(
      { side: 'buy', type: 'market', quantity: '0,025', limitPrice: '' },
      btc,
      book,
      crypto,
    );
    // 950.00 + 1,425.15 = 2,375.15 USDT; fee 2.37515; 2,377.52515 in all.
    expect(p).toEqual({
      quantity: 2_500n,
      value: 2_375_150_000n,
      fee: 2_375_150n,
      total: 2_377_525_150n,
      partial: false,
    });
  });

  it('values a limit sell at its limit, the fee taken from the proceeds', () => {
    const p = previewCoinTicket(
      { side: 'sell', type: 'limit', quantity: '0.01', limitPrice: '99000' },
      btc,
      null,
      crypto,
    );
    expect(p).toMatchObject({ value: 990_000_000n, fee: 990_000n, total: 989_010_000n });
  });

  it('says nothing for a quantity finer than the pair, zero, or a price of 0', () => {
    expect(coinQuantity('0.000001', btc)).toBeNull();
    expect(coinQuantity('0', btc)).toBeNull();
    expect(coinLimitPrice('0', btc)).toBeNull();
    expect(coinLimitPrice('95000.001', btc)).toBeNull();
  });

  it('charges the schedule the operator configured, as /stock/order/rule answers it', () => {
    // 0.25 % with a minimum of 5 USDT: a buy of 0.001 BTC at 95,000.00 is 95.00 USDT, 0.2375 → the 5.00 minimum.
    const rule = { rateBp: 25, perShare: null, minimum: '5.000000', maximum: null };
    const schedule = scheduleOfRule(rule, 6);
    const p = previewCoinTicket(
      { side: 'buy', type: 'market', quantity: '0.001', limitPrice: '' },
      btc,
      book,
      schedule,
    );
    expect(p).toMatchObject({ value: 95_000_000n, fee: 5_000_000n, total: 100_000_000n });
  });

  it('shows no figure until the schedule has arrived', () => {
    expect(
      previewCoinTicket({ side: 'buy', type: 'market', quantity: '0.001', limitPrice: '' }, btc, book, null),
    ).toBeNull();
  });
});
