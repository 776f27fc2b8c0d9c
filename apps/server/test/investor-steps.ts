import { randomBytes } from 'node:crypto';
import { type AccountRef, balanceOf, postEntry } from '../src/ledger/post';
import { saveProfile } from '../src/modules/kyc/profile';
import type { TestApp } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * Investors as the money tests need them, shared by every domain's steps: signed up, KYC approved, the
 * appropriateness questionnaire answered, money on spot from a platform reward.
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

export const balance = (t: TestApp, userId: number, purpose: string, asset = 'EUR') =>
  balanceOf(t.db, { ownerType: 'user', ownerId: userId, purpose, asset });
