import { appropriatenessGet, appropriatenessRetake } from '@piazza/contract/calls/kyc';
import {
  appropriateness,
  type ExperienceLevel,
  type InvestmentObjective,
  type RiskPreference,
} from '@piazza/core/appropriateness';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, userOf } from '../../http/implement';
import type { Services } from '../../services';

/** The six questionnaire answers, as the contract names them. */
export interface Questionnaire {
  purpose: string;
  fundSource: string;
  incomeRange: string;
  assetRange: string;
  objective: InvestmentObjective;
  riskPreference: RiskPreference;
  experience: ExperienceLevel;
}

interface ProfileRow {
  experience: ExperienceLevel;
  riskPreference: RiskPreference;
  objective: InvestmentObjective;
  takenAt: Date;
}

/** The profile with the verdict for each product class; null before any questionnaire. */
export async function readProfile(q: Queryable, userId: number) {
  const row = await one<ProfileRow>(
    q,
    `select experience, risk_preference as "riskPreference", objective, taken_at as "takenAt"
       from appropriateness_profiles where user_id = $1`,
    [userId],
  );
  if (!row) return null;
  return {
    experience: row.experience,
    riskPreference: row.riskPreference,
    objective: row.objective,
    takenAt: row.takenAt.getTime(),
    products: appropriateness({
      experience: row.experience,
      risk: row.riskPreference,
      objective: row.objective,
    }),
  };
}

/** Replaces the user's answers (KYC submission and a retake both come here). */
export async function saveProfile(q: Queryable, userId: number, a: Questionnaire, at: Date): Promise<void> {
  await q.query(
    `insert into appropriateness_profiles
       (user_id, purpose, fund_source, income_range, asset_range, objective, risk_preference, experience, taken_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (user_id) do update set purpose = $2, fund_source = $3, income_range = $4, asset_range = $5,
       objective = $6, risk_preference = $7, experience = $8, taken_at = $9`,
    [
      userId,
      a.purpose,
      a.fundSource,
      a.incomeRange,
      a.assetRange,
      a.objective,
      a.riskPreference,
      a.experience,
      at,
    ],
  );
}

export function mountProfile(app: FastifyInstance, services: Services): void {
  implement(app, services, appropriatenessGet, async (ctx) => ({
    profile: await readProfile(ctx.q, userOf(ctx).id),
  }));

  implement(app, services, appropriatenessRetake, async (ctx) => {
    const user = userOf(ctx);
    await saveProfile(ctx.q, user.id, ctx.input, new Date(services.clock.now()));
    const profile = await readProfile(ctx.q, user.id);
    if (!profile) throw new Error('profile vanished after saving');
    return { profile };
  });
}
