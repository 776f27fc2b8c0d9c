import type { OfferingState, SubscriptionState } from '@piazza/contract/calls/primary-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { readTypedInteger } from '@piazza/core/typed-number';

/* What the offering pages compute from the wire: tones of the states, and the application preview. */

export type Tone = 'active' | 'good' | 'bad' | 'quiet';

export function offeringTone(state: OfferingState): Tone {
  if (state === 'open') return 'active';
  if (state === 'listed' || state === 'allotted') return 'good';
  if (state === 'cancelled') return 'bad';
  return 'quiet';
}

export function subscriptionTone(state: SubscriptionState): Tone {
  if (state === 'allotted') return 'active';
  if (state === 'paid') return 'good';
  if (state === 'unallotted' || state === 'lapsed' || state === 'refunded') return 'bad';
  return 'quiet';
}

export type LotsProblem = 'notNumber' | 'belowMin' | 'aboveMax' | 'aboveCash';

export interface ApplicationPreview {
  lots: number | null;
  /** Shares (or coins) applied for, lots × lot size. */
  quantity: string | null;
  /** What the lots cost at the offer price, as a wire decimal of the currency's scale. */
  amount: string | null;
  problem: LotsProblem | null;
}

/** The application as typed: lots read in the reader's language, their quantity and cost, what is wrong. */
export function previewApplication(
  typed: string,
  language: Language,
  offering: { lotSize: string; offerPrice: string; minLots: number; maxLots: number },
  cash: string,
): ApplicationPreview {
  const lots = readTypedInteger(typed, language);
  if (lots === null || lots <= 0) return { lots: null, quantity: null, amount: null, problem: 'notNumber' };
  const scale = offering.offerPrice.split('.')[1]?.length ?? 0;
  const price = parseAmount(offering.offerPrice, scale) ?? 0n;
  const quantity = BigInt(lots) * BigInt(offering.lotSize);
  const amount = quantity * price;
  let problem: LotsProblem | null = null;
  if (lots < offering.minLots) problem = 'belowMin';
  else if (lots > offering.maxLots) problem = 'aboveMax';
  else if (amount > (parseAmount(cash, scale) ?? 0n)) problem = 'aboveCash';
  return { lots, quantity: String(quantity), amount: formatAmount(amount, scale), problem };
}
