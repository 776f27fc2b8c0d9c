import { describe, expect, it } from 'vitest';
import { nextStep } from './next-step';

describe('the next step of a new investor', () => {
  it('is to verify, then wait for the check, then deposit, then trade, then nothing', () => {
    expect(nextStep({ idStatus: 'none', funded: false, traded: false })).toBe('verify');
    expect(nextStep({ idStatus: 'fail', funded: false, traded: false })).toBe('verify');
    expect(nextStep({ idStatus: 'pending', funded: false, traded: false })).toBe('verifying');
    expect(nextStep({ idStatus: 'succ', funded: false, traded: false })).toBe('deposit');
    expect(nextStep({ idStatus: 'succ', funded: true, traded: false })).toBe('trade');
    expect(nextStep({ idStatus: 'succ', funded: true, traded: true })).toBeNull();
  });
});
