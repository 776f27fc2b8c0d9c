import type { PositionView } from '@piazza/contract/calls/coin-contract-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { createLiquidationEngine } from '../src/modules/coin-contract/liquidation-engine';
import {
  billsOf,
  type ContractApp,
  contractCall,
  createContractApp,
  eth3300,
  fundContract,
  openLong,
  platformUsdt,
  setAppropriateness,
  setEth,
  usdtOf,
} from './coin-contract-steps';
import { newTrader } from './trading-steps';

/*
 * Perpetual contracts on ETHUSDT, one scenario per test with the numbers written out. The investor moves
 * 2,000 USDT to the contract account and opens 2:1 with 1,000 USDT of margin; the fee is 0.05% of each
 * trade's value, the maintenance margin 0.50%. A gain is taxed in euros at EUR/USD 1.10, USDT counting as one
 * dollar (decision 065): proceeds and fees converted to the cent, 26 %, paid in USDT at the same rate.
 */

let t: ContractApp;
beforeAll(async () => {
  t = await createContractApp();
  t.books.set('EURUSD.FX', { last: 110_000n, bids: [], asks: [] });
});
afterAll(async () => {
  await t.close();
});

async function investor() {
  const user = await newTrader(t, 0n);
  await setAppropriateness(t, user.id, 'fit');
  await fundContract(t, user, 2_000_000_000n);
  return user;
}

