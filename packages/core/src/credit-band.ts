/** The bands of the credit score the profile shows (issue 4): 80–100 Excellent, 60–79 Qualified, 0–59 Risk. */
export type CreditBand = 'excellent' | 'qualified' | 'risk';

export const creditScoreMin = 0;
export const creditScoreMax = 100;

/** The band of a score; a score outside 0–100 (never stored: the database checks it) is clamped first. */
export function creditBand(score: number): CreditBand {
  const clamped = Math.min(creditScoreMax, Math.max(creditScoreMin, Math.trunc(score)));
  if (clamped >= 80) return 'excellent';
  if (clamped >= 60) return 'qualified';
  return 'risk';
}
