import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, type Investor, newApplicant, requestId } from './investor-steps';
import {
  closeAt,
  createRobot,
  minute,
  orderDetails,
  scriptedMarket,
  sessionOn,
  subscribe,
  tradeAt,
} from './robot-steps';

/*
 * Several investors in one book (issue 13): each buys at the NAV of the moment, every close books each
 * order's units × NAV, and for random price paths, subscriptions, additions and exits the ledger stays clean:
 * claims add up to the book, every order's money matches its entries.
 */

const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const rising = Array.from({ length: 80 }, (_, k) => 10 + k / 100);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const exit = (who: Investor, id: number) =>
  call(
    (t as TestApp).app,
    'POST',
    '/stock/ai/order/exit',
    { id, requestId: requestId() },
    { token: who.token },
  );

describe('two investors in one book', () => {
  it('buy at different NAVs, each holding units × NAV; an early exit is paid at the next close', async () => {
    const clock = new TestClock(sessionOn(week[0] as string).open + 5 * minute);
    const prices = { 'ENI.MI': [...rising, 11, 12.1, 12.1, 12.1, 12.1] };
    t = await createTestApp({ clock, market: scriptedMarket(clock, prices, week[4] as string) });
    const robot = await createRobot(t, { periodDays: 30, lockDays: 1, managementFeePercent: '0' });
    const anna = await newApplicant(t, 2_000_000n);
    const bruno = await newApplicant(t, 2_000_000n);

    const first = await subscribe(t, anna, robot.id, '10000.00');
    expect(first.data.units).toBe('10000.000000');
    await tradeAt(t, clock, week[0] as string);
    await closeAt(t, clock, week[0] as string);

    // Tuesday 09:40, before the book trades: 902 shares at 12.100 and €59.15 cash are €10,973.35 for 10,000
    // units, NAV 1.097335; Bruno's €5,000.00 buys 4,556.493686 units of it.
    clock.ms = sessionOn(week[1] as string).open + 20 * minute;
    const second = await subscribe(t, bruno, robot.id, '5000.00');
    expect(second.code, second.msg).toBe(0);
    expect(second.data.units).toBe('4556.493686');
    expect(second.data.value).toBe('4999.99');
    await closeAt(t, clock, week[1] as string);
    const a = await orderDetails(t, anna, first.data.id);
    const b = await orderDetails(t, bruno, second.data.id);
    expect(a.record[0]).toMatchObject({ day: '2026-11-17', nav: '1.09733500', value: '10973.35' });
    expect(b.record[0]).toMatchObject({
      day: '2026-11-17',
      nav: '1.09733500',
      value: '4999.99',
      amount: '0.00',
    });

    // Wednesday, after her day of lock-in, Anna leaves; the book sells for her at Thursday's open and pays her
    // at Thursday's close.
    clock.ms = sessionOn(week[2] as string).open + 60 * minute;
    const asked = await exit(anna, first.data.id);
    expect(asked.data).toMatchObject({ state: 'redeeming', redeemReason: 'exit', canExit: false });
    await closeAt(t, clock, week[2] as string);
    await tradeAt(t, clock, week[3] as string);
    await closeAt(t, clock, week[3] as string);
    const paid = await orderDetails(t, anna, first.data.id);
    expect(paid.order.state).toBe('returned');
    expect(await balance(t, anna.id, 'spot')).toBe(
      1_000_000n + BigInt(paid.order.returned?.replace('.', '') ?? 0),
    );
    expect(await balance(t, anna.id, 'robot')).toBe(0n);
    expect((await orderDetails(t, bruno, second.data.id)).order.state).toBe('active');
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

const action = fc.record({
  who: fc.integer({ min: 0, max: 2 }),
  kind: fc.constantFrom('buy', 'add', 'exit'),
  amount: fc.integer({ min: 100, max: 4_000 }),
});

describe('a book through random prices and random investors', () => {
  it('keeps units × NAV equal to the book and the ledger clean', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 900, max: 1_100 }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.array(action, { maxLength: 3 }), { minLength: 5, maxLength: 5 }),
        async (moves, days) => {
          const clock = new TestClock(sessionOn(week[0] as string).open + 5 * minute);
          let price = 11;
          const path = moves.map((m) => {
            price = Math.round(price * m) / 1000;
            return price;
          });
          t = await createTestApp({
            clock,
            market: scriptedMarket(clock, { 'ENI.MI': [...rising, ...path] }, week[4] as string),
          });
          try {
            const robot = await createRobot(t, { periodDays: 3, lockDays: 1 });
            const people = [
              await newApplicant(t, 2_000_000n),
              await newApplicant(t, 2_000_000n),
              await newApplicant(t, 2_000_000n),
            ];
            const orders = new Map<number, number>();
            for (const [i, iso] of week.entries()) {
              clock.ms = sessionOn(iso).open + 10 * minute;
              for (const act of days[i] ?? []) {
                const who = people[act.who] as Investor;
                const mine = orders.get(act.who);
                if (act.kind === 'buy' || mine === undefined) {
                  const res = await subscribe(t, who, robot.id, `${act.amount}.00`);
                  if (res.code === 0) orders.set(act.who, res.data.id);
                } else if (act.kind === 'add') {
                  await call(
                    t.app,
                    'POST',
                    '/stock/ai/order/add/amount',
                    { id: mine, amount: `${act.amount}.00`, requestId: requestId() },
                    { token: who.token },
                  );
                } else {
                  await exit(who, mine);
                }
              }
              await tradeAt(t, clock, iso);
              await closeAt(t, clock, iso);
            }
            expect(await verifyLedger(t.db)).toEqual([]);
          } finally {
            await t.close();
            t = undefined;
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});
