import type { BlockPurchaseView, BlockView } from '@piazza/contract/calls/blocks-shapes';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { adminOf, balance, billsOf, day, hour, newApplicant, requestId, runJob } from './primary-steps';

/*
 * Block trades with the numbers written out (issue 12 item 6): a block of 1,000 ENI.MI at 5% below the last
 * price, at least 100 shares a purchase, delivered on Wednesday and locked for 30 days after delivery.
 */

const start = Date.UTC(2026, 10, 23, 9, 0); // Monday 23 November 2026, 10:00 in Milan

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const blockTerms = (overrides: Record<string, string | number | boolean | undefined> = {}) => ({
  symbol: 'ENI.MI',
  pricing: 'discount',
  discountPercent: '5' as string | undefined,
  quantity: 1_000,
  minQuantity: 100,
  lockDays: 30,
  opensAt: start,
  closesAt: start + day,
  deliversAt: start + 2 * day,
  ...overrides,
});

async function offerBlock(
  app: TestApp,
  overrides: Record<string, string | number | boolean | undefined> = {},
) {
  const res = await call<BlockView>(app.app, 'POST', '/admin/blocks/save', blockTerms(overrides), {
    token: await adminOf(app),
  });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

const buy = (app: TestApp, token: string, id: number, quantity: number, lang = 'en-US') =>
  call<BlockPurchaseView>(
    app.app,
    'POST',
    '/stock/order/bulk/apply',
    { id, quantity, requestId: requestId() },
    { token, lang },
  );

describe('a block trade', () => {
  it('is paid at once at 5% under the last price, delivered locked, and released when the 30-day lock ends', async () => {
    const clock = new TestClock(start + hour);
    t = await createTestApp({ clock });
    const block = await offerBlock(t);
    expect(block).toMatchObject({
      state: 'open',
      quantityLeft: '1000',
      pricing: 'discount',
      discountPercent: '5.00',
    });
    const last = Number(block.lastPrice);
    // 95% of the last price, rounded up to the cent.
    expect(block.price).toBe((Math.ceil(last * 95 - 1e-9) / 100).toFixed(2));

    const investor = await newApplicant(t, 10_000_00n);
    expect((await buy(t, investor.token, block.id, 50)).msg).toBe('Buy at least 100 shares of this block.');
    expect((await buy(t, investor.token, block.id, 1_001)).msg).toBe(
      'Only 1000 shares of this block are left.',
    );
    const bought = await buy(t, investor.token, block.id, 200);
    expect(bought.code, bought.msg).toBe(0);
    const cents = BigInt(Math.round(Number(bought.data.price) * 100)) * 200n;
    expect(bought.data).toMatchObject({
      state: 'paid',
      quantity: '200',
      amount: (Number(cents) / 100).toFixed(2),
    });
    expect(await balance(t, investor.id, 'spot')).toBe(10_000_00n - cents);
    const info = await call<{ block: BlockView }>(
      t.app,
      'GET',
      '/stock/bulk/info',
      { id: block.id },
      {
        token: investor.token,
      },
    );
    expect(info.data.block).toMatchObject({ quantityLeft: '800', mine: '200' });

    clock.advance(2 * day); // Wednesday: delivery
    await runJob(t, 'block-deliver');
    expect(await balance(t, investor.id, 'locked', 'ENI.MI')).toBe(200n);
    const hold = await call<{ lockedUntil: number | null }>(
      t.app,
      'GET',
      '/stock/hold/info',
      { symbol: 'ENI.MI' },
      {
        token: investor.token,
      },
    );
    expect(hold.data.lockedUntil).toBe(start + 2 * day + 30 * day);
    expect(await billsOf(t, investor.id)).toEqual(['block_delivery', 'block_purchase', 'platform_reward']);

    clock.advance(29 * day); // the lock still holds
    await runJob(t, 'settlement');
    expect(await balance(t, investor.id, 'locked', 'ENI.MI')).toBe(200n);
    clock.advance(day); // 30 days after delivery: released
    await runJob(t, 'settlement');
    expect(await balance(t, investor.id, 'spot', 'ENI.MI')).toBe(200n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refunds every purchase when the operator cancels it before delivery', async () => {
    const clock = new TestClock(start + hour);
    t = await createTestApp({ clock });
    const block = await offerBlock(t, { pricing: 'fixed', price: '12.50', discountPercent: undefined });
    expect(block.price).toBe('12.50');
    const investor = await newApplicant(t, 5_000_00n);
    const bought = await buy(t, investor.token, block.id, 100);
    expect(bought.code, bought.msg).toBe(0);
    expect(await balance(t, investor.id, 'spot')).toBe(3_750_00n);
    const admin = await adminOf(t);
    const cancelled = await call(
      t.app,
      'POST',
      '/admin/blocks/cancel',
      { id: block.id, reason: 'Seller withdrew' },
      {
        token: admin,
      },
    );
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(await balance(t, investor.id, 'spot')).toBe(5_000_00n);
    expect((await buy(t, investor.token, block.id, 100, 'it-IT')).msg).toBe(
      'Questo blocco è stato annullato.',
    );
    clock.advance(3 * day);
    expect(await runJob(t, 'block-deliver')).toEqual([]);
    expect(await balance(t, investor.id, 'locked', 'ENI.MI')).toBe(0n);
    expect(await billsOf(t, investor.id)).toEqual(['block_purchase', 'block_refund', 'platform_reward']);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses a block of what is not a listed share, and a delivery before the close', async () => {
    t = await createTestApp({ clock: new TestClock(start) });
    const admin = await adminOf(t);
    const save = (o: Record<string, string | number | boolean>) =>
      call(t?.app as TestApp['app'], 'POST', '/admin/blocks/save', blockTerms(o), {
        token: admin,
        lang: 'it-IT',
      });
    expect((await save({ symbol: 'BTCUSDT' })).msg).toBe('Scegli un titolo quotato.');
    expect((await save({ deliversAt: start })).msg).toBe('La consegna deve seguire la chiusura del blocco.');
    expect((await save({ discountPercent: '60' })).msg).toBe(
      'Lo sconto è una percentuale da 0,01 a 50 con al massimo 2 decimali.',
    );
    const [count] = await t.db.query<{ n: bigint }>('select count(*) as n from block_offers');
    expect(count?.n).toBe(0n);
  });
});
