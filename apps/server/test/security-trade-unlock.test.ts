import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionsEndedTopic } from '../src/http/sessions';
import { pinHashes } from '../src/modules/security/pins';
import { tradeUnlocksOf } from '../src/modules/security/trade-unlock';
import { hashPassword } from '../src/platform/passwords';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { loginFrom } from './identity-steps';
import { createTradingApp, eniBook, newTrader, placeOrder, type TradingApp } from './trading-steps';

/*
 * Decision 066: a transaction password checked in full once unlocks trading on that session for a while, so a
 * run of orders does not pay argon2 each. Every argon2 check of a pin is counted through the module's own function.
 */

// Every full check of a pin, counted (the spy calls through; restored for the files that share this worker).
const verifySpy = vi.spyOn(pinHashes, 'verify');
const argon2Checks = () => verifySpy.mock.calls.length;

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
});
afterAll(async () => {
  verifySpy.mockRestore();
  await t?.close();
});

const pin = '135790';

/** A funded investor, signed in, with the transaction password `pin` set. */
async function investorWithPin(): Promise<{ token: string; id: number }> {
  const me = await newTrader(t, 10_000_000n); // €100,000.00
  const set = await call(
    t.app,
    'POST',
    '/user/pin/set',
    { type: 'trade', password: 'segreta1', pin, confirmPin: pin },
    { token: me.token },
  );
  expect(set.code, set.msg).toBe(0);
  return me;
}

/** Buys one ENI.MI share; answers the reply's message and how many argon2 checks it cost. */
async function buyOne(token: string, tradePassword: string): Promise<{ msg: string; argon2: number }> {
  const before = argon2Checks();
  const answer = await placeOrder(t, 'buy', token, {
    symbol: 'ENI.MI',
    type: 'market',
    quantity: '1',
    tradePassword,
  });
  return { msg: answer.msg, argon2: argon2Checks() - before };
}

const attemptsLeft = async (token: string) =>
  (await call<{ trade: { attemptsLeft: number } }>(t.app, 'GET', '/user/security', {}, { token })).data.trade
    .attemptsLeft;

const filledOrders = async (userId: number) =>
  Number(
    (
      await t.db.query<{ n: bigint }>(
        'select count(*)::int8 as n from stock_orders where user_id = $1 and filled_quantity = quantity',
        [userId],
      )
    )[0]?.n,
  );

describe('the transaction password unlocking a session', () => {
  it('checks the first order in full and lets the next ones through without argon2', async () => {
    const me = await investorWithPin();
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 1 });
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
    expect(await filledOrders(me.id)).toBe(3);
    expect(await attemptsLeft(me.token)).toBe(5);
  });

  it('still refuses an order without the password on an unlocked session', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).msg).toBe('Success');
    const answer = await placeOrder(t, 'buy', me.token, { symbol: 'ENI.MI', type: 'market', quantity: '1' });
    expect(answer).toMatchObject({ code: -1001, msg: 'Enter your transaction password.' });
    expect(await filledOrders(me.id)).toBe(1);
  });

  it('unlocks only the session that was checked: another sign-in pays its own check', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).argon2).toBe(1);
    const account = (
      await t.db.query<{ account: string }>('select account from users where id = $1', [me.id])
    )[0]?.account as string;
    const other = await loginFrom(t.app, '10.66.0.1', { account, password: 'segreta1' });
    const otherToken = (other.data as { token: string }).token;
    expect(await buyOne(otherToken, pin)).toEqual({ msg: 'Success', argon2: 1 });
    expect(await buyOne(otherToken, pin)).toEqual({ msg: 'Success', argon2: 0 });
  });

  it('refuses a wrong password on an unlocked session, counts it, and checks in full until a right one', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).msg).toBe('Success');
    expect(await buyOne(me.token, '000000')).toEqual({
      msg: 'Wrong transaction password, please reenter (4 attempts left)',
      argon2: 1,
    });
    expect(await attemptsLeft(me.token)).toBe(4);
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 1 });
    expect(await attemptsLeft(me.token)).toBe(5);
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
    expect(await filledOrders(me.id)).toBe(3);
  });

  it('gives no way around the lock: five wrong ones lock even an unlocked session', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).msg).toBe('Success');
    for (let left = 4; left >= 1; left--) {
      expect((await buyOne(me.token, `00000${left}`)).msg).toBe(
        `Wrong transaction password, please reenter (${left} attempts left)`,
      );
    }
    expect((await buyOne(me.token, '000009')).msg).toBe(
      'Too many wrong attempts: please try again in 15 minutes',
    );
    expect((await buyOne(me.token, pin)).msg).toBe('Too many wrong attempts: please try again in 15 minutes');
    // After the lock, the right password is checked in full again.
    t.clock.advance(15 * 60_000);
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 1 });
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
    expect(await filledOrders(me.id)).toBe(3);
  });
});

