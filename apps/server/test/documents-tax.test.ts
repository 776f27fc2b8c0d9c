import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxYearSummary } from '../src/modules/taxes';
import { operatorWithRole } from './admin-fixtures';
import { csvBlocks, download, generate } from './documents-steps';
import { adminToken, depositEur, type Investor, newInvestor } from './funding-steps';
import { createTradingApp, eniBook, placeOrder, type TradingApp } from './trading-steps';

/*
 * The tax certificate of 2026 for an investor in the regime amministrato, reconciled to the ledger. Round one
 * (Monday 23 November): 100 ENI.MI bought for €1,423.12 + €2.95 fee = €1,426.07, settled on Wednesday and sold
 * at 15.000 for €1,500.00 − €2.95 fee: a gain of 1,497.05 − 1,426.07 = €70.98, 26% withheld = €18.45. Round
 * two (Wednesday 25th): the same buy, settled on Friday 27th and sold at 14.220 for €1,422.00 − €2.95: a loss of
 * 1,419.05 − 1,426.07 = €7.02, carried in the zainetto of 2026, usable until the end of 2030.
 */

let t: TradingApp;
let who: Investor;
const day = 24 * 3_600_000;

async function roundTrip(sellAt: bigint) {
  t.books.set('ENI.MI', eniBook);
  const buy = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
  expect(buy.code, buy.msg).toBe(0);
  t.clock.advance(2 * day);
  await t.engine.settleDue(t.clock.now());
  t.books.set('ENI.MI', { ...eniBook, bids: [{ price: sellAt, quantity: 1_000n }] });
  const sell = await placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
  expect(sell.code, sell.msg).toBe(0);
}

beforeAll(async () => {
  t = await createTradingApp();
  const finance = await operatorWithRole(t.app, await adminToken(t.app), 'finance');
  who = await newInvestor(t.app);
  await depositEur(t.app, who, '3000.00', finance);
  await roundTrip(15_000n);
  await roundTrip(14_220n);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('the tax certificate of 2026', () => {
  it('shows the gain, the loss carried, and the tax withheld as the ledger holds it', async () => {
    const res = await generate(t.app, who.token, 'tax', '2026');
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ kind: 'tax', period: '2026', final: false });
    const blocks = csvBlocks((await download(t.app, who.token, res.data.id, 'csv')).text, ',');
    expect(blocks.get('gains')).toEqual([
      ['Currency', 'Gains realised', 'Losses realised', 'Used', 'Net result'],
      ['EUR', '70.98', '7.02', '0.00', '63.96'],
    ]);
    expect(blocks.get('withheld')).toEqual([
      [
        'Currency',
        'Capital gains tax withheld',
        'Financial transaction tax (Tobin tax)',
        'Stamp duty (imposta di bollo)',
        'Total',
      ],
      ['EUR', '18.45', '0.00', '0.00', '18.45'],
    ]);
    expect(blocks.get('zainetto')).toEqual([
      ['Currency', 'Year of the loss', 'Loss', 'Used', 'Left', 'Usable until'],
      ['EUR', '2026', '7.02', '0.00', '7.02', '31-12-2030'],
    ]);
    // The ledger: what the investor's accounts paid in entries of the capital gains tax bill.
    const [paid] = await t.db.query<{ sum: bigint }>(
      `select (-coalesce(sum(p.amount), 0))::int8 as sum
         from postings p join accounts a on a.id = p.account_id join journal_entries j on j.id = p.entry_id
        where j.bill_type = 'tax_gains' and a.owner_type = 'user' and a.owner_id = $1`,
      [who.id],
    );
    expect(paid?.sum).toBe(1_845n);
    // …and the taxes module's own record of the year agrees with it.
    const summary = await taxYearSummary(t.db, who.id, 2026);
    expect(summary.byCurrency.map((c) => [c.currency, c.withheld, c.gains, c.losses])).toEqual([
      ['EUR', 1_845n, 7_098n, 702n],
    ]);
  });
});
