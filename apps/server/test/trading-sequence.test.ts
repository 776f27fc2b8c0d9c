import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { registerInvestor } from './identity-steps';
import { createTradingApp, credit, type TradingApp, userBalance } from './trading-steps';

/*
 * A seeded random sequence of buys, sells, cancels, engine steps over a moving book and settlements, by two
 * investors on ENI.MI; whatever is refused along the way, afterwards the ledger verifies clean and each
 * investor's shares and euros are exactly what their fills say.
 */

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
});
afterAll(async () => {
  await t?.close();
});

/** A small deterministic generator (LCG), so a failure replays exactly. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

function bookAround(mid: bigint) {
  return {
    last: mid,
    bids: [
      { price: mid - 2n, quantity: 25n },
      { price: mid - 6n, quantity: 40n },
    ],
    asks: [
      { price: mid + 2n, quantity: 25n },
      { price: mid + 6n, quantity: 40n },
    ],
  };
}

it('keeps the ledger and the holdings equal to the fills through 60 random steps', async () => {
  const random = generator(20_261_123);
  const credited = 500_000n;
  const investors: { token: string; id: number }[] = [];
  for (let i = 0; i < 2; i++) {
    const { token, user } = await registerInvestor(t.app, `seq-${newRequestId()}@piazza.test`);
    await credit(t, user.id, 'EUR', credited);
    investors.push({ token, id: user.id });
  }
  let mid = 14_200n;
  t.books.set('ENI.MI', bookAround(mid));
  const placed: number[] = [];

  for (let step = 0; step < 60; step++) {
    const who = investors[random(investors.length)] as { token: string; id: number };
    const action = random(6);
    const quantity = String(1 + random(30));
    const price = (mid + BigInt(random(9) - 4) * 2n).toString().replace(/(\d{3})$/, '.$1');
    if (action <= 3) {
      const side = action % 2 === 0 ? 'buy' : 'sell';
      const type = action < 2 ? 'market' : 'limit';
      const res = await call<{ id: number }>(
        t.app,
        'POST',
        `/stock/order/${side}`,
        {
          symbol: 'ENI.MI',
          type,
          quantity,
          price: type === 'limit' ? price : undefined,
          requestId: newRequestId(),
        },
        { token: who.token },
      );
      if (res.code === 0) placed.push(res.data.id);
      else expect(res.code, res.msg).toBe(-1001);
    } else if (action === 4 && placed.length > 0) {
      const id = placed[random(placed.length)] as number;
      await call(t.app, 'GET', '/stock/order/cancel', { id }, { token: who.token });
    } else {
      mid += BigInt(random(5) - 2) * 4n;
      t.books.set('ENI.MI', bookAround(mid));
      await t.engine.step();
      // Every lot settles: the shares become sellable without moving the session clock.
      await t.engine.settleDue(Date.UTC(2027, 0, 1));
    }
  }

  expect(await verifyLedger(t.db)).toEqual([]);
  for (const who of investors) {
    const [fills] = await t.db.query<{ shares: bigint; cash: bigint }>(
      `select coalesce(sum(case side when 'buy' then quantity else -quantity end), 0)::bigint as shares,
              coalesce(sum(case side when 'buy' then -value - fee else value - fee end), 0)::bigint as cash
         from stock_fills where user_id = $1`,
      [who.id],
    );
    const shares =
      (await userBalance(t, who.id, 'spot', 'ENI.MI')) +
      (await userBalance(t, who.id, 'locked', 'ENI.MI')) +
      (await userBalance(t, who.id, 'frozen', 'ENI.MI'));
    const euros =
      (await userBalance(t, who.id, 'spot', 'EUR')) + (await userBalance(t, who.id, 'frozen', 'EUR'));
    expect(shares).toBe(fills?.shares);
    expect(euros).toBe(credited + (fills?.cash ?? 0n));
    const [position] = await t.db.query<{ quantity: bigint }>(
      `select quantity from stock_positions where user_id = $1 and symbol = 'ENI.MI'`,
      [who.id],
    );
    expect(position?.quantity ?? 0n).toBe(shares);
  }
  const [count] = await t.db.query<{ n: bigint }>('select count(*) as n from stock_fills');
  // The sequence is meant to trade, not only to be refused.
  expect(Number(count?.n)).toBeGreaterThan(10);
});
