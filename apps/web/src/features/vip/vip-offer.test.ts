import { describe, expect, it } from 'vitest';
import { notesAccess, offersTrial } from './vip-offer';

describe('the VIP notes', () => {
  it('open to members in force with the strategy service only, else say why as the server would', () => {
    expect(notesAccess({ state: 'active', strategyEnabled: true })).toEqual({ open: true });
    expect(notesAccess({ state: 'active', strategyEnabled: false })).toEqual({
      open: false,
      reason: 'vip.strategyOff',
    });
    expect(notesAccess({ state: 'none', strategyEnabled: true })).toEqual({
      open: false,
      reason: 'vip.notMember',
    });
    // Membership comes first: an expired member with the service is asked to buy.
    expect(notesAccess({ state: 'expired', strategyEnabled: true })).toEqual({
      open: false,
      reason: 'vip.expired',
    });
  });
});

describe('the trial', () => {
  it('is offered while it can be claimed and lasts some days', () => {
    expect(offersTrial({ trialAvailable: true, trialDays: 7 })).toBe(true);
    expect(offersTrial({ trialAvailable: false, trialDays: 7 })).toBe(false);
    expect(offersTrial({ trialAvailable: true, trialDays: 0 })).toBe(false);
  });
});