describe('what locks trading again', () => {
  it('logging out: the token is dead and its unlock dropped, on this instance and through the bus', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).argon2).toBe(1);
    const unlocked = tradeUnlocksOf(t.app.services).size;
    expect((await call(t.app, 'POST', '/user/logout', {}, { token: me.token })).code).toBe(0);
    expect(tradeUnlocksOf(t.app.services).size).toBe(unlocked - 1);
    const after = await placeOrder(t, 'buy', me.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '1',
      tradePassword: pin,
    });
    expect(after.code).toBe(-1000);
    expect(await filledOrders(me.id)).toBe(1);
  });

  it('revoking a session from the list drops its unlock', async () => {
    const me = await investorWithPin();
    const account = (
      await t.db.query<{ account: string }>('select account from users where id = $1', [me.id])
    )[0]?.account as string;
    const other = await loginFrom(t.app, '10.66.0.2', { account, password: 'segreta1' });
    const otherToken = (other.data as { token: string }).token;
    expect((await buyOne(otherToken, pin)).argon2).toBe(1);
    const unlocked = tradeUnlocksOf(t.app.services).size;
    expect((await call(t.app, 'POST', '/user/sessions/revoke', { all: 1 }, { token: me.token })).code).toBe(
      0,
    );
    expect(tradeUnlocksOf(t.app.services).size).toBe(unlocked - 1);
    expect((await buyOne(otherToken, pin)).msg).not.toBe('Success');
  });

  it('sessions ended on another instance, as the bus says: the next order is checked in full', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).argon2).toBe(1);
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
    // Another instance changed the login password (the current session stays live in the database).
    await t.app.services.bus.publish(sessionsEndedTopic, { userId: me.id });
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 1 });
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
  });

  it('changing the password: the old one is refused and counted, the new one is checked in full once', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).argon2).toBe(1);
    const change = await call(
      t.app,
      'POST',
      '/user/pin/change',
      { type: 'trade', oldPin: pin, pin: '246801', confirmPin: '246801' },
      { token: me.token },
    );
    expect(change.code, change.msg).toBe(0);
    expect(await buyOne(me.token, pin)).toEqual({
      msg: 'Wrong transaction password, please reenter (4 attempts left)',
      argon2: 1,
    });
    expect(await buyOne(me.token, '246801')).toEqual({ msg: 'Success', argon2: 1 });
    expect(await buyOne(me.token, '246801')).toEqual({ msg: 'Success', argon2: 0 });
  });

  it('a password changed on another instance (only the stored row changes) ends the unlock here', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).argon2).toBe(1);
    // Another server reset it to the same digits: a new hash with a new salt; this process was not told.
    await t.db.query("update user_pins set pin_hash = $2 where user_id = $1 and kind = 'trade'", [
      me.id,
      await hashPassword(pin),
    ]);
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 1 });
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
  });

  it('15 minutes without an order, and 60 minutes in all however busy', async () => {
    const me = await investorWithPin();
    expect((await buyOne(me.token, pin)).argon2).toBe(1);
    t.clock.advance(15 * 60_000);
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 1 });
    // Each order keeps it open 15 minutes more, up to an hour after the full check.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(14 * 60_000);
      expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
    }
    t.clock.advance(4 * 60_000);
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 1 });
    expect(await buyOne(me.token, pin)).toEqual({ msg: 'Success', argon2: 0 });
  });

  it('a repeated requestId gets its first answer without any check', async () => {
    const me = await investorWithPin();
    const requestId = newRequestId();
    const params = { symbol: 'ENI.MI', type: 'market', quantity: '1', tradePassword: pin };
    expect((await placeOrder(t, 'buy', me.token, params, { requestId })).msg).toBe('Success');
    const before = argon2Checks();
    expect(
      (await placeOrder(t, 'buy', me.token, { ...params, tradePassword: '000000' }, { requestId })).msg,
    ).toBe('Success');
    expect(argon2Checks() - before).toBe(0);
    expect(await filledOrders(me.id)).toBe(1);
    expect(await attemptsLeft(me.token)).toBe(5);
  });
});
