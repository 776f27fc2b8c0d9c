import type { RobotOrderState } from '@piazza/contract/calls/robot-shapes';

/*
 * What only the AI Multiplier pages write: the look of a subscription's state. The figures they share with
 * the funds' pages (percentages, profits, NAVs, risk classes) are in shared/figures/figure-text.ts.
 */

/** The look of a subscription's state: running, being paid back, done. */
export function orderTone(state: RobotOrderState): 'active' | 'amber' | 'badge' {
  if (state === 'active') return 'active';
  return state === 'redeeming' ? 'amber' : 'badge';
}
