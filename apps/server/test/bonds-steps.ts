import type {
  BondMovementView,
  BondPositionView,
  BondTicketView,
  BondTradeView,
  BondView,
} from '@piazza/contract/calls/bonds-shapes';
import { expect } from 'vitest';
import { balanceOf } from '../src/ledger/post';
import { call, type TestApp } from './helper';
import { type Investor, requestId } from './investor-steps';

/* Steps of the government-bond tests: tickets, trades, positions and the coupon and redemption jobs. */

export const ticket = (t: TestApp, isin: string, side: 'buy' | 'sell', nominal: string, lang = 'en-US') =>
  call<BondTicketView>(t.app, 'GET', '/bonds/ticket', { isin, side, nominal }, { lang });

export const trade = (
  t: TestApp,
  who: Investor,
  side: 'buy' | 'sell',
  isin: string,
  nominal: string,
  lang = 'en-US',
) =>
  call<BondTradeView>(
    t.app,
    'POST',
    `/user/bonds/${side}`,
    { isin, nominal, requestId: requestId() },
    { token: who.token, lang },
  );

export async function bondList(t: TestApp): Promise<BondView[]> {
  const res = await call<{ list: BondView[] }>(t.app, 'GET', '/bonds/list');
  expect(res.code, res.msg).toBe(0);
  return res.data.list;
}

export async function positions(t: TestApp, who: Investor): Promise<BondPositionView[]> {
  const res = await call<{ list: BondPositionView[] }>(
    t.app,
    'GET',
    '/user/bonds/positions',
    {},
    { token: who.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.list;
}

export async function movements(t: TestApp, who: Investor): Promise<BondMovementView[]> {
  const res = await call<{ list: BondMovementView[] }>(
    t.app,
    'GET',
    '/user/bonds/movements',
    {},
    { token: who.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.list;
}

/** Runs every due key of a bond job at the clock's now. */
export async function runJob(t: TestApp, name: 'bond-coupons' | 'bond-redemptions'): Promise<string[]> {
  const runs = await t.app.services.jobs.runNow(name, 'test');
  for (const r of runs) expect(r.state, `${r.key} ${r.error ?? ''}`).toBe('succeeded');
  return runs.map((r) => r.key);
}

/** The platform's tax-payable EUR balance, in minor units. */
export const taxPayable = (t: TestApp) =>
  balanceOf(t.db, { ownerType: 'platform', ownerId: 0, purpose: 'tax-payable', asset: 'EUR' });

/** Euros as the wire writes them ("10123.50") from minor units. */
export const euros = (minor: bigint) =>
  `${minor < 0n ? '-' : ''}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0')}`;

/** Minor units of a wire amount ("10123.50"). */
export const minor = (wire: string) => {
  const [units, cents = '0'] = wire.replace('-', '').split('.');
  const value = BigInt(units ?? '0') * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2));
  return wire.startsWith('-') ? -value : value;
};
