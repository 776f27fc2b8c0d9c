import {
  experienceLevels,
  investmentObjectives,
  productClasses,
  riskPreferences,
  verdicts,
} from '@piazza/core/appropriateness';
import { z } from 'zod';

/* KYC shapes shared by the investor's calls (calls/kyc.ts) and the back office's (calls/admin-kyc.ts). */

export const certTypes = ['id_card', 'driving_licence', 'passport', 'permanent_resident'] as const;
export const accountPurposes = ['investing', 'saving', 'trading', 'retirement', 'other'] as const;
export const fundSources = [
  'salary',
  'business',
  'savings',
  'inheritance',
  'investments',
  'pension',
  'other',
] as const;
export const incomeRanges = ['lt20k', '20k_50k', '50k_100k', 'gt100k'] as const;
export const assetRanges = ['lt50k', '50k_250k', '250k_1m', 'gt1m'] as const;
export const hniStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export const documentKinds = ['jpeg', 'png', 'pdf'] as const;

export const dateField = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: key });

export const textField = (key: string, max: number) =>
  z
    .string({ error: key })
    .trim()
    .refine((v) => [...v].length >= 2 && [...v].length <= max, { error: key });

/** The six questionnaire answers; the last three make the appropriateness profile. */
export const questionnaireShape = {
  purpose: z.enum(accountPurposes, { error: 'kyc.purpose' }),
  fundSource: z.enum(fundSources, { error: 'kyc.fundSource' }),
  incomeRange: z.enum(incomeRanges, { error: 'kyc.incomeRange' }),
  assetRange: z.enum(assetRanges, { error: 'kyc.assetRange' }),
  objective: z.enum(investmentObjectives, { error: 'kyc.objective' }),
  riskPreference: z.enum(riskPreferences, { error: 'kyc.riskPreference' }),
  experience: z.enum(experienceLevels, { error: 'kyc.experience' }),
};

export const documentIdField = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .regex(/^[a-f0-9]{32}$/, { error: key });

export const documentView = z.object({
  id: z.string(),
  kind: z.enum(documentKinds),
  size: z.number().int(),
  /** Where the owner (or an operator, on the admin path) reads the bytes: GET with the access-token header. */
  url: z.string(),
});

export const profileView = z.object({
  experience: z.enum(experienceLevels),
  riskPreference: z.enum(riskPreferences),
  objective: z.enum(investmentObjectives),
  takenAt: z.number().int(),
  products: z.array(z.object({ product: z.enum(productClasses), verdict: z.enum(verdicts) })),
});

/** The submitted form as stored; also what the back office shows. */
export const kycFormView = z.object({
  certType: z.enum(certTypes),
  realName: z.string(),
  certNo: z.string(),
  birthday: z.string(),
  address: z.string(),
  nationality: z.string(),
  validUntil: z.string(),
  purpose: z.enum(accountPurposes),
  fundSource: z.enum(fundSources),
  incomeRange: z.enum(incomeRanges),
  assetRange: z.enum(assetRanges),
  objective: z.enum(investmentObjectives),
  riskPreference: z.enum(riskPreferences),
  experience: z.enum(experienceLevels),
  front: documentView,
  back: documentView,
  submittedAt: z.number().int(),
});
