import type { Queryable } from '../db/db';

/** One invariant breach found by `npm run ledger:verify`: which check, on what, and what is wrong. */
export interface Breach {
  check: string;
  subject: string;
  detail: string;
}

/** One invariant of the ledger: `find` answers every breach of it, none when it holds. */
export interface LedgerCheck {
  name: string;
  /** The invariant in one sentence, printed by the verifier. */
  rule: string;
  find(q: Queryable): Promise<Omit<Breach, 'check'>[]>;
}
