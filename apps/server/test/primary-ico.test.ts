import type { OfferingView } from '@piazza/contract/calls/primary-shapes';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { adminOf, balance, billsOf, day, fund, hour, newApplicant, requestId, runJob } from './primary-steps';

/*
 * An ICO with the numbers written out (issue 12 item 7): 1,000 lots of 100 NEWC coins at 0.05 USDT (5.00 USDT
 * a lot), a MiCA white paper required to publish, paid in USDT, the coins delivered to spot at listing and the
 * NEWCUSDT pair trading on the crypto spot engine from then on.
 */

const start = Date.UTC(2026, 10, 23, 9, 0);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const icoTerms = (overrides: Record<string, string | number | boolean> = {}) => ({
  kind: 'ico',
  symbol: 'NEWC',
  name: 'Newcoin Network',
  issuePrice: '0.05',
  lotSize: 100,
  minLots: 1,
  maxLots: 500,
  lotsOffered: 1_000,
  opensAt: start + hour,
  closesAt: start + day,
  allotsAt: start + day + hour,
  payBy: start + 2 * day,
  listsAt: start + 3 * day,
  documentUrl: 'https://newcoin.example/white-paper.pdf',
  ...overrides,
});

const coinCall = <T>(app: TestApp, path: string, params: Record<string, string | number>, token?: string) =>
  call<T>(app.app, 'POST', path, params, { token });

describe('an ICO', () => {
  it('takes USDT, delivers the coins to spot at listing, and the new pair trades', async () => {
    const clock = new TestClock(start);
    t = await createTestApp({ clock });
    const admin = await adminOf(t);
    const noPaper = await call(
      t.app,
      'POST',
      '/admin/offerings/save',
      icoTerms({ documentUrl: 'http://x' }),
      {
        token: admin,
        lang: 'it-IT',
      },
    );
    expect(noPaper.msg).toBe('Serve l’indirizzo del prospetto (o del white paper) che inizi con https://.');
    const taken = await call(t.app, 'POST', '/admin/offerings/save', icoTerms({ symbol: 'BTC' }), {
      token: admin,
    });
    expect(taken.msg).toBe('The symbol BTC is already listed or offered.');
    const saved = await call<OfferingView>(t.app, 'POST', '/admin/offerings/save', icoTerms(), {
      token: admin,
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({
      kind: 'ico',
      symbol: 'NEWCUSDT',
      currency: 'USDT',
      offerPrice: '0.050000',
    });
    const published = await call(
      t.app,
      'POST',
      '/admin/offerings/publish',
      { id: saved.data.id },
      { token: admin },
    );
    expect(published.code, published.msg).toBe(0);
    // An ICO is not an IPO: the stock calls do not know it.
    expect((await call(t.app, 'GET', '/stock/new/info', { id: saved.data.id })).code).toBe(-1001);

    const investor = await newApplicant(t, 0n);
    await fund(t, investor.id, 100_000_000n, 'USDT'); // 100 USDT
    clock.advance(2 * hour);
    const today = await coinCall<{ list: OfferingView[] }>(t, '/coin/new/today', {});
    expect(today.data.list.map((o) => o.symbol)).toEqual(['NEWCUSDT']);
    // A medium-risk investor may buy crypto-assets only after reading the warning.
    const unwarned = await coinCall(
      t,
      '/coin/order/new/apply',
      { id: saved.data.id, lots: 12, requestId: requestId() },
      investor.token,
    );
    expect(unwarned.msg).toBe(
      'Crypto-assets are volatile and your profile fits them only with a warning: read it and confirm it.',
    );
    const applied = await coinCall<{ amountApplied: string; state: string; id: number }>(
      t,
      '/coin/order/new/apply',
      { id: saved.data.id, lots: 12, acknowledgeRisk: 1, requestId: requestId() },
      investor.token,
    );
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.data).toMatchObject({ amountApplied: '60.000000', state: 'applying' });

    clock.advance(day);
    await runJob(t, 'offering-allot');
    const paid = await coinCall<{ state: string }>(
      t,
      '/coin/order/new/pay',
      { id: applied.data.id, requestId: requestId() },
      investor.token,
    );
    expect(paid.code, paid.msg).toBe(0);
    expect(await balance(t, investor.id, 'spot', 'USDT')).toBe(40_000_000n);

    clock.advance(2 * day);
    await runJob(t, 'offering-list');
    expect(await balance(t, investor.id, 'spot', 'NEWC')).toBe(1_200n);
    const mine = await coinCall<{ list: { state: string; deliveredAt: number | null }[] }>(
      t,
      '/coin/order/new/list',
      {},
      investor.token,
    );
    expect(mine.data.list[0]?.state).toBe('paid');
    expect(mine.data.list[0]?.deliveredAt).toBe(clock.now());
    expect(await billsOf(t, investor.id)).toEqual(['ico_delivery', 'ico_payment', 'platform_reward']);

    // The coin trades: sell 20 at market on the crypto spot engine.
    const sold = await coinCall<{ state: string; filledQuantity: string }>(
      t,
      '/coin/order/add',
      { symbol: 'NEWCUSDT', side: 'sell', type: 'market', quantity: '20', requestId: requestId() },
      investor.token,
    );
    expect(sold.code, sold.msg).toBe(0);
    expect(sold.data.filledQuantity).toBe('20');
    expect(await balance(t, investor.id, 'spot', 'NEWC')).toBe(1_180n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
