import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { allotOffering } from '../src/modules/primary/lifecycle';
import { apply } from '../src/modules/primary/subscriptions';
import { Refusal } from '../src/platform/refusal';
import { createTestApp, type TestApp, TestClock } from './helper';
import { hour, type Investor, ipoTerms, newApplicant, publishOffering } from './primary-steps';

/*
 * Issue 12: "concurrent applications and the allotment job running at the same time never allot more than
 * offered". Fifty investors apply at once, each in its own transaction, while the allotment runs (as an
 * instance whose clock has passed the close would); on PostgreSQL (DATABASE_URL) they truly overlap.
 */

const start = Date.UTC(2026, 10, 23, 9, 0);
let t: TestApp;
let investors: Investor[];

beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(start) });
  investors = [];
  for (let i = 0; i < 50; i++) investors.push(await newApplicant(t, 10_000_00n));
}, 120_000);
afterAll(() => t?.close());

describe('fifty applicants and the allotment at once', () => {
  it('allots at most the lots offered, every application it saw, and refuses the ones that came after', async () => {
    const offering = await publishOffering(
      t,
      ipoTerms(start, { lotsOffered: 40, allotsAt: start + 24 * hour }),
    );
    const closeMs = offering.closesAt;
    const lotsOf = (i: number) => 1 + (i % 8);
    const applications = investors.map((who, i) =>
      t.db
        .tx((q) =>
          apply(q, {
            userId: who.id,
            offeringId: offering.id,
            lots: lotsOf(i),
            acknowledgeRisk: false,
            automatic: false,
            nowMs: closeMs - 1,
          }),
        )
        .then(
          () => 'applied' as const,
          (err: unknown) => {
            if (err instanceof Refusal) return err.key;
            throw err;
          },
        ),
    );
    const allotment = t.db.tx((q) => allotOffering(q, BigInt(offering.id), closeMs));
    const outcomes = await Promise.all(applications);
    await allotment;

    const refusals = outcomes.filter((o) => o !== 'applied');
    expect(new Set(refusals)).toEqual(new Set(refusals.length > 0 ? ['ipo.notOpen'] : []));
    const rows = await t.db.query<{ status: string; lotsApplied: number; lotsAllotted: number | null }>(
      `select status, lots_applied as "lotsApplied", lots_allotted as "lotsAllotted" from offering_subscriptions`,
    );
    expect(rows).toHaveLength(outcomes.filter((o) => o === 'applied').length);
    expect(rows.filter((r) => r.status === 'applied')).toEqual([]);
    const allotted = rows.reduce((sum, r) => sum + (r.lotsAllotted ?? 0), 0);
    const applied = rows.reduce((sum, r) => sum + r.lotsApplied, 0);
    expect(allotted).toBe(Math.min(40, applied));
    for (const r of rows) expect(r.lotsAllotted ?? 0).toBeLessThanOrEqual(r.lotsApplied);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
