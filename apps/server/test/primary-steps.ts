import { randomBytes } from 'node:crypto';
import type { OfferingView, SubscriptionView } from '@piazza/contract/calls/primary-shapes';
import { expect } from 'vitest';
import { type AccountRef, balanceOf, postEntry } from '../src/ledger/post';
import { saveProfile } from '../src/modules/kyc/profile';
import { demoAdmin, signIn } from './admin-fixtures';
import { call, type TestApp } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * Steps of the primary-market tests: an admin writes and publishes an offering, investors (KYC approved,
 * questionnaire done, money on spot) apply, pay, and the offering's jobs run at the clock's moments.
 */

export const hour = 3_600_000;
export const day = 24 * hour;

export const requestId = () => `req-${randomBytes(8).toString('hex')}`;

export interface Investor {
  id: number;
  token: string;
}

let serial = 0;

/** Credits `amount` minor units of `asset` to the investor's spot account, as a platform reward. */
export async function fund(t: TestApp, userId: number, amount: bigint, asset = 'EUR'): Promise<void> {
  const rewards: AccountRef = { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset };
  await t.db.tx((q) =>
    postEntry(q, {
      billType: 'platform_reward',
      actor: { type: 'system' },
      idempotencyKey: `primary-test:${randomBytes(6).toString('hex')}:${++serial}`,
      postings: [
        { account: rewards, amount: -amount },
        { account: { ownerType: 'user', ownerId: userId, purpose: 'spot', asset }, amount },
      ],
    }),
  );
}

/** An investor with KYC approved and an experienced profile (shares are fit), holding `euros` minor units. */
export async function newApplicant(
  t: TestApp,
  euros: bigint,
  opts: { kyc?: boolean; profile?: 'experienced' | 'novice' | 'none' } = {},
): Promise<Investor> {
  const { token, user } = await registerInvestor(t.app, `applicant-${requestId()}@piazza.test`);
  if (opts.kyc ?? true) await t.db.query(`update users set id_status = 'succ' where id = $1`, [user.id]);
  const profile = opts.profile ?? 'experienced';
  if (profile !== 'none') {
    await saveProfile(
      t.db,
      user.id,
      {
        purpose: 'investing',
        fundSource: 'salary',
        incomeRange: '50k_100k',
        assetRange: '50k_250k',
        objective: 'growth',
        riskPreference: 'medium',
        experience: profile === 'experienced' ? 'informed' : 'none',
      },
      new Date(),
    );
  }
  if (euros > 0n) await fund(t, user.id, euros);
  return { id: user.id, token };
}

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

export const balance = (t: TestApp, userId: number, purpose: string, asset = 'EUR') =>
  balanceOf(t.db, { ownerType: 'user', ownerId: userId, purpose, asset });

export async function billsOf(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.db.query<{ billType: string }>(
    `select distinct e.bill_type as "billType" from journal_entries e join postings p on p.entry_id = e.id
       join accounts a on a.id = p.account_id where a.owner_type = 'user' and a.owner_id = $1 order by 1`,
    [userId],
  );
  return rows.map((r) => r.billType);
}
