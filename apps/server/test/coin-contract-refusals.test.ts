import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractApp,
  contractCall,
  createContractApp,
  eth3300,
  fundContract,
  openLong,
  positionCount,
  setAppropriateness,
  usdtOf,
} from './coin-contract-steps';
import { call } from './helper';
import { newTrader } from './trading-steps';

/*
 * Every refusal of the perpetual contract calls, in both languages, and each leaves the contract account,
 * the frozen margin and the positions as they were.
 */

let t: ContractApp;
beforeAll(async () => {
  t = await createContractApp();
  eth3300(t);
});
afterAll(async () => {
  await t.close();
});

async function investor(verdict: 'fit' | 'warn' | 'refuse' | 'missing' = 'fit') {
  const user = await newTrader(t, 0n);
  if (verdict !== 'missing') await setAppropriateness(t, user.id, verdict);
  await fundContract(t, user, 2_000_000_000n);
  return user;
}

/** Asserts a refusal with this message that moved nothing. */
async function refusedUnchanged(
  user: { id: number },
  attempt: () => Promise<{ code: number; msg: string }>,
  msg: string,
) {
  const before = {
    contract: await usdtOf(t, user.id, 'contract'),
    frozen: await usdtOf(t, user.id, 'frozen'),
    positions: await positionCount(t),
  };
  const res = await attempt();
  expect(res).toMatchObject({ code: -1001, msg });
  expect({
    contract: await usdtOf(t, user.id, 'contract'),
    frozen: await usdtOf(t, user.id, 'frozen'),
    positions: await positionCount(t),
  }).toEqual(before);
}

