import type { OptionView } from '@piazza/contract/calls/options-shapes';
import type { ExperienceLevel, InvestmentObjective, RiskPreference } from '@piazza/core/appropriateness';
import { saveProfile } from '../src/modules/kyc/profile';
import { newRequestId } from './funding-steps';
import { call, type TestApp } from './helper';
import { newTrader } from './trading-steps';

/* Steps of the option tests: an investor with an appropriateness profile, a purchase, a close. */

export async function setProfile(
  t: TestApp,
  userId: number,
  experience: ExperienceLevel,
  riskPreference: RiskPreference,
  objective: InvestmentObjective = 'growth',
): Promise<void> {
  await saveProfile(
    t.db,
    userId,
    {
      purpose: 'investing',
      fundSource: 'salary',
      incomeRange: '50k_100k',
      assetRange: '50k_250k',
      objective,
      riskPreference,
      experience,
    },
    new Date(),
  );
}

/** An investor for whom options are fit (advanced, high risk, growth), with `euros` minor units on spot. */
export async function newOptionTrader(t: TestApp, euros: bigint) {
  const who = await newTrader(t, euros);
  await setProfile(t, who.id, 'advanced', 'high');
  return who;
}

export function buyOption(
  t: TestApp,
  token: string,
  params: Record<string, string | number | boolean>,
  opts: { requestId?: string; lang?: string } = {},
) {
  return call<OptionView>(
    t.app,
    'POST',
    '/stock/order/option/apply',
    { ...params, requestId: opts.requestId ?? newRequestId() },
    { token, lang: opts.lang },
  );
}

export function closeOption(t: TestApp, token: string, id: number, opts: { lang?: string } = {}) {
  return call<OptionView>(
    t.app,
    'POST',
    '/stock/order/option/close',
    { id, requestId: newRequestId() },
    { token, lang: opts.lang },
  );
}

export async function optionCount(t: TestApp): Promise<number> {
  const [row] = await t.db.query<{ n: bigint }>('select count(*) as n from option_orders');
  return Number(row?.n ?? 0n);
}
