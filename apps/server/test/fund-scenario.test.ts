import type { FundOrderView, FundView, ManagerView } from '@piazza/contract/calls/fund-shapes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { countRows } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, type Investor, newApplicant, requestId } from './investor-steps';
import { adminOf, closeAt, minute, scriptedMarket, sessionOn } from './robot-steps';

/*
 * A copy-trading fund (issue 13 item 5): a manager's profile, a fund traded by hand through the manager's
 * ticket, two followers joining at different NAVs, the fund's trades and holdings, each follower's profit,
 * likes and search; with the prices written out.
 */

const week = ['2026-11-16', '2026-11-17', '2026-11-18'];
const prices = { 'ENI.MI': [...Array.from({ length: 80 }, () => 10), 10, 12, 11] };

let t: TestApp;
let clock: TestClock;
let admin: string;

beforeEach(async () => {
  clock = new TestClock(sessionOn(week[0] as string).open + 5 * minute);
  t = await createTestApp({ clock, market: scriptedMarket(clock, prices, week[2] as string) });
  admin = await adminOf(t);
});
afterEach(async () => t.close());

async function adminCall<T>(path: string, body: Record<string, string | number | boolean>) {
  const res = await call<T>(t.app, 'POST', path, body, { token: admin });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

async function newFund() {
  const manager = await adminCall<ManagerView>('/admin/funds/managers/save', {
    name: 'Chiara Bassi',
    bio: 'Twenty years on Italian equities.',
    photoUrl: 'https://example.com/chiara.jpg',
  });
  const fund = await adminCall<FundView>('/admin/funds/save', {
    managerId: manager.id,
    name: 'Energia Italia',
    mode: 'manual',
    basket: 'ENI.MI,ENEL.MI',
    minAmount: '100.00',
    managementFeePercent: '0',
  });
  return { manager, fund };
}

const follow = (who: Investor, id: number, amount: string) =>
  call<FundOrderView>(
    t.app,
    'POST',
    '/fund/apply',
    { id, amount, acknowledgeRisk: true, requestId: requestId() },
    { token: who.token },
  );

describe('a copy-trading fund', () => {
  it('takes two followers at different NAVs, trades by its manager’s ticket, and shows each their profit', async () => {
    const { manager, fund } = await newFund();
    expect(fund).toMatchObject({ mode: 'manual', riskClass: null, nav: '1.00000000', followers: 0 });
    const anna = await newApplicant(t, 1_000_000n);
    const bruno = await newApplicant(t, 1_000_000n);

    // Monday 09:05: Anna follows with €2,000.00 at €1.00 a unit; the manager buys 150 ENI at 10.000
    // (€1,500.00, fee €2.95).
    const a = await follow(anna, fund.id, '2000.00');
    expect(a.code, a.msg).toBe(0);
    expect(a.data).toMatchObject({ units: '2000.000000', value: '2000.00', state: 'active' });
    const order = { id: fund.id, symbol: 'ENI.MI', side: 'buy', quantity: 150, requestId: requestId() };
    const ticket = await adminCall<{ quantity: string; value: string; fee: string }>(
      '/admin/funds/order',
      order,
    );
    expect(ticket).toMatchObject({ quantity: '150', value: '1500.00', fee: '2.95' });
    // The same ticket sent again (an answer lost on the way) answers the first order and places none.
    expect(await adminCall('/admin/funds/order', order)).toEqual(ticket);
    await closeAt(t, clock, week[0] as string);

    // Tuesday ENI is at 12.000: €497.05 + 150 × 12 = €2,297.05 for 2,000 units, NAV 1.148525. Bruno's
    // €1,148.52 buys 999.995646 units.
    clock.ms = sessionOn(week[1] as string).open + 10 * minute;
    const b = await follow(bruno, fund.id, '1148.52');
    expect(b.data).toMatchObject({ units: '999.995646', value: '1148.51' });
    await closeAt(t, clock, week[1] as string);

    // Wednesday ENI falls to 11.000: the book is €1,645.57 + 150 × 11 = €3,295.57 for 2,999.995646 units.
    clock.ms = sessionOn(week[2] as string).open + 10 * minute;
    await closeAt(t, clock, week[2] as string);
    const profits = await call<{ list: { unrealised: string; value: string }[] }>(
      t.app,
      'POST',
      '/fund/order/profit/list',
      {},
      { token: anna.token },
    );
    // NAV 1.09852492 (3,295.57 ÷ 2,999.995646, rounded down): Anna's 2,000 units are €2,197.04.
    expect(profits.data.list).toEqual([
      expect.objectContaining({ value: '2197.04', unrealised: '197.04', realised: '0.00' }),
    ]);
    const brunoProfit = await call<{ list: { unrealised: string }[] }>(
      t.app,
      'POST',
      '/fund/order/profit/list',
      {},
      { token: bruno.token },
    );
    // Bruno's 999.995646 units are €1,098.52: €50.00 under his €1,148.52.
    expect(brunoProfit.data.list[0]?.unrealised).toBe('-50.00');

    const record = await call<{ holdings: { symbol: string; quantity: string }[]; list: { side: string }[] }>(
      t.app,
      'POST',
      '/fund/record/stocks',
      { id: fund.id },
    );
    expect(record.data.holdings).toEqual([expect.objectContaining({ symbol: 'ENI.MI', quantity: '150' })]);
    expect(record.data.list.map((x) => x.side)).toEqual(['buy']);

    // Likes and search.
    const like = await call<{ likes: number }>(
      t.app,
      'POST',
      '/fund/manager/like',
      { id: manager.id, like: 1 },
      { token: anna.token },
    );
    expect(like.data.likes).toBe(1);
    const ids = await call<{ ids: number[] }>(
      t.app,
      'POST',
      '/fund/manager/like/ids',
      {},
      { token: anna.token },
    );
    expect(ids.data.ids).toEqual([manager.id]);
    const found = await call<{ list: ManagerView[] }>(t.app, 'POST', '/fund/manager/search', { q: 'bassi' });
    expect(found.data.list.map((m) => [m.name, m.likes, m.funds])).toEqual([['Chiara Bassi', 1, 1]]);
    expect(found.data.list[0]?.trackReturn).toBe('0.098525');

    // Anna leaves: paid at the next close, her fund account emptied.
    clock.ms = sessionOn(week[2] as string).close + 20 * minute;
    const left = await call<FundOrderView>(
      t.app,
      'POST',
      '/fund/order/redeem',
      { id: a.data.id, requestId: requestId() },
      { token: anna.token },
    );
    expect(left.data.state).toBe('redeeming');
    expect(await balance(t, anna.id, 'fund')).toBe(219_704n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses what it must, naming the rule, and moves nothing', async () => {
    const { fund } = await newFund();
    const anna = await newApplicant(t, 1_000_000n);
    const small = await follow(anna, fund.id, '99.99');
    expect(small.msg).toBe('Follow this fund with at least 100.00 EUR.');
    const rich = await follow(anna, fund.id, '10000.01');
    expect(rich.msg).toBe('Account must suffice for 10,000.01 EUR.');
    const noAck = await call(
      t.app,
      'POST',
      '/fund/apply',
      { id: fund.id, amount: '500.00', requestId: requestId() },
      { token: anna.token, lang: 'it-IT' },
    );
    expect(noAck.msg).toBe('Questo fondo è adatto al tuo profilo solo con un avviso: leggilo e confermalo.');
    clock.ms = sessionOn(week[0] as string).close + minute;
    expect((await follow(anna, fund.id, '500.00')).msg).toBe(
      'The market is closed, so the fund has no current NAV to buy at: following reopens with the market at 09:00.',
    );
    const outside = await call(
      t.app,
      'POST',
      '/admin/funds/order',
      {
        id: fund.id,
        symbol: 'ISP.MI',
        side: 'buy',
        quantity: 1,
        requestId: requestId(),
      },
      { token: admin },
    );
    expect(outside.msg).toBe('ISP.MI is not among the shares this fund may hold.');
    expect(await balance(t, anna.id, 'spot')).toBe(1_000_000n);
    expect(await countRows(t.db, 'product_orders')).toBe(0);
  });
});
