import type { ContractView } from '@piazza/contract/calls/stock-contract-shapes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import type { ContractEngine } from '../src/modules/stock-contract/contract-engine';
import { readAccountState } from '../src/modules/stock-contract/contract-views';
import { contractEngineOf } from '../src/modules/stock-contract/routes';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { createTradingApp, newTrader, type TradingApp } from './trading-steps';

/*
 * Random price paths on two shares (drifts and gaps either way) under longs and shorts of random sizes and
 * leverages, with margin added, take profits and stop losses, transfers back to spot and closes along the
 * way. After every engine step no account with open positions is left at or below half its required
 * margin, no user account is ever below zero (a gap beyond an account is absorbed by the platform), and at
 * the end the ledger verifier, the stock contract checks included, is clean.
 */

let t: TradingApp;
let engine: ContractEngine;
beforeAll(async () => {
  t = await createTradingApp();
  engine = contractEngineOf(t.app.services) as ContractEngine;
});
afterAll(async () => {
  await t?.close();
});

const symbols = ['ENI.MI', 'LOTS.MI'] as const;

/** A book one tick either side of `last` (tick 0.002), deep enough for any order here. */
function setPrice(symbol: string, last: bigint) {
  t.books.set(symbol, {
    last,
    bids: [{ price: last - 2n, quantity: 100_000n }],
    asks: [{ price: last + 2n, quantity: 100_000n }],
  });
}

const action = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    trader: fc.nat(2),
    symbol: fc.nat(1),
    side: fc.constantFrom('long' as const, 'short' as const),
    tens: fc.integer({ min: 1, max: 40 }),
    leverage: fc.constantFrom(1, 2, 5),
    trigger: fc.constantFrom('none' as const, 'tp' as const, 'sl' as const),
  }),
  // The next last price of one share as a factor of the current one, in thousandths: a drift or a gap.
  fc.record({
    kind: fc.constant('move' as const),
    symbol: fc.nat(1),
    factor: fc.integer({ min: 400, max: 1600 }),
  }),
  fc.record({
    kind: fc.constant('addMargin' as const),
    trader: fc.nat(2),
    euros: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    trader: fc.nat(2),
    euros: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({ kind: fc.constant('close' as const), trader: fc.nat(2) }),
);

async function settle() {
  await new Promise((resolve) => setImmediate(resolve));
  await engine.idle();
}

describe('stock contracts under random price paths', () => {
  it('keep every account above close-out after a step, none below zero, and the ledger clean', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 16 }), async (actions) => {
        const prices = new Map<string, bigint>([
          ['ENI.MI', 14_240n],
          ['LOTS.MI', 8_000n],
        ]);
        for (const [symbol, price] of prices) setPrice(symbol, price);
        const traders: { token: string; id: number }[] = [];
        for (let i = 0; i < 3; i++) {
          const who = await newTrader(t, 500_000n); // €5,000.00 in spot
          await call(
            t.app,
            'POST',
            '/user/appropriateness',
            {
              purpose: 'investing',
              fundSource: 'salary',
              incomeRange: '50k_100k',
              assetRange: '50k_250k',
              experience: 'informed',
              riskPreference: 'high',
              objective: 'growth',
            },
            { token: who.token },
          );
          await call(
            t.app,
            'GET',
            '/user/transfer',
            { from: 'spot', to: 'contract', asset: 'EUR', amount: '1000', requestId: newRequestId() },
            { token: who.token },
          );
          traders.push(who);
        }
        for (const a of actions) {
          if (a.kind === 'move') {
            const symbol = symbols[a.symbol] as string;
            let price = ((prices.get(symbol) as bigint) * BigInt(a.factor)) / 1000n;
            price -= price % 2n;
            if (price < 100n) price = 100n;
            prices.set(symbol, price);
            setPrice(symbol, price);
            await engine.step();
            await settle();
            for (const who of traders) {
              const state = await readAccountState(t.db, t.app.services, who.id, 'EUR', t.clock.now());
              expect(state.closeOut, `account of user ${who.id} left at close-out`).toBe(false);
            }
          } else {
            const who = traders[a.trader] as { token: string; id: number };
            if (a.kind === 'open') {
              const symbol = symbols[a.symbol] as string;
              const price = prices.get(symbol) as bigint;
              const up = (Number(price + price / 10n) / 1000).toFixed(3);
              const down = (Number(price - price / 10n) / 1000).toFixed(3);
              const [tp, sl] = a.side === 'long' ? [up, down] : [down, up];
              await call(
                t.app,
                'POST',
                '/stock/contract/open',
                {
                  symbol,
                  side: a.side,
                  quantity: String(a.tens * 10),
                  leverage: a.leverage,
                  ...(a.trigger === 'tp' ? { takeProfit: tp } : a.trigger === 'sl' ? { stopLoss: sl } : {}),
                  requestId: newRequestId(),
                },
                { token: who.token },
              );
            } else if (a.kind === 'withdraw') {
              await call(
                t.app,
                'GET',
                '/user/transfer',
                {
                  from: 'contract',
                  to: 'spot',
                  asset: 'EUR',
                  amount: String(a.euros),
                  requestId: newRequestId(),
                },
                { token: who.token },
              );
            } else {
              const open = await call<{ list: ContractView[] }>(
                t.app,
                'GET',
                '/stock/contract/list',
                { state: 'open' },
                { token: who.token },
              );
              const last = open.data.list[0];
              if (last && a.kind === 'addMargin') {
                await call(
                  t.app,
                  'POST',
                  '/stock/contract/add/mgn',
                  { id: last.id, amount: String(a.euros), requestId: newRequestId() },
                  { token: who.token },
                );
              } else if (last && a.kind === 'close') {
                await call(
                  t.app,
                  'POST',
                  '/stock/contract/close',
                  { id: last.id, requestId: newRequestId() },
                  { token: who.token },
                );
              }
            }
            await settle();
          }
          const [negative] = await t.db.query<{ n: bigint }>(
            `select count(*) as n from accounts where owner_type = 'user' and balance < 0`,
          );
          expect(Number(negative?.n ?? 0n)).toBe(0);
        }
        expect(await verifyLedger(t.db)).toEqual([]);
      }),
      { numRuns: 20, seed: 20261121 },
    );
    // The paths did reach close-outs, triggers and gaps beyond an account: the rules were exercised.
    const reasons = await t.db.query<{ reason: string }>(
      `select distinct close_reason as reason from stock_contracts where state = 'closed' order by 1`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['close_out', 'stop_loss', 'take_profit', 'user']);
    const [nbp] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from journal_entries where bill_type = 'negative_balance_protection'`,
    );
    expect(nbp?.n).toBeGreaterThan(0n);
  });
});
