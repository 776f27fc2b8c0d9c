import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/modules/demo/seed';
import { call, createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

/** The demo investor's accounts and the entries made for them (the demo also seeds others: offerings, products). */
async function ledgerState() {
  const [demo] = await t.db.query<{ id: number }>(`select id from users where account = 'demo@piazza.it'`);
  const balances = await t.db.query<{ owner_type: string; purpose: string; asset: string; balance: bigint }>(
    `select owner_type, purpose, asset, balance from accounts where owner_type = 'user' and owner_id = $1
      order by asset`,
    [demo?.id],
  );
  const entries = await t.db.query<{ bill_type: string }>(
    `select bill_type from journal_entries where ref_type = 'user' and ref_id = $1::text`,
    [demo?.id],
  );
  const users = await t.db.query<{ account: string }>('select account from users');
  return { balances, entries, users };
}

describe('the demo investor', () => {
  it('logs in with the README credentials, KYC verified, with a nickname', async () => {
    const login = await call<{ token: string; user: Record<string, unknown> }>(t.app, 'POST', '/user/login', {
      account: 'demo@piazza.it',
      password: 'Piazza2026',
    });
    expect(login.code).toBe(0);
    expect(login.data.user).toMatchObject({
      account: 'demo@piazza.it',
      idStatus: 'succ',
      nickname: 'Giulia Demo',
      status: 1,
      language: 'it-IT',
    });
  });

  it('is credited €100,000.00, $20,000.00 and 10,000 USDT from the platform rewards account', async () => {
    const { balances, entries } = await ledgerState();
    expect(balances).toEqual([
      { owner_type: 'user', purpose: 'spot', asset: 'EUR', balance: 10_000_000n },
      { owner_type: 'user', purpose: 'spot', asset: 'USD', balance: 2_000_000n },
      { owner_type: 'user', purpose: 'spot', asset: 'USDT', balance: 10_000_000_000n },
    ]);
    expect(entries).toEqual([
      { bill_type: 'platform_reward' },
      { bill_type: 'platform_reward' },
      { bill_type: 'platform_reward' },
    ]);
  });

  it('is seeded once however many times the server starts', async () => {
    const before = await ledgerState();
    await seedDemo(t.app.services);
    await seedDemo(t.app.services);
    expect(await ledgerState()).toEqual(before);
  });
});
