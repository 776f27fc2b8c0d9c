import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { readAccountState } from '../src/modules/stock-contract/contract-views';
import {
  type ContractApp,
  contractCall,
  createContractApp,
  eth3300,
  fundContract,
  setAppropriateness,
  usdtOf,
} from './coin-contract-steps';
import { contractTrader } from './contract-steps';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { eniBook, mondayInSession, newTrader, userBalance } from './trading-steps';

/*
 * A transfer out of the contract account racing an opening that needs the same money (decision 021). The
 * free-margin check of a stock contract account runs inside the transfer's transaction with the account row
 * locked, as the opening's does, so on PostgreSQL (DATABASE_URL) the two are served one after the other and
 * the account never ends holding less than its positions require. Perpetuals keep their margin in `frozen`,
 * so a USDT transfer can only take what the contract account still has. ENI.MI: asks 60 at 14.230, 30 at
 * 14.232, 500 at 14.236, last 14.240; ETHUSDT asks 3,300.00, bids 3,299.00.
 */

let t: ContractApp;
beforeAll(async () => {
  t = await createContractApp();
  t.clock.ms = mondayInSession;
  t.books.set('ENI.MI', eniBook);
});
afterAll(async () => {
  await t?.close();
});

describe('a stock contract opening racing a transfer out of its account', () => {
  it('one of the two goes through; the account always covers the margin its positions require', async () => {
    // €1,000.00 each. 100 ENI.MI at 5:1 fill at 1,423.12: margin 284.63, fee 2.95. Moving €900.00 out
    // leaves 100.00, too little for the opening; after the opening only 713.30 is free, too little to move.
    const traders = await Promise.all(Array.from({ length: 6 }, () => contractTrader(t, 100_000n)));
    const outcomes = await Promise.all(
      traders.map(async (who) => {
        const [opened, moved] = await Promise.all([
          call(
            t.app,
            'POST',
            '/stock/contract/open',
            { symbol: 'ENI.MI', side: 'long', leverage: 5, quantity: '100', requestId: newRequestId() },
            { token: who.token },
          ),
          call(
            t.app,
            'GET',
            '/user/transfer',
            { from: 'contract', to: 'spot', asset: 'EUR', amount: '900.00', requestId: newRequestId() },
            { token: who.token },
          ),
        ]);
        return { who, opened, moved };
      }),
    );

    for (const { who, opened, moved } of outcomes) {
      const through = [opened.code, moved.code].filter((c) => c === 0).length;
      expect(through, `${opened.msg} / ${moved.msg}`).toBe(1);
      const state = await readAccountState(t.db, t.app.services, who.id, 'EUR', t.clock.ms);
      expect(state.required <= state.balance).toBe(true);
      if (opened.code === 0) {
        expect(moved.msg).toBe(
          'Your open contracts hold this margin: at most 713.30 can be moved out of the contract account.',
        );
        expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(99_705n); // 1,000.00 − 2.95
        expect(state.required).toBe(28_463n);
      } else {
        expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(10_000n);
        expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(90_000n);
        expect(state.required).toBe(0n);
      }
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a perpetual opening racing a USDT transfer out of the contract account', () => {
  it('one of the two goes through and neither account goes below zero', async () => {
    eth3300(t);
    // 2,000 USDT each. 1,500 margin at 2:1 buys 0.9090 ETH at 3,300.00 = 2,999.70, fee 1.49985; moving
    // 1,000 out first leaves too little for margin and fee, opening first leaves 498.50015.
    const users = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await newTrader(t, 0n);
        await setAppropriateness(t, user.id, 'fit');
        await fundContract(t, user, 2_000_000_000n);
        return user;
      }),
    );
    const outcomes = await Promise.all(
      users.map(async (user) => {
        const [opened, moved] = await Promise.all([
          contractCall(t, '/add', user.token, {
            symbol: 'ETHUSDT',
            side: 'long',
            margin: '1500',
            leverage: 2,
          }),
          call(
            t.app,
            'POST',
            '/coin/transfer',
            { from: 'contract', to: 'spot', asset: 'USDT', amount: '1000', requestId: newRequestId() },
            { token: user.token },
          ),
        ]);
        return { user, opened, moved };
      }),
    );
    for (const { user, opened, moved } of outcomes) {
      const through = [opened.code, moved.code].filter((c) => c === 0).length;
      expect(through, `${opened.msg} / ${moved.msg}`).toBe(1);
      if (opened.code === 0) {
        expect(await usdtOf(t, user.id, 'contract')).toBe(498_500_150n);
        expect(await usdtOf(t, user.id, 'frozen')).toBe(1_500_000_000n);
      } else {
        expect(await usdtOf(t, user.id, 'contract')).toBe(1_000_000_000n);
        expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
        expect(await usdtOf(t, user.id, 'spot')).toBe(1_000_000_000n);
      }
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
