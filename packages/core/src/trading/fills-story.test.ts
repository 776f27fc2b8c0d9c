import { describe, expect, it } from 'vitest';
import { buyCost, feeScheduleDefaults, fillFee, saleProceeds } from './fees';
import { fillLimit, fillMarket, fillResting, fillValue, type OrderBook, tradeValue } from './fills';
import { checkOrder, type OrderContext } from './order-rules';
import { type SettlementCalendar, settlementDaysDefault, sharesAvailableAt } from './settlement';

/*
 * The rules together, as the order engine will use them: a ticket checked, walked through the book,
 * valued, charged and settled. Each story is one person's order with the numbers written out.
 */

const eni = { listed: true, priceScale: 3, tickSize: 2n, quantityScale: 0, lotSize: 1n };
const scales = { priceScale: 3, quantityScale: 0, currencyScale: 2 };
const borsa = feeScheduleDefaults.XMIL;
const book: OrderBook = {
  bids: [
    { price: 14_228n, quantity: 50n },
    { price: 14_226n, quantity: 70n },
  ],
  asks: [
    { price: 14_232n, quantity: 40n },
    { price: 14_236n, quantity: 40n },
    { price: 14_244n, quantity: 60n },
  ],
};
const context: OrderContext = {
  instrument: eni,
  currencyScale: 2,
  marketOpen: true,
  marketPrice: 14_232n,
  limits: { quantityMin: 1n, quantityMax: 100_000n, amountMin: null, amountMax: null },
  availableQuantity: 0n,
};
const dayMs = 86_400_000;
const milan: SettlementCalendar = {
  isBusinessDay: (d) => ![0, 6].includes(new Date(d * dayMs).getUTCDay()),
  dayOf: (ms) => Math.floor((ms + 3_600_000) / dayMs), // UTC+1 in November
  startOfDay: (d) => d * dayMs - 3_600_000,
};

describe('a market buy of 100 ENI on Thursday 19 November at 15:30 in Milan', () => {
  const ticket = {
    side: 'buy' as const,
    type: 'market' as const,
    quantity: 100n,
    limitPrice: null,
    takeProfit: null,
    stopLoss: null,
  };

  it('passes the rules, fills at 14.236 on average, costs €1,426.55 and can be sold from Monday', () => {
    expect(checkOrder(ticket, context)).toBeNull();
    const execution = fillMarket('buy', 100n, book);
    expect(execution.unfilled).toBe(0n);
    const value = tradeValue(execution.notional, scales);
    const cost = buyCost(borsa, { value, quantity: execution.filled }, scales);
    expect(cost).toEqual({ value: 142_360n, fee: 295n, total: 142_655n });
    const tradeMs = Date.parse('2026-11-19T15:30:00+01:00');
    const freeMs = sharesAvailableAt(tradeMs, settlementDaysDefault.XMIL, milan);
    expect(new Date(freeMs).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('the same shares sold on Monday at the bids bring €1,419.75 after the €2.95 fee', () => {
    const sell = { ...ticket, side: 'sell' as const };
    expect(checkOrder(sell, { ...context, availableQuantity: 100n })).toBeNull();
    const execution = fillMarket('sell', 100n, book);
    // 50 × 14.228 + 50 × 14.226 = 711.400 + 711.300 = 1422.700
    const value = tradeValue(execution.notional, scales);
    expect(saleProceeds(borsa, { value, quantity: 100n }, scales)).toEqual({
      value: 142_270n,
      fee: 295n,
      net: 141_975n,
    });
  });
});

describe('a limit buy of 200 ENI at 14.236 that fills in parts and is cancelled', () => {
  it('freezes €2,852.60, pays for 80 on arrival and 50 from a print, and gets €998.57 back on cancel', () => {
    const ticket = {
      side: 'buy' as const,
      type: 'limit' as const,
      quantity: 200n,
      limitPrice: 14_236n,
      takeProfit: null,
      stopLoss: null,
    };
    expect(checkOrder(ticket, context)).toBeNull();
    // Frozen: 200 × 14.236 = 2847.20, and its fee 5.40968 → 5.40.
    const frozen = buyCost(borsa, { value: tradeValue(200n * 14_236n, scales), quantity: 200n }, scales);
    expect(frozen).toEqual({ value: 284_720n, fee: 540n, total: 285_260n });

    // On arrival it takes 40 at 14.232 and 40 at 14.236 (1138.720): €1,138.72 and the €2.95 minimum.
    const arrival = fillLimit('buy', 200n, 14_236n, book);
    expect(arrival.filled).toBe(80n);
    const firstValue = fillValue(0n, arrival.notional, scales);
    const first = {
      value: firstValue,
      fee: fillFee(borsa, { value: 0n, quantity: 0n }, { value: firstValue, quantity: 80n }, scales),
    };
    expect(first).toEqual({ value: 113_872n, fee: 295n });

    // Resting, a print of 50 at 14.230 fills 50 at its limit 14.236 (711.800): 1850.520 in all, fee 3.51.
    const resting = fillResting(
      { side: 'buy', limitPrice: 14_236n, remaining: arrival.unfilled },
      { kind: 'trade', price: 14_230n, quantity: 50n },
    );
    expect(resting.fills).toEqual([{ price: 14_236n, quantity: 50n }]);
    const notional = arrival.notional + resting.notional;
    const second = {
      value: fillValue(arrival.notional, notional, scales),
      fee: fillFee(
        borsa,
        { value: 113_872n, quantity: 80n },
        { value: tradeValue(notional, scales), quantity: 130n },
        scales,
      ),
    };
    expect(second).toEqual({ value: 71_180n, fee: 56n });

    // Cancelled with 70 left: what was frozen less what was paid goes back.
    const paid = first.value + first.fee + second.value + second.fee;
    expect(paid).toBe(185_403n);
    expect(frozen.total - paid).toBe(99_857n);
  });
});
