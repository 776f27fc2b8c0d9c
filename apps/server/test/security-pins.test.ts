import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPin, verifyPin } from '../src/modules/security/pins';
import { Refusal } from '../src/platform/refusal';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { codeFromOutbox, registerInvestor, type SignedIn } from './identity-steps';

/* Transaction and withdrawal passwords (SPEC.md §5: 6 digits; DESIGN.md §4: hashed, attempt-limited). */

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const setPin = (s: SignedIn, params: Record<string, string>, lang = 'en-US') =>
  call(t.app, 'POST', '/user/pin/set', params, { token: s.token, lang });
const changePin = (s: SignedIn, params: Record<string, string>, lang = 'en-US') =>
  call(t.app, 'POST', '/user/pin/change', params, { token: s.token, lang });
const overview = async (s: SignedIn) =>
  (
    await call<{
      trade: { set: boolean; attemptsLeft: number; lockedSeconds: number };
      withdraw: { set: boolean; attemptsLeft: number; lockedSeconds: number };
    }>(t.app, 'GET', '/user/security', {}, { token: s.token })
  ).data;
const pinRows = async (userId: number) =>
  Number(
    (
      await t.db.query<{ n: bigint }>('select count(*)::int8 as n from user_pins where user_id = $1', [
        userId,
      ])
    )[0]?.n,
  );
const refusalKey = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'resolved';
  } catch (err) {
    return err instanceof Refusal ? `${err.key}:${err.params.join(',')}` : String(err);
  }
};

describe('setting a 6-digit password', () => {
  it('refuses anything but exactly 6 digits, in both languages, and stores nothing', async () => {
    const s = await registerInvestor(t.app, 'pin-format@example.it', 'segreta1');
    for (const pin of ['12345', '1234567', '12345a', '12 345', '١٢٣٤٥٦']) {
      expect(await setPin(s, { type: 'trade', password: 'segreta1', pin, confirmPin: pin })).toMatchObject({
        code: -1001,
        msg: 'The password must be exactly 6 digits',
      });
    }
    expect(
      await setPin(s, { type: 'trade', password: 'segreta1', pin: '12a456', confirmPin: '12a456' }, 'it-IT'),
    ).toMatchObject({ code: -1001, msg: 'La password deve essere di esattamente 6 cifre' });
    expect(await pinRows(s.user.id)).toBe(0);
  });

  it('refuses a confirmation that differs, and a wrong login password', async () => {
    const s = await registerInvestor(t.app, 'pin-mismatch@example.it', 'segreta1');
    expect(
      await setPin(s, { type: 'withdraw', password: 'segreta1', pin: '135790', confirmPin: '135791' }),
    ).toMatchObject({ code: -1001, msg: 'The passwords do not match' });
    expect(
      await setPin(
        s,
        { type: 'withdraw', password: 'sbagliata', pin: '135790', confirmPin: '135790' },
        'it-IT',
      ),
    ).toMatchObject({ code: -1001, msg: 'La password di accesso è errata' });
    expect(await pinRows(s.user.id)).toBe(0);
  });

  it('sets each kind once, hashed; a second set is refused', async () => {
    const s = await registerInvestor(t.app, 'pin-set@example.it', 'segreta1');
    expect(
      await setPin(s, { type: 'trade', password: 'segreta1', pin: '246810', confirmPin: '246810' }),
    ).toMatchObject({ code: 0 });
    expect(await overview(s)).toMatchObject({
      trade: { set: true, attemptsLeft: 5, lockedSeconds: 0 },
      withdraw: { set: false },
    });
    expect(
      await setPin(s, { type: 'trade', password: 'segreta1', pin: '111111', confirmPin: '111111' }),
    ).toMatchObject({ code: -1001, msg: 'This password is already set: change it instead' });
    const stored = await t.db.query<{ pin_hash: string }>(
      'select pin_hash from user_pins where user_id = $1',
      [s.user.id],
    );
    expect(stored[0]?.pin_hash).toMatch(/^\$argon2id\$/);
    expect(await hasPin(t.db, s.user.id, 'trade')).toBe(true);
    expect(await hasPin(t.db, s.user.id, 'withdraw')).toBe(false);
  });
});

