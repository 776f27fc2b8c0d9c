import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { type OptionExpiryJob, optionExpiryJobOf } from '../src/modules/options/routes';
import { buyOption, closeOption, newOptionTrader } from './options-steps';
import { createTradingApp, eniBook, type TradingApp, userBalance } from './trading-steps';

/*
 * Options under concurrent requests (the proof is on PostgreSQL, where requests really overlap; PGlite runs
 * them one after another): ENI.MI at 14.240 on Monday 23 November 2026, 10:30 in Milan, where two December
 * 14.000 call contracts cost 94.39 (apps/server/test/options.test.ts).
 */

const december = Date.UTC(2026, 11, 18, 16, 30);
const decemberCall = { symbol: 'ENI.MI', right: 'call', strike: '14.000', expiresAt: december, contracts: 2 };

let t: TradingApp;
let job: OptionExpiryJob;
beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
  job = optionExpiryJobOf(t.app.services) as OptionExpiryJob;
});
afterAll(async () => {
  await t?.close();
});

describe('concurrent option requests', () => {
  it('five purchases of 94.39 against 200.00 buy exactly two', async () => {
    const who = await newOptionTrader(t, 20_000n);
    const answers = await Promise.all(Array.from({ length: 5 }, () => buyOption(t, who.token, decemberCall)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.msg === 'Insufficient balance')).toHaveLength(3);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(1_122n); // 200.00 − 2 × 94.39
  });

  it('two closes of one option pay it once', async () => {
    const who = await newOptionTrader(t, 20_000n);
    const bought = await buyOption(t, who.token, decemberCall);
    expect(bought.code, bought.msg).toBe(0);
    const answers = await Promise.all([
      closeOption(t, who.token, bought.data.id),
      closeOption(t, who.token, bought.data.id),
    ]);
    expect(answers.map((a) => a.msg).sort()).toEqual(['Success', 'This option is no longer held.']);
    // Closed at once at the same mark: 2 × 100 × 0.47193 rounded down is 94.38, a cent under the premium.
    expect(answers.find((a) => a.code === 0)?.data.closeValue).toBe('94.38');
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(19_999n);
  });

  it('two expiry steps at once settle each option once', async () => {
    t.books.set('ENI.MI', { ...eniBook, last: 15_000n });
    t.clock.ms = december + 60_000;
    const [a, b] = await Promise.all([job.step(), job.step()]);
    // The two from the first test, each paying (15.000 − 14.000) × 200 = 200.00.
    expect(a + b).toBe(2);
    expect(await job.step()).toBe(0);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
