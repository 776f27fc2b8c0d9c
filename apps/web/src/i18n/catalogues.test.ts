import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { itIT } from './it-IT';

const placeholders = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort();

describe('the two catalogues', () => {
  it('have the same keys', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(itIT).sort());
  });

  it.each(Object.keys(itIT) as (keyof typeof itIT)[])('%s: same placeholders, no empty text', (key) => {
    expect(placeholders(enUS[key])).toEqual(placeholders(itIT[key]));
    expect(itIT[key].trim()).not.toBe('');
    expect(enUS[key].trim()).not.toBe('');
  });

  it('name the KYC states as SPEC §4 does, and ask the sign-out question of SPEC §2', () => {
    expect([enUS['kyc.none'], enUS['kyc.pending'], enUS['kyc.succ'], enUS['kyc.fail']]).toEqual([
      'Not verified',
      'Under review',
      'Verified',
      'Authentication failed',
    ]);
    expect(enUS['account.signOutConfirm']).toBe('Are you sure to Sign out?');
  });
});
