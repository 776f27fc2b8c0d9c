import type { DocumentView } from '@piazza/contract/calls/documents-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { composeDocument } from '../src/modules/documents/document-store';
import { pdfDefinition } from '../src/modules/documents/pdf';
import { periodOf } from '../src/modules/documents/periods';
import { operatorWithRole } from './admin-fixtures';
import { csvBlocks, download, generate } from './documents-steps';
import {
  adminToken,
  bindIban,
  depositEur,
  type Investor,
  newInvestor,
  newRequestId,
  withdrawPin,
} from './funding-steps';
import { call } from './helper';
import { createTradingApp, eniBook, placeOrder, type TradingApp, userBalance } from './trading-steps';

/*
 * One investor's November 2026, written out, and the statement that tells it. On Monday 23 November they
 * deposit €2,000.00 and buy 100 ENI.MI at market (60 × 14.230 + 30 × 14.232 + 10 × 14.236 = €1,423.12, fee
 * the €2.95 minimum); the shares settle on Wednesday 25th (T+2), when they sell them at 14.220 (€1,422.00,
 * fee €2.95) and withdraw €500.00 (fee €1.00). Spot EUR: 2,000.00 − 1,423.12 − 2.95 + 1,422.00 − 2.95 −
 * 501.00 = 1,491.98. On 2 December a second deposit of €100.00 lands after the month's end.
 */

let t: TradingApp;
let who: Investor;
let rosa: Investor;
let finance: string;
const hour = 3_600_000;
const day = 24 * hour;

async function postingsSum(userId: number, purpose: string, asset: string, beforeMs: number) {
  const [row] = await t.db.query<{ sum: bigint }>(
    `select coalesce(sum(p.amount), 0)::int8 as sum
       from postings p join accounts a on a.id = p.account_id join journal_entries j on j.id = p.entry_id
      where a.owner_type = 'user' and a.owner_id = $1 and a.purpose = $2 and a.asset = $3 and j.created_at < $4`,
    [userId, purpose, asset, new Date(beforeMs)],
  );
  return row?.sum ?? 0n;
}

beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
  finance = await operatorWithRole(t.app, await adminToken(t.app), 'finance');
  who = await newInvestor(t.app);
  await depositEur(t.app, who, '2000.00', finance);
  // A second investor who reads the app in Italian, with one deposit: the month's job makes her statement.
  rosa = await newInvestor(t.app);
  await t.db.query(`update users set language = 'it-IT' where id = $1`, [rosa.id]);
  await depositEur(t.app, rosa, '250.00', finance);
  const buy = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
  expect(buy.code, buy.msg).toBe(0);
  t.clock.advance(2 * day); // Wednesday 25 November, 10:30 in Milan
  await t.engine.settleDue(t.clock.now());
  const sell = await placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
  expect(sell.code, sell.msg).toBe(0);
  const bindingId = await bindIban(t.app, who);
  const req = await call<{ id: number }>(
    t.app,
    'POST',
    '/user/withdraw/add',
    { asset: 'EUR', pin: withdrawPin, requestId: newRequestId(), bindingId, amount: '500.00' },
    { token: who.token },
  );
  expect(req.code, req.msg).toBe(0);
  const paid = await call(
    t.app,
    'POST',
    '/admin/funding/withdrawal/approve',
    { id: req.data.id, requestId: newRequestId() },
    { token: finance },
  );
  expect(paid.code, paid.msg).toBe(0);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the statement of November 2026, made while the month runs', () => {
  let doc: DocumentView;

  it('is provisional and closes each account at the sum of its postings', async () => {
    const res = await generate(t.app, who.token, 'statement', '2026-11');
    expect(res.code, res.msg).toBe(0);
    doc = res.data;
    expect(doc).toMatchObject({ kind: 'statement', period: '2026-11', language: 'en-US', final: false });
    expect(doc.closing).toEqual([
      { purpose: 'frozen', asset: 'EUR', balance: '0.00' },
      { purpose: 'spot', asset: 'EUR', balance: '1491.98' },
    ]);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(149_198n);
    expect(await postingsSum(who.id, 'spot', 'EUR', t.clock.now() + 1)).toBe(149_198n);
  });

  it('lists balances, movements, and fees of 2.95 + 2.95 + 1.00 = 6.90 in its CSV', async () => {
    const csv = await download(t.app, who.token, doc.id, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const blocks = csvBlocks(csv.text, ',');
    expect(blocks.get('balances')).toEqual([
      ['Account', 'Asset', 'Opening', 'In', 'Out', 'Closing'],
      ['Frozen', 'EUR', '0.00', '501.00', '501.00', '0.00'],
      ['Currency account', 'EUR', '0.00', '3422.00', '1930.02', '1491.98'],
      ['Locked until settlement', 'ENI.MI', '0', '100', '100', '0'],
      ['Currency account', 'ENI.MI', '0', '100', '100', '0'],
    ]);
    const moves = blocks.get('movements') ?? [];
    expect(moves[0]).toEqual(['Date', 'Type', 'Account', 'Asset', 'Amount', 'Balance after', 'Reference']);
    expect(moves.slice(1).map((m) => `${m[1]} | ${m[2]} ${m[3]} ${m[4]} → ${m[5]}`)).toEqual([
      'Deposit | Currency account EUR 2000.00 → 2000.00',
      'Spot buy | Locked until settlement ENI.MI 60 → 60',
      'Spot buy | Currency account EUR -853.80 → 1146.20',
      'Trading fee | Currency account EUR -2.95 → 1143.25',
      'Spot buy | Locked until settlement ENI.MI 30 → 90',
      'Spot buy | Currency account EUR -426.96 → 716.29',
      'Spot buy | Locked until settlement ENI.MI 10 → 100',
      'Spot buy | Currency account EUR -142.36 → 573.93',
      'Settlement | Locked until settlement ENI.MI -60 → 40',
      'Settlement | Currency account ENI.MI 60 → 60',
      'Settlement | Locked until settlement ENI.MI -30 → 10',
      'Settlement | Currency account ENI.MI 30 → 90',
      'Settlement | Locked until settlement ENI.MI -10 → 0',
      'Settlement | Currency account ENI.MI 10 → 100',
      'Spot sell | Currency account ENI.MI -100 → 0',
      'Spot sell | Currency account EUR 1422.00 → 1995.93',
      'Trading fee | Currency account EUR -2.95 → 1992.98',
      'Withdrawal freeze | Currency account EUR -501.00 → 1491.98',
      'Withdrawal freeze | Frozen EUR 501.00 → 501.00',
      'Withdrawal | Frozen EUR -500.00 → 1.00',
      'Withdrawal fee | Frozen EUR -1.00 → 0.00',
    ]);
    expect(blocks.get('fees_taxes')).toEqual([
      [
        'Currency',
        'Fees',
        'Capital gains tax withheld',
        'Financial transaction tax (Tobin tax)',
        'Stamp duty (imposta di bollo)',
        'Total',
      ],
      ['EUR', '6.90', '0.00', '0.00', '0.00', '6.90'],
    ]);
  });

  it('is a PDF with pages, and its definition prints the closing balance the Italian way', async () => {
    const pdf = await download(t.app, who.token, doc.id, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(1);

    const nowMs = t.clock.now();
    const made = await composeDocument(t.db, {
      userId: who.id,
      kind: 'statement',
      period: periodOf('statement', '2026-11', nowMs),
      language: 'it-IT',
      nowMs,
    });
    const printed = JSON.stringify(pdfDefinition(made.model, new Date(nowMs)).content);
    expect(printed).toContain('Estratto conto');
    expect(printed).toContain('"text":"1.491,98"');
    expect(printed).toContain('"text":"3.422,00"');
    expect(printed).toContain('"text":"6,90"');
  });
});

