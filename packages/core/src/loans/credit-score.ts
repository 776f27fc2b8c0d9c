import { creditScoreMax, creditScoreMin } from '../credit-band';

/*
 * The credit score (DESIGN.md §9, issue 14): 0–100 from what the platform knows, each factor's points shown
 * to the investor. Without a verified identity and some history (a deposit or a loan) there is nothing to
 * rate: the score is null ("not yet rated"), never a default. An operator's adjustment is added on top and
 * shown as such, not folded into a factor.
 */

export interface CreditFacts {
  kycVerified: boolean;
  accountAgeDays: number;
  depositsCount: number;
  loansRepaidOnTime: number;
  loansRepaidLate: number;
  /** Days past due summed over every loan, the open ones to today. */
  daysOverdue: number;
}

export type CreditFactorKey = 'identity' | 'tenure' | 'deposits' | 'repaidOnTime' | 'repaidLate' | 'overdue';

export interface CreditFactor {
  key: CreditFactorKey;
  points: number;
  /** The most (or, for a penalty, the least) the factor can give. */
  limit: number;
}

export interface CreditScore {
  /** null: not yet rated. */
  score: number | null;
  factors: CreditFactor[];
  adjustment: number;
}

/** Points taken away, written as a negative number (0 when none, not −0). */
const penalty = (points: number) => (points === 0 ? 0 : -points);

export function creditScore(facts: CreditFacts, adjustment = 0): CreditScore {
  const factors: CreditFactor[] = [
    { key: 'identity', points: facts.kycVerified ? 25 : 0, limit: 25 },
    {
      key: 'tenure',
      points: Math.min(15, Math.floor(Math.max(0, facts.accountAgeDays) / 30) * 3),
      limit: 15,
    },
    { key: 'deposits', points: Math.min(20, Math.max(0, facts.depositsCount) * 4), limit: 20 },
    { key: 'repaidOnTime', points: Math.min(40, Math.max(0, facts.loansRepaidOnTime) * 10), limit: 40 },
    { key: 'repaidLate', points: penalty(Math.min(20, Math.max(0, facts.loansRepaidLate) * 5)), limit: -20 },
    { key: 'overdue', points: penalty(Math.min(60, Math.max(0, facts.daysOverdue) * 2)), limit: -60 },
  ];
  const hasHistory = facts.depositsCount > 0 || facts.loansRepaidOnTime + facts.loansRepaidLate > 0;
  if (!facts.kycVerified || !hasHistory) return { score: null, factors, adjustment };
  const raw = factors.reduce((sum, f) => sum + f.points, 0) + adjustment;
  return { score: Math.min(creditScoreMax, Math.max(creditScoreMin, Math.round(raw))), factors, adjustment };
}
