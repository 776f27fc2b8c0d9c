import { parseAmount } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import { findEntryByKey, postEntry } from '../../ledger/post';
import { hashPassword } from '../../platform/passwords';
import type { Services } from '../../services';
import { seedDemoNews } from '../content';
import { accountOf, findUserByAccount, insertUser, newInviteCode } from '../identity';
import { readProfile, saveProfile } from '../kyc';
import { seedDemoProducts } from '../managed';
import { seedDemoOfferings } from '../primary';

/** The demo investor the README lists (the demo operators are the back office's, see admin/bootstrap.ts). */
export const demoInvestor = {
  account: 'demo@piazza.it',
  password: 'Piazza2026',
  nickname: 'Giulia Demo',
} as const;

/**
 * A second demo investor, the one already in the AI Multiplier's products since their launch (their books need
 * investors for a live record); the README lists them too.
 */
export const demoFollower = {
  account: 'marco@piazza.it',
  password: 'Piazza2026',
  nickname: 'Marco Demo',
} as const;

/** What the platform credits the demo investor with, as platform rewards into their spot accounts. */
export const demoRewards = [
  { asset: 'EUR', amount: '100000.00' },
  { asset: 'USD', amount: '20000.00' },
  { asset: 'USDT', amount: '10000' },
] as const;

/** The demo investor's questionnaire (appropriateness, DESIGN.md §4). */
const demoQuestionnaire = {
  purpose: 'investing',
  fundSource: 'salary',
  incomeRange: '50k_100k',
  assetRange: '50k_250k',
  objective: 'growth',
  riskPreference: 'high',
  experience: 'informed',
} as const;

/**
 * Demo mode's investor: KYC verified and credited from the platform's `rewards` account, and the demo
 * offerings of the primary market. Safe to run at every start: the user is found by account and each reward by its idempotency key, so a restart changes
 * nothing.
 */
export async function seedDemo(services: Services): Promise<void> {
  const step = <T>(name: string, run: () => Promise<T>) => timedStep(services, name, run);
  await step('investor', () => seedInvestor(services, demoInvestor));
  const followerId = await step('follower', () => seedInvestor(services, demoFollower));
  await step('offerings', () => seedDemoOfferings(services));
  await step('products', () => seedDemoProducts(services, followerId));
  await step('news', () => seedDemoNews(services));
}

/** Runs one step of the seed and says at debug level how long it took (where a slow start spends its time). */
async function timedStep<T>(services: Services, name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  services.log.debug({ step: name, ms: Math.round(performance.now() - started) }, 'demo seed step');
  return result;
}

/** A demo investor, KYC verified, questionnaire answered, credited once with the demo rewards. */
async function seedInvestor(
  services: Services,
  who: { account: string; password: string; nickname: string },
): Promise<number> {
  const { db, clock } = services;
  let user = await findUserByAccount(db, who.account);
  if (!user) {
    const passwordHash = await hashPassword(who.password);
    user = await db.tx(async (tx) =>
      insertUser(tx, {
        account: accountOf(who.account),
        passwordHash,
        language: 'it-IT',
        inviteCode: await newInviteCode(tx),
        invitedBy: null,
        nickname: who.nickname,
        idStatus: 'succ',
        now: clock.now(),
      }),
    );
  }
  const userId = user.id;
  // A loan limit of €5,000.00, as an operator would set after checking income, so the loan pages can be tried.
  await db.query('update users set loan_limit = 500000 where id = $1 and loan_limit = 0', [userId]);
  // An informed investor accepting high risk: leveraged products fit, options need the risk warning accepted.
  if (!(await readProfile(db, userId))) {
    await saveProfile(db, userId, demoQuestionnaire, new Date(clock.now()));
  }

  for (const reward of demoRewards) {
    const idempotencyKey = `demo-seed:user:${userId}:reward:${reward.asset}`;
    await db.tx(async (tx) => {
      if (await findEntryByKey(tx, idempotencyKey)) return;
      const amount = parseAmount(reward.amount, await scaleOf(tx, reward.asset));
      if (amount === null)
        throw new Error(`demo reward ${reward.amount} ${reward.asset} does not fit its scale`);
      await postEntry(tx, {
        billType: 'platform_reward',
        actor: { type: 'system' },
        ref: { type: 'user', id: String(userId) },
        idempotencyKey,
        memo: 'Demo mode: starting balance of the demo investor',
        postings: [
          {
            account: { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: reward.asset },
            amount: -amount,
          },
          { account: { ownerType: 'user', ownerId: userId, purpose: 'spot', asset: reward.asset }, amount },
        ],
      });
    });
  }
  return userId;
}

async function scaleOf(q: Queryable, asset: string): Promise<number> {
  const row = await one<{ scale: number }>(q, 'select scale from assets where code = $1', [asset]);
  if (!row) throw new Error(`asset ${asset} is missing from the assets table`);
  return row.scale;
}
