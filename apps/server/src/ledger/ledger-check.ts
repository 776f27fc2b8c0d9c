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

/*
 * The business checks of the modules ("every business row that moved money has its entry", DESIGN.md §5).
 * The ledger knows no module: each registers its checks when the server is composed (src/server-modules.ts,
 * used by buildApp and by the ledger:verify command), and the verifier runs what is registered.
 */
const registered: LedgerCheck[] = [];

export function registerLedgerChecks(checks: readonly LedgerCheck[]): void {
  for (const check of checks) if (!registered.includes(check)) registered.push(check);
}

export function registeredLedgerChecks(): readonly LedgerCheck[] {
  return registered;
}