describe('the login password confirming a first set', () => {
  it('is counted with the login failures of the account, and waits like login does', async () => {
    const s = await registerInvestor(t.app, 'pin-guess@example.it', 'segreta1');
    const set = (password: string) =>
      setPin(s, { type: 'trade', password, pin: '123789', confirmPin: '123789' });
    for (let i = 0; i < 5; i++) expect((await set(`sbagliata${i}`)).msg).toBe('The login password is wrong');
    expect(await set('segreta1')).toMatchObject({
      code: -1001,
      msg: 'Too many failed attempts, please try again in 1 s',
    });
    clock.advance(1_000);
    expect(await set('segreta1')).toMatchObject({ code: 0 });
  });
});

describe('verifyPin, as funding and trading call it', () => {
  it('refuses a password not set yet, naming which one', async () => {
    const s = await registerInvestor(t.app, 'pin-unset@example.it');
    expect(await refusalKey(verifyPin(t.db, s.user.id, 'trade', '123456', clock.now()))).toBe(
      'pin.notSet.trade:',
    );
    expect(await refusalKey(verifyPin(t.db, s.user.id, 'withdraw', '123456', clock.now()))).toBe(
      'pin.notSet.withdraw:',
    );
  });

  it('counts wrong attempts made inside a transaction that the refusal rolls back, and locks at the 5th', async () => {
    const s = await registerInvestor(t.app, 'pin-lock@example.it', 'segreta1');
    await setPin(s, { type: 'withdraw', password: 'segreta1', pin: '975310', confirmPin: '975310' });
    const inCall = (pin: string) =>
      refusalKey(
        t.db.tx(async (tx) => {
          // What a withdrawal does: write something, then check the pin; a refusal undoes the write.
          await tx.query("update users set nickname = 'mai' where id = $1", [s.user.id]);
          await verifyPin(tx, s.user.id, 'withdraw', pin, clock.now());
        }),
      );
    expect(await inCall('000000')).toBe('pin.wrong.withdraw:4');
    expect(await inCall('000001')).toBe('pin.wrong.withdraw:3');
    expect((await overview(s)).withdraw).toMatchObject({ attemptsLeft: 3, lockedSeconds: 0 });
    expect(await inCall('000002')).toBe('pin.wrong.withdraw:2');
    expect(await inCall('000003')).toBe('pin.wrong.withdraw:1');
    expect(await inCall('000004')).toBe('pin.locked:15');
    // Locked: even the right password is refused, with the minutes left.
    clock.advance(5 * 60_000);
    expect(await inCall('975310')).toBe('pin.locked:10');
    expect((await overview(s)).withdraw).toMatchObject({ attemptsLeft: 0, lockedSeconds: 600 });
    const nick = await t.db.query<{ nickname: string | null }>('select nickname from users where id = $1', [
      s.user.id,
    ]);
    expect(nick[0]?.nickname).toBeNull();

    // After the lock, the right password works and the count starts again.
    clock.advance(10 * 60_000);
    expect(await inCall('975310')).toBe('resolved');
    expect(await inCall('111111')).toBe('pin.wrong.withdraw:4');
    expect(await refusalKey(verifyPin(t.db, s.user.id, 'withdraw', '975310', clock.now()))).toBe('resolved');
    expect((await overview(s)).withdraw).toMatchObject({ attemptsLeft: 5, lockedSeconds: 0 });
  });

  it('attempts sent all at once are each counted: no more than 5 are ever checked', async () => {
    const s = await registerInvestor(t.app, 'pin-burst@example.it', 'segreta1');
    await setPin(s, { type: 'trade', password: 'segreta1', pin: '314159', confirmPin: '314159' });
    const guesses = Array.from({ length: 12 }, (_, i) => String(100000 + i));
    const results = await Promise.all(
      guesses.map((pin) => refusalKey(t.db.tx((tx) => verifyPin(tx, s.user.id, 'trade', pin, clock.now())))),
    );
    expect(results.filter((r) => r.startsWith('pin.wrong.trade')).sort()).toEqual([
      'pin.wrong.trade:1',
      'pin.wrong.trade:2',
      'pin.wrong.trade:3',
      'pin.wrong.trade:4',
    ]);
    expect(results.filter((r) => r === 'pin.locked:15')).toHaveLength(8);
    expect(await refusalKey(verifyPin(t.db, s.user.id, 'trade', '314159', clock.now()))).toMatch(
      /^pin\.locked:/,
    );
    expect((await overview(s)).trade).toMatchObject({ attemptsLeft: 0, lockedSeconds: 900 });
  });

  it('messages name the password in both languages', async () => {
    const s = await registerInvestor(t.app, 'pin-msg@example.it', 'segreta1');
    await setPin(s, { type: 'trade', password: 'segreta1', pin: '864209', confirmPin: '864209' });
    expect(
      await changePin(s, { type: 'trade', oldPin: '000000', pin: '123456', confirmPin: '123456' }),
    ).toMatchObject({ code: -1001, msg: 'Wrong transaction password, please reenter (4 attempts left)' });
    expect(
      await changePin(s, { type: 'trade', oldPin: '000000', pin: '123456', confirmPin: '123456' }, 'it-IT'),
    ).toMatchObject({
      code: -1001,
      msg: 'Password di transazione errata, reinseriscila (3 tentativi rimasti)',
    });
  });
});