describe('perpetual contract refusals', () => {
  it('leverage above the 2:1 cap, or not a whole number', async () => {
    const user = await investor();
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { leverage: 3 }),
      'Leverage cannot exceed 2:1.',
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { leverage: 5 }),
      'Leverage cannot exceed 2:1.',
    );
    await refusedUnchanged(
      user,
      () =>
        contractCall(
          t,
          '/add',
          user.token,
          { symbol: 'ETHUSDT', side: 'long', margin: '100', leverage: 0 },
          { lang: 'it-IT' },
        ),
      'La leva deve essere un numero intero pari almeno a 1.',
    );
  });

  it('margin below the 10 USDT minimum, or with more than 6 decimals', async () => {
    const user = await investor();
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { margin: '9.99' }),
      'The minimum margin is 10.00 USDT.',
    );
    await refusedUnchanged(
      user,
      () =>
        contractCall(
          t,
          '/add',
          user.token,
          { symbol: 'ETHUSDT', side: 'long', margin: '5', leverage: 2 },
          { lang: 'it-IT' },
        ),
      'Il margine minimo è di 10,00 USDT.',
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { margin: '10.1234567' }),
      'The margin is an amount in USDT with at most 6 decimals.',
    );
  });

  it('a margin and fee above the contract account', async () => {
    const user = await investor();
    // 2,000 of margin at 2:1 buys 1.2121 ETH, 3,999.93 of exposure, a fee of 1.999965: 2,001.999965 needed.
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { margin: '2000' }),
      'Not enough USDT in the contract account: 2,000.00 available, margin and fee need 2,001.999965.',
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { margin: '2500' }),
      // 1.5151 ETH, 4,999.83 of exposure, a fee of 2.499915.
      'Not enough USDT in the contract account: 2,000.00 available, margin and fee need 2,502.499915.',
    );
  });

  it('take profit and stop loss on the wrong side of the last price, or off the tick', async () => {
    const user = await investor();
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { takeProfit: '3200' }),
      'The take profit must be above the last price (a limit order: its limit) for a long, below it for a short.',
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { stopLoss: '3400' }),
      'The stop loss must be below the last price (a limit order: its limit) for a long, above it for a short.',
    );
    await refusedUnchanged(
      user,
      () =>
        contractCall(
          t,
          '/add',
          user.token,
          { symbol: 'ETHUSDT', side: 'short', margin: '100', leverage: 2, takeProfit: '3400' },
          { lang: 'it-IT' },
        ),
      "Il take profit deve essere sopra l'ultimo prezzo (per un ordine limite: il suo limite) per un long, sotto per uno short.",
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { stopLoss: '3000.001' }),
      'Take-profit and stop-loss prices must be more than 0, on the price tick of 0.01.',
    );
  });

  it('appropriateness: no questionnaire, refused, or a warning not acknowledged', async () => {
    const none = await investor('missing');
    await refusedUnchanged(
      none,
      () => openLong(t, none.token),
      'Complete the appropriateness questionnaire before trading leveraged contracts.',
    );
    const refused = await investor('refuse');
    await refusedUnchanged(
      refused,
      () => openLong(t, refused.token, { riskAcknowledged: true }),
      'From your appropriateness answers, leveraged contracts are not appropriate for you.',
    );
    const warned = await investor('warn');
    await refusedUnchanged(
      warned,
      () =>
        contractCall(
          t,
          '/add',
          warned.token,
          { symbol: 'ETHUSDT', side: 'long', margin: '100', leverage: 2 },
          { lang: 'it-IT' },
        ),
      "I contratti con leva potrebbero non essere adatti a te: leggi l'avvertenza e conferma di accettarne il rischio.",
    );
    const terms = await contractCall<{ appropriateness: string }>(
      t,
      '/order/multiple',
      warned.token,
      { symbol: 'ETHUSDT' },
      { money: false },
    );
    expect(terms.data.appropriateness).toBe('warn');
    // Acknowledged, the same ticket opens.
    const opened = await openLong(t, warned.token, { margin: '100', riskAcknowledged: true });
    expect(opened.code).toBe(0);
  });

  it('a symbol that is no crypto pair, a side that is neither long nor short, an order type that is neither', async () => {
    const user = await investor();
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { symbol: 'ENI.MI' }),
      'No perpetual contract on ENI.MI.',
    );
    await refusedUnchanged(user, () => openLong(t, user.token, { side: 'buy' }), 'Choose long or short.');
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { type: 'stop' }),
      'A contract opens at market or at a limit.',
    );
  });

  it('a limit opening without a price, off the tick, or one the market would fill now', async () => {
    const user = await investor();
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { type: 'limit' }),
      'The limit price must be more than 0, on the price tick of 0.01.',
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { type: 'limit', price: '3000.005' }),
      'The limit price must be more than 0, on the price tick of 0.01.',
    );
    // The last price is 3,300.00: a long limit at it or above, a short limit at it or below, would open now.
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { type: 'limit', price: '3300.00' }),
      'A long limit must be below the last price, a short limit above it: to open now, choose market.',
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { type: 'limit', price: '3200', side: 'short' }, { lang: 'it-IT' }),
      "Un limite long deve essere sotto l'ultimo prezzo, uno short sopra: per aprire subito, scegli a mercato.",
    );
    // A stop loss at or above the limit of a long limit opening.
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { type: 'limit', price: '3000', stopLoss: '3100' }),
      'The stop loss must be below the last price (a limit order: its limit) for a long, above it for a short.',
    );
  });

  it("adding margin: nothing, more than the account, to a closed or another investor's position", async () => {
    const user = await investor();
    const other = await investor();
    // 100 at 2:1 buys 0.0606 ETH for 199.98, a fee of 0.09999: 1,899.90001 left.
    const opened = await openLong(t, user.token, { margin: '100' });
    const id = opened.data.id;
    await refusedUnchanged(
      user,
      () => contractCall(t, '/add/mgn', user.token, { id, amount: '0' }),
      'The margin to add must be more than 0.',
    );
    await refusedUnchanged(
      user,
      () => contractCall(t, '/add/mgn', user.token, { id, amount: '5000' }),
      'Not enough USDT in the contract account: 1,899.90001 available, margin and fee need 5,000.00.',
    );
    await refusedUnchanged(
      other,
      () => contractCall(t, '/add/mgn', other.token, { id, amount: '10' }),
      'Position not found.',
    );
    await refusedUnchanged(
      other,
      () => contractCall(t, '/close', other.token, { id }),
      'Position not found.',
    );
    await contractCall(t, '/close', user.token, { id });
    await refusedUnchanged(
      user,
      () => contractCall(t, '/add/mgn', user.token, { id, amount: '10' }),
      'This position is already closed.',
    );
    await refusedUnchanged(
      user,
      () => contractCall(t, '/liquidate', user.token, { id }, { lang: 'it-IT' }),
      'Questa posizione è già chiusa.',
    );
  });

  it('once a transaction password is set, an open without it or with a wrong one opens nothing', async () => {
    const user = await investor();
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: user.token },
    );
    expect(set.code, set.msg).toBe(0);
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { margin: '100' }),
      'Enter your transaction password.',
    );
    await refusedUnchanged(
      user,
      () => openLong(t, user.token, { margin: '100' }, { lang: 'it-IT' }),
      'Inserisci la password di transazione.',
    );
    const wrong = await openLong(t, user.token, { margin: '100', tradePassword: '000000' });
    expect(wrong.msg).toMatch(/^Wrong transaction password/);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
    const right = await openLong(t, user.token, { margin: '100', tradePassword: '135790' });
    expect(right.code, right.msg).toBe(0);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(100_000_000n);
  });
});
