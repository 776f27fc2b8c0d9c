import type { CallDef, OperatorRole } from '@piazza/contract/define';

/**
 * Whether an operator of `role` may make `call`: the same rule the server applies, read from the same contract,
 * so a control is shown exactly when the server would accept it.
 */
export function can(role: OperatorRole | undefined, call: CallDef): boolean {
  if (!role) return false;
  return role === 'admin' || (call.roles ?? []).includes(role);
}
