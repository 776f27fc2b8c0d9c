/*
 * MiFID II appropriateness (DESIGN.md §4): the KYC questionnaire yields a profile, and a pure rule says for
 * each product class whether the investor may buy it plainly ('fit'), only after a warning they accept
 * ('warn'), or not at all ('refuse'). The trading issues call `verdictFor` before a leveraged or option order.
 */

export const experienceLevels = ['none', 'basic', 'informed', 'advanced'] as const;
export type ExperienceLevel = (typeof experienceLevels)[number];

export const riskPreferences = ['low', 'medium', 'high'] as const;
export type RiskPreference = (typeof riskPreferences)[number];

export const investmentObjectives = ['preservation', 'income', 'growth', 'speculation'] as const;
export type InvestmentObjective = (typeof investmentObjectives)[number];

export const productClasses = ['shares', 'crypto', 'leveraged', 'options'] as const;
export type ProductClass = (typeof productClasses)[number];

export const verdicts = ['fit', 'warn', 'refuse'] as const;
export type Verdict = (typeof verdicts)[number];

/** The answers that decide appropriateness; the other questionnaire answers are KYC facts only. */
export interface AppropriatenessProfile {
  experience: ExperienceLevel;
  risk: RiskPreference;
  objective: InvestmentObjective;
}

const rank = <T extends string>(list: readonly T[], v: T) => list.indexOf(v);

/**
 * The rule, one product class at a time:
 * - shares: fit for everyone (non-complex under MiFID II art. 25(4)); a warning only with no experience.
 * - crypto: volatile, so a warning unless the investor accepts high risk with some experience.
 * - leveraged (CFD-like contracts): refused without experience or to a low-risk investor; fit only to an
 *   informed or advanced investor with high risk; a warning between.
 * - options: refused below informed experience or to a low-risk investor; fit only when advanced and high
 *   risk; a warning between.
 * A capital-preservation objective never gets better than a warning on leveraged products and options.
 */
export function verdictFor(profile: AppropriatenessProfile, product: ProductClass): Verdict {
  const exp = rank(experienceLevels, profile.experience);
  const risk = rank(riskPreferences, profile.risk);
  const cautious = profile.objective === 'preservation';
  const capped = (v: Verdict): Verdict => (cautious && v === 'fit' ? 'warn' : v);
  switch (product) {
    case 'shares':
      return exp === 0 ? 'warn' : 'fit';
    case 'crypto':
      return exp >= 1 && risk === 2 ? 'fit' : 'warn';
    case 'leveraged':
      if (exp === 0 || risk === 0) return 'refuse';
      return capped(exp >= 2 && risk === 2 ? 'fit' : 'warn');
    case 'options':
      if (exp < 2 || risk === 0) return 'refuse';
      return capped(exp === 3 && risk === 2 ? 'fit' : 'warn');
  }
}

/** Every product class with its verdict, in the order of `productClasses`. */
export function appropriateness(
  profile: AppropriatenessProfile,
): { product: ProductClass; verdict: Verdict }[] {
  return productClasses.map((product) => ({ product, verdict: verdictFor(profile, product) }));
}

/**
 * The class a managed product (issue 13, decision 033) is judged as, from its summary risk indicator: up to
 * 3 as shares; 4 and 5, as volatile as crypto-assets, by the crypto rule; 6 and 7 by the leveraged rule.
 */
export function productClassOfRiskClass(riskClass: number): ProductClass {
  if (!Number.isInteger(riskClass) || riskClass < 1 || riskClass > 7) {
    throw new RangeError('a risk class is a whole number from 1 to 7');
  }
  if (riskClass <= 3) return 'shares';
  return riskClass <= 5 ? 'crypto' : 'leveraged';
}
