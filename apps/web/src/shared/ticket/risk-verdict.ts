import { type ProductClass, productClassOfRiskClass, type Verdict } from '@piazza/core/appropriateness';

/*
 * Whether the investor may put money in a managed product (an AI product, a fund) plainly, only after its
 * risk warning, or not at all: the verdict their appropriateness profile gives the product class its risk
 * class is judged as (core appropriateness.ts, the rule the server applies). 'none' before the questionnaire.
 */

export type ProductVerdict = Verdict | 'none';

/** The class a product is judged as; a fund not rated yet (null) as crypto-assets, as the server does. */
function productClassOf(riskClass: number | null): ProductClass {
  if (riskClass === null) return 'crypto';
  try {
    return productClassOfRiskClass(riskClass);
  } catch {
    // A class outside 1–7 is judged the riskiest, never the safest (as the server does without a measure).
    return productClassOfRiskClass(7);
  }
}

export function productVerdict(
  profile: { products: readonly { product: string; verdict: Verdict }[] } | null,
  riskClass: number | null,
): ProductVerdict {
  if (!profile) return 'none';
  const product = productClassOf(riskClass);
  return profile.products.find((p) => p.product === product)?.verdict ?? 'warn';
}
