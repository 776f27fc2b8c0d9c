import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { verifyLedger } from '../src/ledger/verify';
import { type Cluster, eventually, redisUrl, startCluster } from './cluster-steps';
import { contractTrader } from './contract-steps';
import { newRequestId } from './funding-steps';
import { call, type TestApp, TestClock } from './helper';
import { buyOption, newOptionTrader } from './options-steps';
import { type RealtimeApp, sleep } from './realtime-steps';
import { eniBook, mondayInSession, newTrader, placeOrder, scriptedMarket } from './trading-steps';

/*
 * Two instances on one database and one Redis (issue 11): a T+2 settlement, an option expiry and a contract
 * close-out each happen once. Settlement and expiry are periods of the job runner (each instance's scheduler
 * sends them, both run them at once here, one claims each); the close-out is the contract engine's, whose
 * loop runs on the instance holding its lease. On PostgreSQL (CI's second run) the queue is pg-boss.
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

async function entries(billType: string, refType: string, refId: string): Promise<number> {
  const [row] = await db.query<{ n: bigint }>(
    'select count(*) as n from journal_entries where bill_type = $1 and ref_type = $2 and ref_id = $3',
    [billType, refType, refId],
  );
  return Number(row?.n ?? 0n);
}

describe('two instances on one database and one Redis', () => {
  it('settle a purchase, expire an option and close out a contract once each', async () => {
    const one = await cluster.instance();
    const two = await cluster.instance();
    const asTest = (a: RealtimeApp): TestApp => ({
      app: a.app,
      db,
      config: a.app.services.config,
      close: a.close,
    });

    // A purchase on one (T+2: its lot falls due on Wednesday at midnight in Milan) ...
    const buyer = await newTrader(asTest(one), 100_000n);
    const bought = await placeOrder(asTest(one), 'buy', buyer.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '10',
    });
    expect(bought.code, bought.msg).toBe(0);
    const [lot] = await db.query<{ fillId: bigint; settlesAt: Date }>(
      `select l.fill_id as "fillId", l.settles_at as "settlesAt" from stock_lots l
         join stock_fills f on f.id = l.fill_id where f.order_id = $1`,
      [bought.data.id],
    );
    expect(lot?.settlesAt.toISOString()).toBe('2026-11-24T23:00:00.000Z');

    // ... an option bought on two, expiring on 18 December ...
    const holder = await newOptionTrader(asTest(two), 500_000n);
    const option = await buyOption(asTest(two), holder.token, {
      symbol: 'ENI.MI',
      right: 'call',
      strike: '14.000',
      expiresAt: Date.UTC(2026, 11, 18, 16, 30),
      contracts: 2,
    });
    expect(option.code, option.msg).toBe(0);

    // ... and a contract opened on two with €300 in its account, closed out when ENI falls to 11.000.
    const trader = await contractTrader(asTest(two), 30_000n);
    const opened = await call<{ id: number; closeOutPrice: string }>(
      two.app,
      'POST',
      '/stock/contract/open',
      { symbol: 'ENI.MI', side: 'long', leverage: 5, quantity: '100', requestId: newRequestId() },
      { token: trader.token },
    );
    expect(opened.code, opened.msg).toBe(0);
    const contractId = opened.data.id;

    // Exactly one instance holds each engine's lease.
    await eventually(
      async () => {
        const holders = await Promise.all(
          ['engine:spot', 'engine:stock-contract', 'engine:coin-contract'].map(async (name) => {
            const redis = new Redis(redisUrl);
            try {
              return await redis.get(`${cluster.prefix}${name}`);
            } finally {
              await redis.quit();
            }
          }),
        );
        return holders.every((h) => h !== null);
      },
      'every engine lease to be held',
      20_000,
    );

    books.set('ENI.MI', {
      last: 11_000n,
      bids: [{ price: 10_990n, quantity: 5_000n }],
      asks: [{ price: 11_010n, quantity: 5_000n }],
    });
    await eventually(
      async () => {
        const [row] = await db.query<{ state: string }>('select state from stock_contracts where id = $1', [
          contractId,
        ]);
        return row?.state !== 'open';
      },
      'the contract to be closed out',
      20_000,
    );
    books.set('ENI.MI', eniBook);

    // Monday 21 December: the lot is due and the option has expired. Both schedulers send both periods at
    // once, and both instances run them at once too: each period is claimed by one.
    clock.ms = Date.UTC(2026, 11, 21, 9, 30);
    await Promise.all([one.app.services.jobs.schedule(), two.app.services.jobs.schedule()]);
    const period = async (job: string) => (await one.app.services.jobs.runs({ job, page: 1, size: 10 })).rows;
    const direct = await Promise.allSettled(
      [one, two].flatMap((a) => [
        a.app.services.jobs.runPeriod('settlement', '2026-11-24T23:00:00.000Z'),
        a.app.services.jobs.runPeriod('option-expiry', '2026-12-18T16:30:00.000Z'),
      ]),
    );
    expect(direct.every((d) => d.status === 'fulfilled')).toBe(true);
    await eventually(
      async () => {
        const runs = [...(await period('settlement')), ...(await period('option-expiry'))];
        return runs.length === 2 && runs.every((r) => r.state === 'succeeded');
      },
      'both periods to have run',
      20_000,
    );
    // Let a queued delivery of the same periods arrive and find them done.
    await sleep(2_500);

    const settlements = await period('settlement');
    expect(settlements).toHaveLength(1);
    expect(settlements[0]).toMatchObject({
      key: '2026-11-24T23:00:00.000Z',
      state: 'succeeded',
      attempts: 1,
    });
    expect(await entries('settlement', 'stock_lot', String(lot?.fillId))).toBe(1);

    const expiries = await period('option-expiry');
    expect(expiries).toHaveLength(1);
    expect(expiries[0]).toMatchObject({ state: 'succeeded', attempts: 1, summary: '1 options settled' });
    const [expired] = await db.query<{ state: string; n: bigint }>(
      `select o.state, (select count(*) from journal_entries e where e.ref_type = 'option_order'
          and e.ref_id = o.id::text and e.bill_type = 'option_settle') as n
         from option_orders o where o.id = $1`,
      [option.data.id],
    );
    expect(expired).toEqual({ state: 'expired', n: 1n });

    const [closed] = await db.query<{ state: string; closeReason: string }>(
      'select state, close_reason as "closeReason" from stock_contracts where id = $1',
      [contractId],
    );
    expect(closed).toEqual({ state: 'closed', closeReason: 'close_out' });
    expect(await entries('contract_liquidation', 'stock_contract', String(contractId))).toBe(1);
    expect(await verifyLedger(db)).toEqual([]);
  }, 90_000);
});
