import type { HoldView } from '@piazza/contract/calls/trading-shapes';
import { describe, expect, it } from 'vitest';
import { summariseHoldings } from './holdings-summary';

const hold = (
  symbol: string,
  currency: string,
  quantity: string,
  cost: string,
  lastPrice: string,
): HoldView => ({
  symbol,
  name: symbol,
  currency,
  quantity,
  available: quantity,
  locked: '0',
  frozen: '0',
  lockedUntil: null,
  averageCost: null,
  cost,
  lastPrice,
  marketValue: '0.00',
  pnl: '0.00',
  takeProfit: null,
  stopLoss: null,
});

describe('the holdings summary', () => {
  it('sums value, unrealised P&L and today’s change per currency at the live prices', () => {
    const holds = [
      hold('ENI.MI', 'EUR', '10', '150.00', '14.900'),
      hold('ISP.MI', 'EUR', '100', '380.50', '3.7900'),
      hold('AAPL.US', 'USD', '2', '400.00', '210.00'),
    ];
    const live = new Map([
      ['ENI.MI', { last: '15.100', prevClose: '15.000' }],
      ['ISP.MI', { last: '3.7500', prevClose: '3.8000' }],
      ['AAPL.US', { last: '205.50', prevClose: '204.00' }],
    ]);
    expect(summariseHoldings(holds, live)).toEqual([
      // 10 × 15,100 = 151,00 and 100 × 3,7500 = 375,00; cost 530,50; yesterday 150,00 + 380,00.
      { currency: 'EUR', value: '526.00', unrealised: '-4.50', dayChange: '-4.00' },
      // 2 × 205,50 = 411,00 against 400,00; yesterday 408,00.
      { currency: 'USD', value: '411.00', unrealised: '11.00', dayChange: '3.00' },
    ]);
  });

  it('values at the server’s last price until a tick arrives, and leaves today’s change unknown', () => {
    const [eur] = summariseHoldings([hold('ENI.MI', 'EUR', '10', '150.00', '14.900')], new Map());
    expect(eur).toEqual({ currency: 'EUR', value: '149.00', unrealised: '-1.00', dayChange: null });
  });
});
