import { productClassOfRiskClass, type Verdict } from '@piazza/core/appropriateness';

/*
 * Whether the investor may subscribe a product plainly, only after its risk warning, or not at all: the
 * verdict their appropriateness profile gives the product class its risk class is judged as (core
 * appropriateness.ts, the rule the server applies). 'none' before the questionnaire.
 */

export type RobotVerdict = Verdict | 'none';

export function robotVerdict(
  profile: { products: readonly { product: string; verdict: Verdict }[] } | null,
  riskClass: number,
): RobotVerdict {
  if (!profile) return 'none';
  let product: string;
  try {
    product = productClassOfRiskClass(riskClass);
  } catch {
    // A class outside 1–7 is judged the riskiest, never the safest (as the server does without a measure).
    product = productClassOfRiskClass(7);
  }
  return profile.products.find((p) => p.product === product)?.verdict ?? 'warn';
}