describe('after the month has ended', () => {
  it('the December deposit is not on the November statement, which is now final', async () => {
    t.clock.ms = Date.UTC(2026, 11, 2, 9, 0); // Wednesday 2 December, 10:00 in Rome
    await depositEur(t.app, who, '100.00', finance);
    const res = await generate(t.app, who.token, 'statement', '2026-11');
    expect(res.code, res.msg).toBe(0);
    expect(res.data.final).toBe(true);
    expect(res.data.closing).toContainEqual({ purpose: 'spot', asset: 'EUR', balance: '1491.98' });
    const end = periodOf('statement', '2026-11', t.clock.now()).endMs;
    expect(end).toBe(Date.UTC(2026, 10, 30, 23, 0)); // midnight in Rome
    expect(await postingsSum(who.id, 'spot', 'EUR', end)).toBe(149_198n);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(159_198n);
  });

  it("the month's job makes each investor's final statement in their language, and not twice", async () => {
    const before = await call<{ list: DocumentView[] }>(
      t.app,
      'GET',
      '/user/documents',
      {},
      { token: who.token },
    );
    const outcome = await t.app.services.jobs.runPeriod('documents-month', '2026-11', {
      nowMs: t.clock.now(),
    });
    // Rosa's is new; the one made on request after the month ended is already final and is kept.
    expect(outcome).toMatchObject({
      ran: true,
      run: { state: 'succeeded', summary: '2026-11: 1 documents made' },
    });
    const mine = await call<{ list: DocumentView[] }>(
      t.app,
      'GET',
      '/user/documents',
      {},
      { token: who.token },
    );
    expect(mine.data.list).toEqual(before.data.list);
    const hers = await call<{ list: DocumentView[]; total: number }>(
      t.app,
      'GET',
      '/user/documents',
      { kind: 'statement' },
      { token: rosa.token },
    );
    expect(hers.code, hers.msg).toBe(0);
    expect(hers.data.list).toMatchObject([
      {
        kind: 'statement',
        period: '2026-11',
        language: 'it-IT',
        final: true,
        closing: [{ purpose: 'spot', asset: 'EUR', balance: '250.00' }],
      },
    ]);
    const csv = await download(t.app, rosa.token, hers.data.list[0]?.id ?? '', 'csv');
    expect(csvBlocks(csv.text, ';').get('balances')).toEqual([
      ['Conto', 'Attività', 'Saldo iniziale', 'Entrate', 'Uscite', 'Saldo finale'],
      ['Conto in valuta', 'EUR', '0,00', '250,00', '0,00', '250,00'],
    ]);
  });

  it('the costs report of 2026: fees of 6.90 on an average of 1,610.00 invested, 0.43 %', async () => {
    // Money in by each day's end: 2,000.00 on 23–24 Nov, 1,500.00 from 25 Nov to 1 Dec, 1,600.00 on 2 Dec:
    // (2 × 2,000 + 7 × 1,500 + 1,600) / 10 days = 1,610.00; 6.90 / 1,610.00 = 0.4286 % → 0.43 %.
    const res = await generate(t.app, who.token, 'costs', '2026');
    expect(res.code, res.msg).toBe(0);
    const blocks = csvBlocks((await download(t.app, who.token, res.data.id, 'csv')).text, ',');
    expect(blocks.get('costs')).toEqual([
      ['Currency', 'Item', 'Amount', '% of average invested'],
      ['EUR', 'Service costs (trading, contract and option fees)', '5.90', '0.36'],
      ['EUR', 'Withdrawal fees', '1.00', '0.06'],
      ['EUR', 'Financing costs (loan interest)', '0.00', '0.00'],
      ['EUR', 'Total costs and charges', '6.90', '0.43'],
      ['EUR', 'Average invested', '1610.00', ''],
    ]);
  });

  it('the ledger is clean', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
