import { checkPin } from '@piazza/core/validation';
import { z } from 'zod';
import { defineCall } from '../define';
import { flagField, intField, pageFields } from '../fields';
import { listOf } from '../wire';

/*
 * The security centre and profile (DESIGN.md §4, issue 4 items 3 and 4): transaction and withdrawal
 * passwords, email binding, sessions, TOTP two-factor login, the credit score history and the IPO switch.
 * Cross-field rules (confirmation matches, proof of ownership) and attempt limits are the server's.
 */

const pinKinds = ['trade', 'withdraw'] as const;
const pinKindField = z.enum(pinKinds, { error: 'pin.kind' });

const pinField = z
  .string({ error: 'pin.format' })
  .refine((v) => checkPin(v) === null, { error: 'pin.format' });

const codeField = z
  .string({ error: 'code.format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'code.format' });

const totpCodeField = z
  .string({ error: 'totp.wrong' })
  .trim()
  .regex(/^\d{6}$/, { error: 'totp.wrong' });

const pinState = z.object({
  set: z.boolean(),
  /** Wrong attempts left before the lock. */
  attemptsLeft: z.number().int(),
  /** Seconds until a lock ends; 0 when not locked. */
  lockedSeconds: z.number().int(),
});

export const securityOverview = defineCall({
  method: 'GET',
  path: '/user/security',
  auth: 'user',
  tag: 'security',
  summary:
    'What the security centre shows: both 6-digit passwords (set, attempts left, lock), the bound email, ' +
    'two-factor login, the credit score and the IPO auto-apply switch.',
  input: {},
  output: z.object({
    trade: pinState,
    withdraw: pinState,
    account: z.string(),
    email: z.string().nullable(),
    totp: z.boolean(),
    creditScore: z.number().int(),
    openAutoApply: z.union([z.literal(0), z.literal(1)]),
    autoApply: z.union([z.literal(0), z.literal(1)]),
  }),
});

export const securityCodeSend = defineCall({
  method: 'POST',
  path: '/user/security/code/send',
  auth: 'user',
  tag: 'security',
  summary:
    "Sends a 6-digit security code to the signed-in user's own account (phone or email), to change a " +
    'transaction or withdrawal password without the current one. One per 60 s, valid 5 minutes.',
  input: {},
  output: z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
});

export const pinSet = defineCall({
  method: 'POST',
  path: '/user/pin/set',
  auth: 'user',
  tag: 'security',
  summary: 'Sets the transaction or withdrawal password the first time; the login password confirms it.',
  input: {
    type: pinKindField,
    password: z.string().min(1, { error: 'field.required' }).max(128, { error: 'pin.loginPassword' }),
    pin: pinField,
    confirmPin: z.string(),
  },
  output: z.object({}),
});

export const pinChange = defineCall({
  method: 'POST',
  path: '/user/pin/change',
  auth: 'user',
  tag: 'security',
  summary:
    'Changes a transaction or withdrawal password, proven with the current one (attempt-limited) or with ' +
    'a security code from /user/security/code/send; a code also lifts a lock.',
  input: {
    type: pinKindField,
    oldPin: pinField.optional(),
    code: codeField.optional(),
    pin: pinField,
    confirmPin: z.string(),
  },
  output: z.object({}),
});

export const updateEmail = defineCall({
  method: 'POST',
  path: '/user/update/email',
  auth: 'user',
  tag: 'security',
  summary: 'Binds or changes the email, with the code sent to that address (code scene bind).',
  input: {
    email: z.string({ error: 'email.format' }).trim().max(254, { error: 'email.format' }),
    code: codeField,
  },
  output: z.object({ email: z.string() }),
});

const sessionRow = z.object({
  id: z.number().int(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  /** The session making this call. */
  current: z.boolean(),
});

export const sessionList = defineCall({
  method: 'GET',
  path: '/user/sessions',
  auth: 'user',
  tag: 'security',
  summary: 'The live sessions of the signed-in user, most recently used first.',
  input: {},
  output: z.object({ list: z.array(sessionRow) }),
});

export const sessionRevoke = defineCall({
  method: 'POST',
  path: '/user/sessions/revoke',
  auth: 'user',
  tag: 'security',
  summary:
    'Ends one session of the signed-in user (its token then gets -1000), or every other one with all=1.',
  input: {
    id: intField().optional(),
    all: flagField().optional(),
  },
  output: z.object({ revoked: z.number().int() }),
});

export const totpSetup = defineCall({
  method: 'POST',
  path: '/user/totp/setup',
  auth: 'user',
  tag: 'security',
  summary:
    'Starts two-factor login: a new secret and its otpauth URI, shown once; nothing changes until ' +
    '/user/totp/enable confirms a code from it.',
  input: {},
  output: z.object({ secret: z.string(), uri: z.string() }),
});

export const totpEnable = defineCall({
  method: 'POST',
  path: '/user/totp/enable',
  auth: 'user',
  tag: 'security',
  summary: 'Turns two-factor login on with a code from the secret of /user/totp/setup.',
  input: { code: totpCodeField },
  output: z.object({}),
});

export const totpDisable = defineCall({
  method: 'POST',
  path: '/user/totp/disable',
  auth: 'user',
  tag: 'security',
  summary: 'Turns two-factor login off with a current code.',
  input: { code: totpCodeField },
  output: z.object({}),
});

export const pointChangeLog = defineCall({
  method: 'POST',
  path: '/user/point/change/log',
  auth: 'user',
  tag: 'security',
  summary: "The signed-in user's credit score changes, newest first, with the reason given.",
  input: { ...pageFields },
  output: listOf(
    z.object({
      id: z.number().int(),
      before: z.number().int(),
      after: z.number().int(),
      /** after − before. */
      change: z.number().int(),
      reason: z.string(),
      createdAt: z.number().int(),
    }),
  ),
});

export const updateAutoApply = defineCall({
  method: 'POST',
  path: '/user/update/autoapply',
  auth: 'user',
  tag: 'security',
  summary:
    'Turns automatic IPO subscription on or off; only when the back office opened it (openAutoApply 1).',
  input: { open: flagField() },
  output: z.object({ autoApply: z.union([z.literal(0), z.literal(1)]) }),
});
