import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { codeFromOutbox, loginFrom, registerInvestor } from './identity-steps';
import { createTradingApp, credit, newTrader, type TradingApp, userBalance } from './trading-steps';

/*
 * Issue 16: the guards hold when the requests come at once. Each attempt counter is checked and counted in one
 * step, so a burst checks at most the limit (on PostgreSQL the requests really run side by side; on PGlite
 * they queue on its one connection, and the same numbers must hold). Crypto trades on a Saturday, when the
 * coin book is open.
 */

const saturday = Date.UTC(2026, 10, 28, 12, 0);

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp(saturday);
  t.books.set('BTCUSDT', {
    last: 9_500_000n,
    bids: [{ price: 9_499_000n, quantity: 50_000n }],
    asks: [{ price: 9_500_000n, quantity: 50_000n }],
  });
});
afterAll(async () => {
  await t?.close();
});

const msgCounts = (answers: { msg: string }[]) =>
  answers.reduce<Record<string, number>>((counts, a) => {
    counts[a.msg] = (counts[a.msg] ?? 0) + 1;
    return counts;
  }, {});

describe('a burst of logins', () => {
  it('checks at most 3 of 40 wrong passwords sent at once, and asks the right one in the burst for the captcha', async () => {
    const { user } = await registerInvestor(t.app, 'assalto@example.it', 'Giusta2026');
    const sessionsBefore = await t.db.query<{ n: bigint }>(
      'select count(*) as n from sessions where user_id = $1',
      [user.id],
    );
    const wrong = Array.from({ length: 40 }, (_, i) =>
      loginFrom(t.app, `10.9.${Math.floor(i / 200)}.${i % 200}`, {
        account: 'assalto@example.it',
        password: 'Sbagliata1',
      }),
    );
    const right = loginFrom(t.app, '10.9.9.9', { account: 'assalto@example.it', password: 'Giusta2026' });
    const answers = await Promise.all([...wrong, right]);

    const counts = msgCounts(answers);
    expect(counts['Wrong account or password'] ?? 0).toBeLessThanOrEqual(3);
    expect(answers.every((a) => a.code === -1001)).toBe(true);
    const last = answers.at(-1);
    expect(last?.data).toEqual({ captcha: true });
    const sessionsAfter = await t.db.query<{ n: bigint }>(
      'select count(*) as n from sessions where user_id = $1',
      [user.id],
    );
    expect(sessionsAfter[0]?.n).toBe(sessionsBefore[0]?.n);
  });
});

describe('a burst of guesses at one code', () => {
  it('compares at most 5 of 100 guesses at a reset code, and the code is dead after', async () => {
    await registerInvestor(t.app, 'smemorato-burst@example.it', 'Vecchia2026');
    await call(t.app, 'POST', '/common/code/send', { account: 'smemorato-burst@example.it', scene: 'reset' });
    const code = await codeFromOutbox(t.app, 'smemorato-burst@example.it', 'reset');
    const guesses = Array.from({ length: 100 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) =>
        call(t.app, 'POST', '/user/reset/password', {
          account: 'smemorato-burst@example.it',
          code: guess,
          password: 'Nuova2026x',
          confirmPassword: 'Nuova2026x',
        }),
      ),
    );
    const counts = msgCounts(answers);
    expect(counts['Security code error']).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.code === -1001)).toBe(true);
    const [row] = await t.db.query<{ attempts: number }>(
      `select attempts from verification_codes where account = 'smemorato-burst@example.it' and scene = 'reset'`,
    );
    expect(row?.attempts).toBe(5);
    // The right code now comes too late: its tries are spent, and the password is unchanged.
    const late = await call(t.app, 'POST', '/user/reset/password', {
      account: 'smemorato-burst@example.it',
      code,
      password: 'Nuova2026x',
      confirmPassword: 'Nuova2026x',
    });
    expect(late.code).toBe(-1001);
    expect(
      (await loginFrom(t.app, '10.8.0.1', { account: 'smemorato-burst@example.it', password: 'Vecchia2026' }))
        .code,
    ).toBe(0);
  });

  it('compares at most 5 of 60 wrong security codes at /user/pin/change, and the withdrawal password stays', async () => {
    const s = await registerInvestor(t.app, 'pin-burst@example.it', 'Segreta2026');
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'withdraw', password: 'Segreta2026', pin: '246810', confirmPin: '246810' },
      { token: s.token },
    );
    expect(set.code, set.msg).toBe(0);
    await call(t.app, 'POST', '/user/security/code/send', {}, { token: s.token });
    const code = await codeFromOutbox(t.app, 'pin-burst@example.it', 'security');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(
          t.app,
          'POST',
          '/user/pin/change',
          {
            type: 'withdraw',
            code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
            pin: '135791',
            confirmPin: '135791',
          },
          { token: s.token },
        ),
      ),
    );
    expect(msgCounts(answers)['Security code error']).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.code === -1001)).toBe(true);
    // The old withdrawal password still works: nothing was changed.
    const change = await call(
      t.app,
      'POST',
      '/user/pin/change',
      { type: 'withdraw', oldPin: '246810', pin: '135791', confirmPin: '135791' },
      { token: s.token },
    );
    expect(change.code, change.msg).toBe(0);
  });
});

describe('a burst of orders with the right transaction password', () => {
  it('accepts all 20 coin orders sent at once with the right password', async () => {
    const me = await newTrader(t, 0n);
    await credit(t, me.id, 'USDT', 1_000_000_000n); // 1,000 USDT
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: me.token },
    );
    expect(set.code, set.msg).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          t.app,
          'POST',
          '/coin/order/add',
          {
            symbol: 'BTCUSDT',
            side: 'buy',
            type: 'market',
            quantity: '0.0001',
            tradePassword: '135790',
            requestId: newRequestId(),
          },
          { token: me.token },
        ),
      ),
    );
    expect(answers.map((a) => a.msg)).toEqual(Array(20).fill('Success'));
    // 20 × 0.0001 BTC at 95,000.00 = 190.00 USDT, and 0.10 % fees of 0.19.
    expect(await userBalance(t, me.id, 'spot', 'USDT')).toBe(1_000_000_000n - 190_000_000n - 190_000n);
    const security = await call<{ trade: { attemptsLeft: number } }>(
      t.app,
      'GET',
      '/user/security',
      {},
      {
        token: me.token,
      },
    );
    expect(security.data.trade.attemptsLeft).toBe(5);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a burst at the back-office sign-in', () => {
  it('checks at most 5 of 30 wrong passwords for one operator e-mail sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(t.app, 'POST', '/admin/login', {
          email: 'nobody-burst@piazza.local',
          password: 'wrong-password',
        }),
      ),
    );
    const counts = msgCounts(answers);
    expect(counts['Wrong e-mail or password']).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.code === -1001)).toBe(true);
  });
});
