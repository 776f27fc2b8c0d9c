import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import {
  type ContractApp,
  contractCall,
  createContractApp,
  fundContract,
  setAppropriateness,
  setEth,
} from './coin-contract-steps';
import { newTrader } from './trading-steps';

/*
 * Random price paths, gaps included, under longs and shorts of random margins, limit openings that fill or
 * are cancelled, with margin added and closes along the way: no user account ever goes below zero (negative-balance protection takes what a gap costs
 * beyond a margin) and the ledger verifier, the coin contract checks included, stays clean.
 */

let t: ContractApp;
beforeAll(async () => {
  t = await createContractApp();
});
afterAll(async () => {
  await t.close();
});

const action = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    trader: fc.nat(2),
    side: fc.constantFrom('long' as const, 'short' as const),
    marginUsdt: fc.integer({ min: 10, max: 900 }),
    leverage: fc.constantFrom(1, 2),
  }),
  // A limit opening 1–10 % away from the last price, on the side where it rests.
  fc.record({
    kind: fc.constant('limit' as const),
    trader: fc.nat(2),
    side: fc.constantFrom('long' as const, 'short' as const),
    marginUsdt: fc.integer({ min: 10, max: 600 }),
    awayPercent: fc.integer({ min: 1, max: 10 }),
  }),
  // The next last price as a factor of the current one, in thousandths: a drift or a gap either way.
  fc.record({ kind: fc.constant('move' as const), factor: fc.integer({ min: 300, max: 1900 }) }),
  fc.record({
    kind: fc.constant('addMargin' as const),
    trader: fc.nat(2),
    usdt: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({ kind: fc.constant('close' as const), trader: fc.nat(2) }),
);

async function negativeUserAccounts(): Promise<number> {
  const [row] = await t.db.query<{ n: bigint }>(
    `select count(*) as n from accounts where owner_type = 'user' and balance < 0`,
  );
  return Number(row?.n ?? 0n);
}

describe('perpetual contracts under random price paths', () => {
  it('never leave an account below zero and keep the ledger verify clean', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (actions) => {
        const traders = [];
        for (let i = 0; i < 3; i++) {
          const user = await newTrader(t, 0n);
          await setAppropriateness(t, user.id, 'fit');
          await fundContract(t, user, 1_500_000_000n);
          traders.push(user);
        }
        let price = 330_000n;
        setEth(t, price);
        for (const a of actions) {
          if (a.kind === 'move') {
            price = (price * BigInt(a.factor)) / 1000n;
            if (price < 100n) price = 100n;
            setEth(t, price);
            await t.liquidations.step();
          } else {
            const trader = traders[a.trader] as { token: string };
            const active = await contractCall<{ list: { id: number }[] }>(
              t,
              '/list/active',
              trader.token,
              {},
              { money: false },
            );
            const last = active.data.list[0];
            if (a.kind === 'open') {
              await contractCall(t, '/add', trader.token, {
                symbol: 'ETHUSDT',
                side: a.side,
                margin: String(a.marginUsdt),
                leverage: a.leverage,
              });
            } else if (a.kind === 'limit') {
              const away = (price * BigInt(a.awayPercent)) / 100n;
              const limit = a.side === 'long' ? price - away : price + away;
              await contractCall(t, '/add', trader.token, {
                symbol: 'ETHUSDT',
                side: a.side,
                type: 'limit',
                price: (Number(limit) / 100).toFixed(2),
                margin: String(a.marginUsdt),
                leverage: 2,
              });
            } else if (a.kind === 'addMargin' && last) {
              await contractCall(t, '/add/mgn', trader.token, { id: last.id, amount: String(a.usdt) });
            } else if (a.kind === 'close' && last) {
              await contractCall(t, '/close', trader.token, { id: last.id });
            }
          }
          expect(await negativeUserAccounts()).toBe(0);
        }
        for (const trader of traders) await contractCall(t, '/liquidate/all', trader.token, {});
        expect(await verifyLedger(t.db)).toEqual([]);
      }),
      { numRuns: 12, seed: 20261121 },
    );
    // The paths did gap through liquidation prices: negative-balance protection was exercised, not assumed.
    const [nbp] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from journal_entries where bill_type = 'negative_balance_protection'`,
    );
    expect(nbp?.n).toBeGreaterThan(0n);
    // And limit openings did fill (then closed) as well as get cancelled.
    const limits = await t.db.query<{ state: string; n: bigint }>(
      `select state, count(*) as n from coin_contract_positions where type = 'limit' group by state order by state`,
    );
    const states = limits.map((r) => r.state);
    expect(states).toContain('cancelled');
    expect(states.some((s) => s === 'closed' || s === 'system_close')).toBe(true);
  });
});
