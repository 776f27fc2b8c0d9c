import type { OfferingView, SubscriptionView } from '@piazza/contract/calls/primary-shapes';
import { expect } from 'vitest';
import { demoAdmin, signIn } from './admin-fixtures';
import { call, type TestApp } from './helper';

/*
 * Steps of the primary-market tests: an admin writes and publishes an offering, investors (KYC approved,
 * questionnaire done, money on spot) apply, pay, and the offering's jobs run at the clock's moments.
 */

import { day, hour, type Investor, requestId } from './investor-steps';

export { day, fund, hour, type Investor, newApplicant, requestId } from './investor-steps';

export const adminOf = (t: TestApp) => signIn(t.app, demoAdmin);

/** Terms of an IPO on Borsa Italiana whose moments follow `startMs` by the hours given. */
export function ipoTerms(startMs: number, overrides: Record<string, string | number | boolean> = {}) {
  return {
    kind: 'ipo',
    symbol: 'NEWCO',
    name: 'Newco Industrie',
    isin: 'IT0005566770',
    market: 'XMIL',
    issuePrice: '10.00',
    discountPercent: '5',
    lotSize: 100,
    minLots: 1,
    maxLots: 8,
    lotsOffered: 10,
    opensAt: startMs + hour,
    closesAt: startMs + day,
    allotsAt: startMs + day + hour,
    payBy: startMs + 2 * day,
    listsAt: startMs + 3 * day,
    documentUrl: 'https://issuer.example/prospectus.pdf',
    description: 'A test issuer.',
    ...overrides,
  };
}

/** Saves and publishes an offering as the demo admin; answers its view. */
export async function publishOffering(
  t: TestApp,
  terms: Record<string, string | number | boolean>,
): Promise<OfferingView> {
  const admin = await adminOf(t);
  const saved = await call<OfferingView>(t.app, 'POST', '/admin/offerings/save', terms, { token: admin });
  expect(saved.code, saved.msg).toBe(0);
  const published = await call<OfferingView>(
    t.app,
    'POST',
    '/admin/offerings/publish',
    { id: saved.data.id },
    { token: admin },
  );
  expect(published.code, published.msg).toBe(0);
  return published.data;
}

export function applyFor(
  t: TestApp,
  who: Investor,
  offeringId: number,
  lots: number | string,
  opts: { lang?: string; acknowledgeRisk?: boolean } = {},
) {
  return call<SubscriptionView>(
    t.app,
    'POST',
    '/stock/order/new/apply',
    { id: offeringId, lots, requestId: requestId(), acknowledgeRisk: opts.acknowledgeRisk },
    { token: who.token, lang: opts.lang },
  );
}

export function payFor(t: TestApp, who: Investor, subscriptionId: number, opts: { lang?: string } = {}) {
  return call<SubscriptionView>(
    t.app,
    'POST',
    '/stock/order/new/pay',
    { id: subscriptionId, requestId: requestId() },
    { token: who.token, lang: opts.lang },
  );
}

export async function info(t: TestApp, id: number, who?: Investor) {
  const res = await call<{
    offering: OfferingView;
    lines: { subscriptionId: number; lotsAllotted: number }[];
  }>(t.app, 'GET', '/stock/new/info', { id }, { token: who?.token });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

/** Runs every due period of an offering job at the clock's now, as the runner would. */
export async function runJob(t: TestApp, name: string): Promise<string[]> {
  const runs = await t.app.services.jobs.runNow(name, 'test');
  for (const r of runs) expect(r.state, `${name}:${r.key} ${r.error ?? ''}`).toBe('succeeded');
  return runs.map((r) => r.summary ?? '');
}

export { balance } from './investor-steps';

export async function billsOf(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.db.query<{ billType: string }>(
    `select distinct e.bill_type as "billType" from journal_entries e join postings p on p.entry_id = e.id
       join accounts a on a.id = p.account_id where a.owner_type = 'user' and a.owner_id = $1 order by 1`,
    [userId],
  );
  return rows.map((r) => r.billType);
}
