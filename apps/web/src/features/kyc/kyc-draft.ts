import type { kycStatus, kycSubmit } from '@piazza/contract/calls/kyc';
import type { CallOutput, CallParams } from '@piazza/contract/define';
import type { UploadedDocument } from './document-input';

type Submission = CallParams<typeof kycSubmit>;
type SubmittedForm = NonNullable<CallOutput<typeof kycStatus>['form']>;

/** The answers the questionnaire step asks, by their wire names. */
export const questionnaireFields = [
  'purpose',
  'fundSource',
  'incomeRange',
  'assetRange',
  'objective',
  'riskPreference',
  'experience',
] as const;
export type QuestionnaireField = (typeof questionnaireFields)[number];
export type Questionnaire = { [F in QuestionnaireField]: Submission[F] };

/**
 * What the person has entered so far, kept above the steps so that going back and forth loses nothing.
 * Dates are YYYY-MM-DD as the wire takes them.
 */
export interface KycDraft extends Partial<Questionnaire> {
  certType?: Submission['certType'];
  realName?: string;
  certNo?: string;
  birthday?: string;
  nationality?: string;
  validUntil?: string;
  address?: string;
  front: UploadedDocument | null;
  back: UploadedDocument | null;
}

export const emptyDraft: KycDraft = { front: null, back: null };

/** A failed submission, ready to correct and send again (its stored documents previewed once fetched). */
export function draftFrom(form: SubmittedForm): KycDraft {
  const { front, back, submittedAt: _submittedAt, ...fields } = form;
  return { ...fields, front: { ...front, preview: null }, back: { ...back, preview: null } };
}

/** A calendar day as YYYY-MM-DD in the person's own time zone (a birthday is a day, not an instant). */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function fromIsoDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** Years added to a day, for the pickers' bounds (Feb 29 becomes Mar 1 when the year has none). */
export function addYears(date: Date, years: number): Date {
  return new Date(date.getFullYear() + years, date.getMonth(), date.getDate());
}

/**
 * The call's parameters once every step is filled in, or null while something is missing. The server checks
 * each field again and names what it refuses.
 */
export function submissionOf(draft: KycDraft, privacy: boolean): Submission | null {
  const { certType, realName, certNo, birthday, nationality, validUntil, address, front, back } = draft;
  if (!certType || !realName || !certNo || !birthday || !nationality || !validUntil || !address) return null;
  if (!front || !back) return null;
  if (questionnaireFields.some((field) => draft[field] === undefined)) return null;
  const answers = Object.fromEntries(questionnaireFields.map((f) => [f, draft[f]])) as Questionnaire;
  return {
    certType,
    realName,
    certNo,
    birthday,
    nationality,
    validUntil,
    address,
    ...answers,
    frontId: front.id,
    backId: back.id,
    privacy: privacy ? 1 : 0,
  };
}

/** Noon UTC of a calendar day: the same day in Rome, so packages/core formats it as that day. */
export function dayEpochMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12);
}
