import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, demoAdmin, signIn } from './admin-fixtures';
import {
  type ContractApp,
  createContractApp,
  eth3300,
  fundContract,
  openLong,
  setAppropriateness,
  setEth,
} from './coin-contract-steps';
import { bindIban, depositEur, newInvestor, newRequestId, withdrawPin } from './funding-steps';
import { call } from './helper';
import { submitKyc } from './kyc-steps';
import { applyFor, borrower, decide } from './lending-steps';
import { noticesOf } from './notices-steps';
import { eniBook, newTrader, placeOrder } from './trading-steps';

/*
 * What the platform tells an investor by a notice (issue 15 item 1, decision 037): each event of theirs
 * writes one, whose text is rendered in the reader's language from the catalogues.
 */

let t: ContractApp;
let admin: string;
beforeAll(async () => {
  t = await createContractApp();
  t.books.set('ENI.MI', eniBook);
  admin = await signIn(t.app, demoAdmin);
});
afterAll(async () => t?.close());

const titlesOf = async (token: string, lang = 'en-US') =>
  (await noticesOf(t, token, lang)).list.map((n) => [n.title, n.body]);

describe('the platform writes a notice when', () => {
  it('the identity check is decided, either way', async () => {
    const yes = await newInvestor(t.app, { kyc: false, pin: false });
    const no = await newInvestor(t.app, { kyc: false, pin: false });
    await submitKyc(t.app, yes.token);
    await submitKyc(t.app, no.token);
    expect((await call(t.app, 'POST', '/admin/kyc/approve', { userId: yes.id }, { token: admin })).code).toBe(
      0,
    );
    const rejected = await call(
      t.app,
      'POST',
      '/admin/kyc/reject',
      { userId: no.id, reason: 'photo blurred' },
      { token: admin },
    );
    expect(rejected.code, rejected.msg).toBe(0);
    expect(await titlesOf(yes.token)).toEqual([
      ['Identity verified', 'Your identity documents were approved: every service is open to you.'],
    ]);
    expect(await titlesOf(no.token, 'it-IT')).toEqual([
      [
        'Verifica dell’identità non riuscita',
        'I tuoi documenti d’identità non sono stati approvati: photo blurred. Puoi inviarli di nuovo.',
      ],
    ]);
  });

  it('a deposit is credited and a withdrawal paid, amounts as each language writes them', async () => {
    const who = await newInvestor(t.app);
    await depositEur(t.app, who, '5000.00', admin);
    const bindingId = await bindIban(t.app, who);
    const req = await call<{ id: number }>(
      t.app,
      'POST',
      '/user/withdraw/add',
      { asset: 'EUR', pin: withdrawPin, requestId: newRequestId(), bindingId, amount: '1250.50' },
      { token: who.token },
    );
    expect(req.code, req.msg).toBe(0);
    const paid = await call(
      t.app,
      'POST',
      '/admin/funding/withdrawal/approve',
      { id: req.data.id, requestId: newRequestId() },
      { token: admin },
    );
    expect(paid.code, paid.msg).toBe(0);
    expect(await titlesOf(who.token)).toEqual([
      ['Withdrawal paid', 'Your withdrawal of 1,250.50 EUR has been paid out.'],
      ['Deposit credited', '5,000.00 EUR were credited to your account.'],
    ]);
    expect(await titlesOf(who.token, 'it-IT')).toEqual([
      ['Prelievo pagato', 'Il tuo prelievo di 1.250,50 EUR è stato pagato.'],
      ['Deposito accreditato', 'Sul tuo conto sono stati accreditati 5.000,00 EUR.'],
    ]);
  });

  it('a loan is approved or declined', async () => {
    const yes = await borrower(t, 0n);
    const no = await borrower(t, 0n);
    const a = await applyFor(t, yes, '800.00', 30);
    const b = await applyFor(t, no, '800.00', 30);
    expect((await decide(t, 'approve', a.data.id)).code).toBe(0);
    expect((await decide(t, 'reject', b.data.id, { reason: 'income too low' })).code).toBe(0);
    expect(await titlesOf(yes.token)).toEqual([
      ['Loan approved', 'Your loan of 800.00 EUR was approved and credited to your account.'],
    ]);
    expect(await titlesOf(no.token)).toEqual([
      ['Loan declined', 'Your loan application was declined: income too low.'],
    ]);
  });

  it('a resting limit order fills, and not for a market order filled at once', async () => {
    const who = await newTrader(t, 500_000n);
    const market = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '10',
    });
    expect(market.code, market.msg).toBe(0);
    const limit = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '10',
      price: '14.100',
    });
    expect(limit.data.state).toBe('open');
    expect(await titlesOf(who.token)).toEqual([]);
    try {
      t.books.set('ENI.MI', { ...eniBook, asks: [{ price: 14_100n, quantity: 500n }] });
      expect(await t.engine.step()).toBe(1);
    } finally {
      t.books.set('ENI.MI', eniBook);
    }
    expect(await titlesOf(who.token, 'it-IT')).toEqual([
      ['Ordine di acquisto eseguito', 'Il tuo ordine di acquisto di ENI.MI è stato eseguito.'],
    ]);
  });

  it('a perpetual is liquidated, once', async () => {
    const who = await newTrader(t, 0n);
    await setAppropriateness(t, who.id, 'fit');
    await fundContract(t, who, 2_000_000_000n);
    eth3300(t);
    const opened = await openLong(t, who.token);
    expect(opened.code, opened.msg).toBe(0);
    setEth(t, 165_895n);
    expect(await t.liquidations.step()).toBe(1);
    expect(await titlesOf(who.token)).toEqual([
      ['Position liquidated', 'Your perpetual contract on ETHUSDT was liquidated. Result: -994.978961 USDT.'],
    ]);
    expect(await countRows(t.db, `notices where user_id = ${who.id}`)).toBe(1);
    eth3300(t);
  });
});