describe('changing a 6-digit password', () => {
  it('with the current one: a wrong one is counted, the right one changes it', async () => {
    const s = await registerInvestor(t.app, 'pin-change@example.it', 'segreta1');
    await setPin(s, { type: 'trade', password: 'segreta1', pin: '102030', confirmPin: '102030' });
    expect(await changePin(s, { type: 'trade', pin: '405060', confirmPin: '405060' })).toMatchObject({
      code: -1001,
      msg: 'Enter the current password or a security code',
    });
    expect(
      await changePin(s, { type: 'trade', oldPin: '102030', pin: '405060', confirmPin: '405061' }),
    ).toMatchObject({ code: -1001, msg: 'The passwords do not match' });
    expect(
      await changePin(s, { type: 'trade', oldPin: '102030', pin: '102030', confirmPin: '102030' }),
    ).toMatchObject({ code: -1001, msg: 'The new password must differ from the current one' });
    expect(
      await changePin(s, { type: 'trade', oldPin: '102030', pin: '405060', confirmPin: '405060' }),
    ).toMatchObject({ code: 0 });
    expect(await refusalKey(verifyPin(t.db, s.user.id, 'trade', '102030', clock.now()))).toBe(
      'pin.wrong.trade:4',
    );
    expect(await refusalKey(verifyPin(t.db, s.user.id, 'trade', '405060', clock.now()))).toBe('resolved');
  });

  it('with a security code sent to the account, which also lifts a lock; a wrong code changes nothing', async () => {
    const s = await registerInvestor(t.app, 'pin-code@example.it', 'segreta1');
    await setPin(s, { type: 'withdraw', password: 'segreta1', pin: '192837', confirmPin: '192837' });
    for (let i = 0; i < 5; i++)
      await verifyPin(t.db, s.user.id, 'withdraw', '000000', clock.now()).catch(() => {});
    expect((await overview(s)).withdraw.lockedSeconds).toBe(900);

    expect(await call(t.app, 'POST', '/user/security/code/send', {}, { token: s.token })).toMatchObject({
      code: 0,
    });
    const code = await codeFromOutbox(t.app, 'pin-code@example.it', 'security');
    const wrong = code === '000000' ? '000001' : '000000';
    expect(
      await changePin(s, { type: 'withdraw', code: wrong, pin: '564738', confirmPin: '564738' }),
    ).toMatchObject({
      code: -1001,
      msg: 'Security code error',
    });
    expect((await overview(s)).withdraw.lockedSeconds).toBe(900);
    expect(await changePin(s, { type: 'withdraw', code, pin: '564738', confirmPin: '564738' })).toMatchObject(
      {
        code: 0,
      },
    );
    expect((await overview(s)).withdraw).toMatchObject({ set: true, attemptsLeft: 5, lockedSeconds: 0 });
    expect(await refusalKey(verifyPin(t.db, s.user.id, 'withdraw', '564738', clock.now()))).toBe('resolved');
    // The code is used up.
    expect(await changePin(s, { type: 'withdraw', code, pin: '111222', confirmPin: '111222' })).toMatchObject(
      {
        code: -1001,
      },
    );
  });

  it('refuses to change a password that was never set', async () => {
    const s = await registerInvestor(t.app, 'pin-nochange@example.it');
    expect(
      await changePin(s, { type: 'trade', oldPin: '123456', pin: '654321', confirmPin: '654321' }),
    ).toMatchObject({ code: -1001, msg: 'Please set a transaction password first' });
  });
});
