import { z } from 'zod';
import { defineCall } from '../define';
import { idStatuses } from '../enums';
import { decimalField, flagField, intField, pageFields } from '../fields';
import { hniStatuses, kycFormView } from '../kyc-fields';
import { listOf } from '../wire';

/*
 * The back office's KYC review, user controls and operator TOTP (DESIGN.md §4). Compliance reviews KYC;
 * support sets a user's controls and decides HNI; finance sets loan limits; admin may do all. Every change is
 * audited with before and after in its own transaction. Only calls are exported.
 */

const userIdField = intField('admin.user.id').pipe(z.number().min(1, { error: 'admin.user.id' }));

const reasonField = z
  .string({ error: 'admin.reason.required' })
  .trim()
  .min(3, { error: 'admin.reason.required' })
  .max(500, { error: 'admin.reason.length' });

const totpCodeField = z
  .string({ error: 'admin.totp.format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'admin.totp.format' });

const queueRow = z.object({
  userId: z.number().int(),
  displayId: z.string(),
  account: z.string(),
  idStatus: z.enum(idStatuses),
  realName: z.string(),
  certType: z.string(),
  nationality: z.string(),
  submittedAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});

export const adminKycList = defineCall({
  method: 'GET',
  path: '/admin/kyc/list',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-kyc',
  summary:
    'KYC submissions, one row per investor (their latest): pending first, oldest first among them, then the ' +
    'reviewed ones newest first; status narrows the list.',
  input: { ...pageFields, status: z.enum(idStatuses, { error: 'field.invalid' }).optional() },
  output: listOf(queueRow),
});

export const adminKycDetail = defineCall({
  method: 'GET',
  path: '/admin/kyc/detail',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-kyc',
  summary:
    "One investor's latest KYC form with links to its two documents (GET with the operator's access-token), " +
    'and the review history.',
  input: { userId: userIdField },
  output: z.object({
    userId: z.number().int(),
    displayId: z.string(),
    account: z.string(),
    idStatus: z.enum(idStatuses),
    failReason: z.string().nullable(),
    form: kycFormView,
    history: z.array(
      z.object({
        status: z.enum(['pending', 'succ', 'fail']),
        reason: z.string().nullable(),
        submittedAt: z.number().int(),
        reviewedAt: z.number().int().nullable(),
        reviewer: z.string().nullable(),
      }),
    ),
  }),
});

export const adminKycApprove = defineCall({
  method: 'POST',
  path: '/admin/kyc/approve',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-kyc',
  summary: 'Approves a pending KYC submission: the investor becomes Verified (succ). Audited.',
  input: { userId: userIdField },
  output: z.object({ userId: z.number().int(), idStatus: z.enum(idStatuses) }),
});

export const adminKycReject = defineCall({
  method: 'POST',
  path: '/admin/kyc/reject',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-kyc',
  summary: 'Rejects a pending KYC submission with a reason the investor sees; they may resubmit. Audited.',
  input: { userId: userIdField, reason: reasonField },
  output: z.object({ userId: z.number().int(), idStatus: z.enum(idStatuses) }),
});

const controlsView = z.object({
  userId: z.number().int(),
  idStatus: z.enum(idStatuses),
  creditScore: z.number().int(),
  hni: z.object({
    status: z.enum(hniStatuses),
    reason: z.string().nullable(),
    appliedAt: z.number().nullable(),
  }),
  /** EUR, decimal string. */
  loanLimit: z.string(),
  vipStrategy: z.union([z.literal(0), z.literal(1)]),
  openAutoApply: z.union([z.literal(0), z.literal(1)]),
  /** The latest credit score changes, newest first. */
  scoreChanges: z.array(
    z.object({
      before: z.number().int(),
      after: z.number().int(),
      reason: z.string(),
      operator: z.string().nullable(),
      createdAt: z.number().int(),
    }),
  ),
});

export const adminUserControls = defineCall({
  method: 'GET',
  path: '/admin/user/controls',
  auth: 'operator',
  roles: ['support', 'compliance', 'finance'],
  tag: 'admin-kyc',
  summary:
    "An investor's controls: credit score and its recent changes, HNI, loan limit, VIP strategy, openAutoApply.",
  input: { id: userIdField },
  output: controlsView,
});

export const adminCreditScore = defineCall({
  method: 'POST',
  path: '/admin/user/score',
  auth: 'operator',
  roles: ['support'],
  tag: 'admin-kyc',
  summary:
    'Sets the credit score (0–100) with a reason; written to the score change log the investor reads. Audited.',
  input: {
    id: userIdField,
    score: intField('admin.score.range').pipe(
      z.number().min(0, { error: 'admin.score.range' }).max(100, { error: 'admin.score.range' }),
    ),
    reason: reasonField,
  },
  output: controlsView,
});

export const adminHniList = defineCall({
  method: 'GET',
  path: '/admin/hni/list',
  auth: 'operator',
  roles: ['support', 'compliance'],
  tag: 'admin-kyc',
  summary: 'HNI applications waiting for a decision, oldest first.',
  input: pageFields,
  output: listOf(
    z.object({
      userId: z.number().int(),
      displayId: z.string(),
      account: z.string(),
      idStatus: z.enum(idStatuses),
      appliedAt: z.number().int(),
    }),
  ),
});

export const adminHniDecide = defineCall({
  method: 'POST',
  path: '/admin/user/hni',
  auth: 'operator',
  roles: ['support', 'compliance'],
  tag: 'admin-kyc',
  summary:
    'Approves (approve=1) or rejects (approve=0, reason required) a pending HNI application; approval needs ' +
    'KYC verified. Audited.',
  input: { id: userIdField, approve: flagField(), reason: reasonField.optional() },
  output: controlsView,
});

export const adminLoanLimit = defineCall({
  method: 'POST',
  path: '/admin/user/loanlimit',
  auth: 'operator',
  roles: ['finance'],
  tag: 'admin-kyc',
  summary: 'Sets the loan limit in EUR (0 = no loans) with a reason. Audited.',
  input: { id: userIdField, amount: decimalField(2, 'admin.loanLimit.amount'), reason: reasonField },
  output: controlsView,
});

export const adminVipStrategy = defineCall({
  method: 'POST',
  path: '/admin/user/vipstrategy',
  auth: 'operator',
  roles: ['support'],
  tag: 'admin-kyc',
  summary: 'Turns the VIP stock strategy service on or off for an investor (SPEC §1). Audited.',
  input: { id: userIdField, on: flagField() },
  output: controlsView,
});

export const adminOpenAutoApply = defineCall({
  method: 'POST',
  path: '/admin/user/autoapply',
  auth: 'operator',
  roles: ['support'],
  tag: 'admin-kyc',
  summary: 'Shows (1) or hides (0) the IPO auto-apply switch in the investor app (openAutoApply). Audited.',
  input: { id: userIdField, on: flagField() },
  output: controlsView,
});

export const adminTotpStatus = defineCall({
  method: 'GET',
  path: '/admin/totp',
  auth: 'operator',
  roles: ['support', 'compliance', 'finance'],
  tag: 'admin-kyc',
  summary:
    "Whether the signed-in operator's login asks for a TOTP code, and whether an enrolment awaits its first code.",
  input: {},
  output: z.object({ enrolled: z.boolean(), pending: z.boolean() }),
});

export const adminTotpEnrol = defineCall({
  method: 'POST',
  path: '/admin/totp/enrol',
  auth: 'operator',
  roles: ['support', 'compliance', 'finance'],
  tag: 'admin-kyc',
  summary:
    'Starts TOTP enrolment (RFC 6238, SHA-1, 6 digits, 30 s): the secret is answered this once, as base32 and ' +
    'as an otpauth:// URI for a QR code; it takes effect when confirmed with a code.',
  input: {},
  output: z.object({ secret: z.string(), uri: z.string() }),
});

export const adminTotpConfirm = defineCall({
  method: 'POST',
  path: '/admin/totp/confirm',
  auth: 'operator',
  roles: ['support', 'compliance', 'finance'],
  tag: 'admin-kyc',
  summary: 'Confirms the enrolment with a current code; from then on /admin/login needs `code`. Audited.',
  input: { code: totpCodeField },
  output: z.object({ enrolled: z.boolean(), pending: z.boolean() }),
});

export const adminTotpDisable = defineCall({
  method: 'POST',
  path: '/admin/totp/disable',
  auth: 'operator',
  roles: ['support', 'compliance', 'finance'],
  tag: 'admin-kyc',
  summary: 'Turns TOTP off for the signed-in operator, with a current code. Audited.',
  input: { code: totpCodeField },
  output: z.object({ enrolled: z.boolean(), pending: z.boolean() }),
});

export const adminTotpReset = defineCall({
  method: 'POST',
  path: '/admin/totp/reset',
  auth: 'operator',
  roles: [],
  tag: 'admin-kyc',
  summary:
    "Admin only: turns off another operator's TOTP (a lost phone) with a reason; they enrol again. Audited.",
  input: {
    id: intField('admin.operator.id').pipe(z.number().min(1, { error: 'admin.operator.id' })),
    reason: reasonField,
  },
  output: z.object({ id: z.number().int(), enrolled: z.boolean() }),
});
