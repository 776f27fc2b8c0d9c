import { describe, expect, it } from 'vitest';
import { addYears, emptyDraft, fromIsoDate, type KycDraft, submissionOf, toIsoDate } from './kyc-draft';

const doc = (id: string) => ({ id, kind: 'png' as const, size: 100, url: `/x/${id}`, preview: null });
const full: KycDraft = {
  certType: 'id_card',
  realName: 'Giulia Romano',
  certNo: 'CA12345AB',
  birthday: '1990-04-12',
  nationality: 'IT',
  validUntil: '2031-04-12',
  address: 'Via Roma 1, 20121 Milano',
  purpose: 'investing',
  fundSource: 'salary',
  incomeRange: '20k_50k',
  assetRange: 'lt50k',
  objective: 'growth',
  riskPreference: 'medium',
  experience: 'basic',
  front: doc('a'.repeat(32)),
  back: doc('b'.repeat(32)),
};

describe('the KYC draft', () => {
  it('becomes the call parameters when every step is filled in', () => {
    expect(submissionOf(full, true)).toMatchObject({
      certType: 'id_card',
      experience: 'basic',
      frontId: 'a'.repeat(32),
      backId: 'b'.repeat(32),
      privacy: 1,
    });
  });

  it('is not ready while a field or a side of the document is missing', () => {
    expect(submissionOf(emptyDraft, true)).toBeNull();
    expect(submissionOf({ ...full, experience: undefined }, true)).toBeNull();
    expect(submissionOf({ ...full, back: null }, true)).toBeNull();
  });

  it('sends an unticked privacy box as it is, for the server to refuse by name', () => {
    expect(submissionOf(full, false)?.privacy).toBe(0);
  });

  it('keeps dates as calendar days', () => {
    expect(toIsoDate(new Date(1990, 3, 12))).toBe('1990-04-12');
    expect(toIsoDate(fromIsoDate('2031-12-31'))).toBe('2031-12-31');
    expect(toIsoDate(addYears(new Date(2026, 10, 21), -18))).toBe('2008-11-21');
  });
});
