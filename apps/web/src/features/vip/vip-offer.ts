import type { VipStatusView } from '@piazza/contract/calls/vip-shapes';

/*
 * What the VIP page offers for a membership (decision 035): the trial while it can be claimed, the plans, and
 * the notes only to members in force with the strategy service — otherwise the server's own reason, by its
 * refusal key (contract messages/vip.ts).
 */

export type NotesAccess =
  | { open: true }
  | { open: false; reason: 'vip.notMember' | 'vip.expired' | 'vip.strategyOff' };

/** Whether /user/vip/notes would answer, and if not the refusal it would give, in the server's order. */
export function notesAccess(status: Pick<VipStatusView, 'state' | 'strategyEnabled'>): NotesAccess {
  if (status.state === 'none') return { open: false, reason: 'vip.notMember' };
  if (status.state === 'expired') return { open: false, reason: 'vip.expired' };
  if (!status.strategyEnabled) return { open: false, reason: 'vip.strategyOff' };
  return { open: true };
}

/** The trial is offered when the server prompts it and it has days. */
export function offersTrial(status: Pick<VipStatusView, 'trialAvailable' | 'trialDays'>): boolean {
  return status.trialAvailable && status.trialDays > 0;
}
