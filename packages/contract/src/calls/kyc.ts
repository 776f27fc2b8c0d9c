import { z } from 'zod';
import { defineCall } from '../define';
import { idStatuses } from '../enums';
import { flagField } from '../fields';
import {
  certTypes,
  dateField,
  documentIdField,
  documentView,
  hniStatuses,
  kycFormView,
  profileView,
  questionnaireShape,
  textField,
} from '../kyc-fields';

/*
 * KYC, appropriateness and HNI (DESIGN.md §4; decision 009 maps them onto SPEC §7): GET /user/auth reads the
 * status, POST /user/info submits the form, POST /common/upload stores a document. Documents are read back
 * at the `url` each view carries (GET, access-token header), never inline as HTML.
 * Only calls are exported (the registry walks this module).
 */

export const kycStatus = defineCall({
  method: 'GET',
  path: '/user/auth',
  auth: 'user',
  tag: 'kyc',
  summary:
    'The KYC status (none → pending → succ | fail → pending on resubmission), the latest form submitted, the ' +
    'reason of a failure, the appropriateness profile and the HNI application.',
  input: {},
  output: z.object({
    idStatus: z.enum(idStatuses),
    failReason: z.string().nullable(),
    form: kycFormView.nullable(),
    reviewedAt: z.number().int().nullable(),
    profile: profileView.nullable(),
    hni: z.object({ status: z.enum(hniStatuses), reason: z.string().nullable() }),
  }),
});

export const kycSubmit = defineCall({
  method: 'POST',
  path: '/user/info',
  auth: 'user',
  tag: 'kyc',
  summary:
    'Submits (or, after a failure, resubmits) the KYC form with the ids of two documents uploaded by this ' +
    'user; refused while pending or once verified. The questionnaire also sets the appropriateness profile.',
  input: {
    certType: z.enum(certTypes, { error: 'kyc.certType' }),
    realName: textField('kyc.realName', 100),
    certNo: z
      .string({ error: 'kyc.certNo' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{5,30}$/, { error: 'kyc.certNo' }),
    /** YYYY-MM-DD; the holder must be 18 or older. */
    birthday: dateField('kyc.birthday'),
    address: textField('kyc.address', 200),
    /** ISO 3166-1 alpha-2, e.g. IT. */
    nationality: z
      .string({ error: 'kyc.nationality' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'kyc.nationality' }),
    /** YYYY-MM-DD, the last day the document is valid; not expired. */
    validUntil: dateField('kyc.validUntil'),
    ...questionnaireShape,
    frontId: documentIdField('kyc.front'),
    backId: documentIdField('kyc.back'),
    // Left out counts as not ticked; a default so the check still runs when it is absent.
    privacy: flagField('kyc.privacy')
      .default(false)
      .refine((v) => v, { error: 'kyc.privacy' }),
  },
  output: z.object({ idStatus: z.enum(idStatuses) }),
});

export const kycUpload = defineCall({
  method: 'POST',
  path: '/common/upload',
  auth: 'user',
  tag: 'kyc',
  summary:
    'multipart/form-data with one file field: a JPEG, PNG or PDF recognised by its content (not its name or ' +
    'declared type), at most 10 MB; JPEG and PNG metadata (EXIF, text chunks) are removed before storing.',
  input: {},
  output: documentView,
});

export const appropriatenessGet = defineCall({
  method: 'GET',
  path: '/user/appropriateness',
  auth: 'user',
  tag: 'kyc',
  summary:
    'The appropriateness profile and the verdict (fit, warn, refuse) for each product class; null before any questionnaire.',
  input: {},
  output: z.object({ profile: profileView.nullable() }),
});

export const appropriatenessRetake = defineCall({
  method: 'POST',
  path: '/user/appropriateness',
  auth: 'user',
  tag: 'kyc',
  summary:
    'Retakes the questionnaire: the six answers replace the profile (the KYC form keeps what was submitted).',
  input: questionnaireShape,
  output: z.object({ profile: profileView }),
});

export const hniApply = defineCall({
  method: 'POST',
  path: '/user/hni/apply',
  auth: 'user',
  tag: 'kyc',
  summary: 'Applies for the HNI account type; needs KYC verified; an operator approves or rejects.',
  input: {},
  output: z.object({ status: z.enum(hniStatuses) }),
});
