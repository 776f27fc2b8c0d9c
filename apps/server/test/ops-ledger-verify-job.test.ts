import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntry } from '../src/ledger/post';
import { ledgerVerifyJobName } from '../src/ops/ledger-verify-job';
import { createTestApp, type TestApp, TestClock } from './helper';

/*
 * The nightly `ledger-verify` job (issue 23, decision 042): defined by the server, due once for the UTC day that
 * ended, succeeds with a summary on a clean ledger and fails, recorded for the Jobs screen, on a breach.
 */

let t: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 28, 0, 30));

beforeAll(async () => {
  t = await createTestApp({ clock });
});

afterAll(async () => {
  await t?.close();
});

describe('the nightly ledger verification', () => {
  it('runs once for the day that ended, and fails on a ledger that does not hold', async () => {
    const { jobs, db } = t.app.services;
    const job = jobs.definitions().find((j) => j.name === ledgerVerifyJobName);
    expect(job).toBeDefined();
    expect(await job?.due(clock.now())).toEqual(['2026-11-27']);

    await db.tx((q) =>
      postEntry(q, {
        billType: 'platform_reward',
        actor: { type: 'system' },
        idempotencyKey: 'ledger-verify-job:1',
        postings: [
          {
            account: { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: 'EUR' },
            amount: -5_000n,
          },
          { account: { ownerType: 'platform', ownerId: 0, purpose: 'fees', asset: 'EUR' }, amount: 5_000n },
        ],
      }),
    );
    const clean = await jobs.runPeriod(ledgerVerifyJobName, '2026-11-27');
    expect(clean).toMatchObject({ ran: true, run: { state: 'succeeded' } });
    expect(clean.run?.summary).toMatch(/^2026-11-27: clean: \d+ checks hold over \d+ entries$/);

    // One cent appears on an account with no posting behind it: the balance no longer equals its postings.
    await db.query(
      `update accounts set balance = balance + 1
        where owner_type = 'platform' and owner_id = 0 and purpose = 'fees' and asset = 'EUR'`,
    );
    clock.advance(24 * 3_600_000);
    expect(await job?.due(clock.now())).toEqual(['2026-11-28']);
    await expect(jobs.runPeriod(ledgerVerifyJobName, '2026-11-28')).rejects.toThrow(
      /ledger not clean: \d+ breaches/,
    );
    const failed = await jobs.runs({ job: ledgerVerifyJobName, failedOnly: true, page: 1, size: 10 });
    expect(failed.rows.map((r) => [r.key, r.state])).toEqual([['2026-11-28', 'failed']]);
    expect(failed.rows[0]?.error).toMatch(/ledger not clean/);
  });
});