describe('perpetual contracts', () => {
  it('offers 1:1 and 2:1 on a coin, with the rates and the verdict', async () => {
    const user = await investor();
    eth3300(t);
    const res = await contractCall<Record<string, unknown>>(
      t,
      '/order/multiple',
      user.token,
      { symbol: 'ethusdt' },
      { money: false },
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      symbol: 'ETHUSDT',
      leverageMax: 2,
      choices: [1, 2],
      maintenanceRateBp: 50,
      feeRateBp: 5,
      marginMin: '10.000000',
      available: '2000.000000',
      lastPrice: '3300.00',
      appropriateness: 'fit',
    });
  });

  it('a 2:1 long: margin frozen, fee paid, liquidation price; closed higher with the profit returned', async () => {
    const user = await investor();
    eth3300(t);
    // 1,000 USDT at 2:1 buys 0.6060 ETH at 3,300.00: 1,999.80 USDT of exposure, a fee of 0.9999 USDT.
    const opened = await openLong(t, user.token);
    expect(opened.code).toBe(0);
    expect(opened.data).toMatchObject({
      side: 'long',
      leverage: 2,
      state: 'position',
      quantity: '0.6060',
      entryPrice: '3300.00',
      entryNotional: '1999.800000',
      margin: '1000.000000',
      openFee: '0.999900',
      // (1,999.80 − 1,000) ÷ (0.6060 × (1 − 0.50% − 0.05%)) = 1,658.95…
      liquidationPrice: '1658.95',
      markPrice: '3300.00',
      unrealisedPnl: '0.000000',
    });
    expect(await usdtOf(t, user.id, 'contract')).toBe(999_000_100n);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(1_000_000_000n);

    // ETH at 3,400.00, bid 3,399.00: the long sells 0.6060 at 3,399.00 = 2,059.794 USDT.
    setEth(t, 340_000n, 339_900n, 340_000n);
    const live = await contractCall<{ list: PositionView[] }>(
      t,
      '/list/active',
      user.token,
      {},
      { money: false },
    );
    expect(live.data.list[0]).toMatchObject({ markPrice: '3400.00', unrealisedPnl: '60.600000' });

    const closed = await contractCall(t, '/close', user.token, { id: opened.data.id });
    expect(closed.code).toBe(0);
    // P&L 2,059.794 − 1,999.80 = 59.994; fee 0.05% of 2,059.794 = 1.029897; back 1,000 + 59.994 − 1.029897.
    expect(closed.data).toMatchObject({
      state: 'closed',
      closeReason: 'user',
      exitPrice: '3399.00',
      realisedPnl: '59.994000',
      closeFee: '1.029897',
      returned: '1058.964103',
      absorbed: '0.000000',
      liquidationPrice: null,
      margin: '1000.000000',
    });
    // 2,057.964203 less the tax in euros: 59.994 ÷ 1.10 = €54.54, fees (1.029897 + 0.9999) ÷ 1.10 = 1.84527… →
    // €1.85; gain €52.69, 26 % = 13.6994 → €13.70, paid with 13.70 × 1.10 = 15.07 USDT.
    expect(await usdtOf(t, user.id, 'contract')).toBe(2_042_894_203n);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
    expect(await billsOf(t, user.id)).toEqual([
      'platform_reward',
      'transfer',
      'contract_open',
      'trade_fee',
      'contract_close',
      'trade_fee',
      'tax_gains',
    ]);

    const again = await contractCall(t, '/close', user.token, { id: opened.data.id });
    expect(again).toMatchObject({ code: -1001, msg: 'This position is already closed.' });
    expect(await usdtOf(t, user.id, 'contract')).toBe(2_042_894_203n);
  });

  it('a 2:1 short gains as the price falls, and its liquidation price is above the entry', async () => {
    const user = await investor();
    eth3300(t);
    // Sells into the bid at 3,299.00: 1,000 × 2 ÷ 3,299.00 = 0.6062 ETH, 1,999.8538 USDT of exposure.
    const opened = await contractCall(t, '/add', user.token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '1000',
      leverage: 2,
    });
    expect(opened.data).toMatchObject({
      quantity: '0.6062',
      entryPrice: '3299.00',
      openFee: '0.999926',
      liquidationPrice: '4921.56',
    });
    // Buys back at the ask, 3,200.00: 1,939.84 USDT; P&L 1,999.8538 − 1,939.84 = 60.0138, fee 0.96992.
    setEth(t, 319_900n, 319_900n, 320_000n);
    const closed = await contractCall(t, '/liquidate', user.token, { id: opened.data.id });
    expect(closed.data).toMatchObject({
      state: 'closed',
      exitPrice: '3200.00',
      realisedPnl: '60.013800',
      closeFee: '0.969920',
      returned: '1059.043880',
    });
    // 2,000 − 1,000 − 0.999926 + 1,059.04388, less the tax in euros: 60.0138 ÷ 1.10 = 54.558… → €54.56, fees
    // (0.96992 + 0.999926) ÷ 1.10 = 1.79076… → €1.79; gain €52.77, 26 % = 13.7202 → €13.72, paid with
    // 13.72 × 1.10 = 15.092 USDT (decision 065).
    expect(await usdtOf(t, user.id, 'contract')).toBe(2_042_951_954n);
  });

  it('the engine liquidates a long when the last price reaches 1,658.95, and not a cent before', async () => {
    const user = await investor();
    eth3300(t);
    const opened = await openLong(t, user.token);
    expect(opened.data.liquidationPrice).toBe('1658.95');

    setEth(t, 165_896n);
    expect(await t.liquidations.step()).toBe(0);
    setEth(t, 165_895n);
    expect(await t.liquidations.step()).toBe(1);

    const query = await contractCall(t, '/query', user.token, { id: opened.data.id }, { money: false });
    // Sold at 1,658.95: 1,005.3237 USDT; P&L −994.4763; fee 0.502661; what is left returns: 5.021039.
    expect(query.data).toMatchObject({
      state: 'system_close',
      closeReason: 'liquidation',
      exitPrice: '1658.95',
      realisedPnl: '-994.476300',
      closeFee: '0.502661',
      returned: '5.021039',
      absorbed: '0.000000',
    });
    expect(await usdtOf(t, user.id, 'contract')).toBe(999_000_100n + 5_021_039n);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
    expect((await billsOf(t, user.id)).slice(-2)).toEqual(['contract_liquidation', 'trade_fee']);
    expect(t.liquidations.index.has(`${opened.data.id}:liquidation`)).toBe(false);
  });

  it('a gap through the liquidation price: the loss beyond the margin is absorbed, never taken from the account', async () => {
    const user = await investor();
    eth3300(t);
    const opened = await openLong(t, user.token);
    const absorbedBefore = await platformUsdt(t, 'negative-balance-protection');

    // ETH gaps to 1,000.00: 0.6060 sold for 606 USDT, a loss of 1,393.80 on 1,000 of margin.
    setEth(t, 100_000n);
    expect(await t.liquidations.step()).toBe(1);
    const query = await contractCall(t, '/query', user.token, { id: opened.data.id }, { money: false });
    expect(query.data).toMatchObject({
      state: 'system_close',
      realisedPnl: '-1393.800000',
      closeFee: '0.000000',
      returned: '0.000000',
      absorbed: '393.800000',
    });
    // The 999.0001 USDT outside the position is untouched.
    expect(await usdtOf(t, user.id, 'contract')).toBe(999_000_100n);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
    expect((await platformUsdt(t, 'negative-balance-protection')) - absorbedBefore).toBe(-393_800_000n);
    expect((await billsOf(t, user.id)).slice(-1)).toEqual(['contract_liquidation']);
    const [nbp] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from journal_entries where bill_type = 'negative_balance_protection' and ref_id = $1`,
      [String(opened.data.id)],
    );
    expect(nbp?.n).toBe(1n);
  });

  it('added margin moves the liquidation price from 1,658.95 to 829.31', async () => {
    const user = await investor();
    eth3300(t);
    const opened = await openLong(t, user.token);
    const added = await contractCall(t, '/add/mgn', user.token, { id: opened.data.id, amount: '500' });
    expect(added.data).toMatchObject({ margin: '1500.000000', liquidationPrice: '829.31' });
    expect(await usdtOf(t, user.id, 'contract')).toBe(499_000_100n);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(1_500_000_000n);
    // The old level no longer liquidates it.
    setEth(t, 165_895n);
    expect(await t.liquidations.step()).toBe(0);
    expect(t.liquidations.index.get(`${opened.data.id}:liquidation`)?.level).toBe(82_931n);
    setEth(t, 330_000n);
    await contractCall(t, '/close', user.token, { id: opened.data.id });
  });

  it('take profit and stop loss close at market when reached; one at the wrong side is refused', async () => {
    const user = await investor();
    eth3300(t);
    const opened = await openLong(t, user.token, { takeProfit: '3500.00', stopLoss: '3000.00' });
    expect(opened.data).toMatchObject({ takeProfit: '3500.00', stopLoss: '3000.00' });
    const wrong = await contractCall(
      t,
      '/set/profit',
      user.token,
      { id: opened.data.id, price: '3200' },
      { money: false },
    );
    expect(wrong).toMatchObject({
      code: -1001,
      msg: 'The take profit must be above the last price (a limit order: its limit) for a long, below it for a short.',
    });
    const moved = await contractCall(
      t,
      '/set/loss',
      user.token,
      { id: opened.data.id, price: '3100.00' },
      { money: false },
    );
    expect(moved.data.stopLoss).toBe('3100.00');
    setEth(t, 310_001n);
    expect(await t.liquidations.step()).toBe(0);
    setEth(t, 310_000n);
    expect(await t.liquidations.step()).toBe(1);
    const query = await contractCall(t, '/query', user.token, { id: opened.data.id }, { money: false });
    // Sold at 3,100.00: 1,878.60 USDT, a loss of 121.20.
    expect(query.data).toMatchObject({
      state: 'closed',
      closeReason: 'stop_loss',
      realisedPnl: '-121.200000',
    });

    const second = await openLong(t, user.token, { takeProfit: '3500.00' });
    setEth(t, 350_000n);
    expect(await t.liquidations.step()).toBe(1);
    const won = await contractCall(t, '/query', user.token, { id: second.data.id }, { money: false });
    expect(won.data).toMatchObject({ closeReason: 'take_profit', exitPrice: '3500.00' });
    const cleared = await contractCall(
      t,
      '/set/profit',
      user.token,
      { id: second.data.id },
      { money: false },
    );
    expect(cleared).toMatchObject({ code: -1001, msg: 'This position is already closed.' });
  });

  it('liquidate all flattens every open position; the history lists them newest first', async () => {
    const user = await investor();
    eth3300(t);
    await openLong(t, user.token, { margin: '100' });
    await contractCall(t, '/add', user.token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '100',
      leverage: 1,
    });
    const all = await contractCall<{ list: PositionView[] }>(t, '/liquidate/all', user.token, {});
    expect(all.data.list.map((p) => p.state)).toEqual(['closed', 'closed']);
    const active = await contractCall<{ list: PositionView[] }>(
      t,
      '/list/active',
      user.token,
      {},
      { money: false },
    );
    expect(active.data.list).toEqual([]);
    const history = await contractCall<{ list: PositionView[]; total: number }>(
      t,
      '/list',
      user.token,
      {},
      { money: false },
    );
    expect(history.data.total).toBe(2);
    expect(history.data.list.map((p) => p.side)).toEqual(['short', 'long']);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
  });

  it('a repeated open with the same requestId opens one position', async () => {
    const user = await investor();
    eth3300(t);
    const params = {
      symbol: 'ETHUSDT',
      side: 'long',
      margin: '100',
      leverage: 2,
      requestId: 'repeat-open-1',
    };
    const first = await contractCall(t, '/add', user.token, params);
    const second = await contractCall(t, '/add', user.token, params);
    expect(second.data.id).toBe(first.data.id);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(100_000_000n);
  });

  it('a restarted engine finds every open position again', async () => {
    const user = await investor();
    eth3300(t);
    const opened = await openLong(t, user.token, { takeProfit: '4000.00' });
    const resting = await openLong(t, user.token, { margin: '100', type: 'limit', price: '2500' });
    const fresh = createLiquidationEngine(t.app.services);
    await fresh.load();
    expect(fresh.index.get(`${resting.data.id}:limit_open`)?.level).toBe(250_000n);
    expect(fresh.index.get(`${opened.data.id}:liquidation`)?.level).toBe(165_895n);
    expect(fresh.index.get(`${opened.data.id}:take_profit`)?.level).toBe(400_000n);
    setEth(t, 400_000n);
    expect(await fresh.step()).toBe(1);
    // The app's own engine then finds it closed and does nothing.
    expect(await t.liquidations.step()).toBe(0);
  });

  it('a long limit at 3,000.00 rests with margin and fee frozen, opens when the last price reaches it', async () => {
    const user = await investor();
    eth3300(t);
    // 1,000 at 2:1 at 3,000.00: 2,000 ÷ 3,000.00 = 0.6666 ETH, 1,999.80 of exposure, a fee of 0.9999.
    const placed = await openLong(t, user.token, { type: 'limit', price: '3000', takeProfit: '3600' });
    expect(placed.data).toMatchObject({
      state: 'open',
      type: 'limit',
      limitPrice: '3000.00',
      quantity: '0.6666',
      entryPrice: '3000.00',
      margin: '1000.000000',
      openFee: '0.000000',
      // (1,999.80 − 1,000) ÷ (0.6666 × 0.9945) = 1,508.14…
      liquidationPrice: '1508.14',
      markPrice: null,
    });
    expect(await usdtOf(t, user.id, 'contract')).toBe(999_000_100n);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(1_000_999_900n);
    const listed = await contractCall<{ list: PositionView[] }>(
      t,
      '/list/active',
      user.token,
      {},
      { money: false },
    );
    expect(listed.data.list.map((p) => p.state)).toEqual(['open']);

    setEth(t, 300_001n);
    expect(await t.liquidations.step()).toBe(0);
    setEth(t, 300_000n);
    expect(await t.liquidations.step()).toBe(1);
    const opened = await contractCall(t, '/query', user.token, { id: placed.data.id }, { money: false });
    expect(opened.data).toMatchObject({ state: 'position', openFee: '0.999900', entryPrice: '3000.00' });
    expect(await usdtOf(t, user.id, 'frozen')).toBe(1_000_000_000n);
    // Now its liquidation price and take profit are armed.
    expect(t.liquidations.index.get(`${placed.data.id}:liquidation`)?.level).toBe(150_814n);
    expect(t.liquidations.index.get(`${placed.data.id}:take_profit`)?.level).toBe(360_000n);
    const again = await contractCall(t, '/add/mgn', user.token, { id: placed.data.id, amount: '10' });
    expect(again.code).toBe(0);
    setEth(t, 300_000n);
    await contractCall(t, '/close', user.token, { id: placed.data.id });
  });

  it('a resting limit opening is cancelled by close: its margin and fee come back, nothing is charged', async () => {
    const user = await investor();
    eth3300(t);
    const placed = await contractCall(t, '/add', user.token, {
      symbol: 'ETHUSDT',
      side: 'short',
      type: 'limit',
      price: '3500',
      margin: '500',
      leverage: 2,
    });
    expect(placed.data).toMatchObject({ state: 'open', quantity: '0.2857' });
    const margin = await contractCall(t, '/add/mgn', user.token, { id: placed.data.id, amount: '10' });
    expect(margin).toMatchObject({ code: -1001, msg: 'This limit order has not opened a position yet.' });
    const cancelled = await contractCall(t, '/close', user.token, { id: placed.data.id });
    // 0.2857 × 3,500.00 = 999.95 of exposure, a fee of 0.499975 frozen beside the margin: all of it back.
    expect(cancelled.data).toMatchObject({
      state: 'cancelled',
      closeReason: 'user',
      margin: '500.000000',
      returned: '500.499975',
      realisedPnl: null,
    });
    expect(await usdtOf(t, user.id, 'contract')).toBe(2_000_000_000n);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
    expect(t.liquidations.index.has(`${placed.data.id}:limit_open`)).toBe(false);
    // The market reaching 3,500.00 afterwards opens nothing.
    setEth(t, 350_000n);
    expect(await t.liquidations.step()).toBe(0);
    expect(await billsOf(t, user.id)).toEqual([
      'platform_reward',
      'transfer',
      'contract_open',
      'contract_close',
    ]);
  });

  it('its own loop liquidates without being stepped by hand', async () => {
    const user = await investor();
    eth3300(t);
    const opened = await openLong(t, user.token);
    setEth(t, 165_000n);
    t.liquidations.start(20);
    try {
      await expect
        .poll(
          async () =>
            (await contractCall(t, '/query', user.token, { id: opened.data.id }, { money: false })).data
              .state,
          { timeout: 5_000, interval: 50 },
        )
        .toBe('system_close');
    } finally {
      await t.liquidations.stop();
    }
  });

  it('two opens at once that the account covers only one of: one opens, one is refused; a double close settles once', async () => {
    const user = await investor();
    eth3300(t);
    const both = await Promise.all([
      openLong(t, user.token, { margin: '1500' }),
      openLong(t, user.token, { margin: '1500' }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([-1001, 0]);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(1_500_000_000n);
    const opened = both.find((r) => r.code === 0) as { data: PositionView };
    const closes = await Promise.all([
      contractCall(t, '/close', user.token, { id: opened.data.id }),
      contractCall(t, '/close', user.token, { id: opened.data.id }),
    ]);
    expect(closes.map((r) => r.code).sort()).toEqual([-1001, 0]);
    expect(await usdtOf(t, user.id, 'frozen')).toBe(0n);
  });

  it('the OpenAPI document describes the eleven contract calls', async () => {
    const res = await t.app.inject({ url: '/ipcg-api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths).filter((p) => p.startsWith('/ipcg-api/coin/contract/'));
    expect(paths.sort()).toEqual(
      [
        'add',
        'add/mgn',
        'close',
        'liquidate',
        'liquidate/all',
        'list',
        'list/active',
        'order/multiple',
        'query',
        'set/loss',
        'set/profit',
      ].map((p) => `/ipcg-api/coin/contract/${p}`),
    );
  });

  it('leaves the ledger verify clean', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
