import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { postEntry } from '../src/ledger/post';
import { verifyLedger } from '../src/ledger/verify';
import { spotEngineOf } from '../src/modules/trading/routes';
import type { SpotEngine } from '../src/modules/trading/spot-engine';
import { type Cluster, eventually, startCluster } from './cluster-steps';
import { newRequestId } from './funding-steps';
import { call, TestClock } from './helper';
import { registerInvestor } from './identity-steps';
import type { RealtimeApp } from './realtime-steps';
import { eniBook, mondayInSession, scriptedMarket } from './trading-steps';

/*
 * Resting orders across instances (decision 018): servers on one database and one Redis, each with its own
 * spot engine loop. An order placed on one is watched by another at once (not only after a restart), a
 * cancel takes it out of both, and the other fills it when the market reaches it while the first one's
 * engine is stopped; a holding's take profit and stop loss set on one are armed, and cleared, on a third.
 * ENI.MI's book: asks 60 at 14.230, 30 at 14.232, 500 at 14.236.
 */

let cluster: Cluster;
let db: Db;
const clock = new TestClock(mondayInSession);
const { market, books } = scriptedMarket(clock);

beforeAll(async () => {
  cluster = await startCluster({ clock, market });
  db = cluster.db;
  books.set('ENI.MI', eniBook);
});
afterAll(() => cluster?.close());

async function instance(): Promise<{ app: RealtimeApp; engine: SpotEngine }> {
  const app = await cluster.instance();
  const engine = spotEngineOf(app.app.services);
  if (!engine) throw new Error('the trading module is not mounted');
  return { app, engine };
}

async function orderState(id: number): Promise<string | undefined> {
  const [row] = await db.query<{ state: string }>('select state from stock_orders where id = $1', [id]);
  return row?.state;
}

describe('two instances on one database and one Redis', () => {
  it('share their resting orders: placed on one, cancelled there, filled by the other', async () => {
    const one = await instance();
    const two = await instance();

    const investor = await registerInvestor(one.app.app, `cluster-${newRequestId()}@piazza.test`);
    await db.tx((q) =>
      postEntry(q, {
        billType: 'platform_reward',
        actor: { type: 'system' },
        idempotencyKey: `trading-cluster:${newRequestId()}`,
        postings: [
          {
            account: { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: 'EUR' },
            amount: -100_000n,
          },
          {
            account: { ownerType: 'user', ownerId: investor.user.id, purpose: 'spot', asset: 'EUR' },
            amount: 100_000n,
          },
        ],
      }),
    );
    const limitBuy = (price: string) =>
      call<OrderView>(
        one.app.app,
        'POST',
        '/stock/order/buy',
        { symbol: 'ENI.MI', type: 'limit', quantity: '10', price, requestId: newRequestId() },
        { token: investor.token },
      );

    // Below the asks: both rest, placed on instance one, and instance two files them without a restart.
    const kept = await limitBuy('14.200');
    const cancelled = await limitBuy('14.100');
    expect(kept.code, kept.msg).toBe(0);
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(kept.data.state).toBe('open');
    await eventually(
      () => two.engine.index.has(String(kept.data.id)) && two.engine.index.has(String(cancelled.data.id)),
      'instance two to watch both orders',
    );

    // A cancel on one takes the order out of two's index too.
    const cancel = await call(
      one.app.app,
      'GET',
      '/stock/order/cancel',
      { id: cancelled.data.id },
      { token: investor.token },
    );
    expect(cancel.code, cancel.msg).toBe(0);
    await eventually(() => !two.engine.index.has(String(cancelled.data.id)), 'the cancel to reach two');
    expect(one.engine.index.has(String(cancelled.data.id))).toBe(false);

    // Instance one's engine stops (a deploy); the market comes down to 14.200 and two's own loop fills it.
    await one.engine.stop();
    books.set('ENI.MI', { ...eniBook, asks: [{ price: 14_200n, quantity: 100n }] });
    await eventually(async () => (await orderState(kept.data.id)) === 'position', 'instance two to fill it');
    const fills = await db.query<{ price: bigint; quantity: bigint; value: bigint; fee: bigint }>(
      'select price, quantity, value, fee from stock_fills where order_id = $1',
      [kept.data.id],
    );
    // 10 × 14.200 = 142.00 once, with the €2.95 minimum fee; never twice.
    expect(fills).toEqual([{ price: 14_200n, quantity: 10n, value: 14_200n, fee: 295n }]);
    expect(await orderState(cancelled.data.id)).toBe('cancelled');
    expect(await verifyLedger(db)).toEqual([]);

    // A third instance starts; take profit and stop loss set on two are armed on three as well, and cleared.
    const three = await instance();
    const tpsl = (levels: Record<string, string>) =>
      call(
        two.app.app,
        'POST',
        '/stock/hold/tpsl',
        { symbol: 'ENI.MI', ...levels },
        { token: investor.token },
      );
    expect(three.engine.triggers.size).toBe(0);
    const armed = await tpsl({ takeProfit: '15.000', stopLoss: '13.500' });
    expect(armed.code, armed.msg).toBe(0);
    await eventually(() => three.engine.triggers.size === 2, 'the levels to reach three');
    expect(three.engine.triggers.nearest('ENI.MI')).toEqual({ above: 15_000n, below: 13_500n });
    expect((await tpsl({})).code).toBe(0);
    await eventually(() => three.engine.triggers.size === 0, 'the cleared levels to reach three');
  });
});
