/** What a new investor does next, in order, until each is done (issue 17): verify, deposit, trade. */
export type NextStep = 'verify' | 'verifying' | 'deposit' | 'trade' | null;

export interface Progress {
  /** users.id_status: none (never sent), pending (in review), succ, fail (sent again). */
  idStatus: 'none' | 'pending' | 'succ' | 'fail';
  /** Whether any account holds money or assets now (a deposit was credited, or more). */
  funded: boolean;
  /** Whether any order was ever placed. */
  traded: boolean;
}

export function nextStep({ idStatus, funded, traded }: Progress): NextStep {
  if (idStatus === 'pending') return 'verifying';
  if (idStatus !== 'succ') return 'verify';
  if (!funded) return 'deposit';
  if (!traded) return 'trade';
  return null;
}
