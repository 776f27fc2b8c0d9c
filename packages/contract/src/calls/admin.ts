import { z } from 'zod';
import { contentKeys } from '../content-keys';
import { defineCall, defineMoneyCall, operatorRoles } from '../define';
import { idStatuses, userAccountPurposes } from '../enums';
import { decimalField, intField, pageFields } from '../fields';
import { languages, listOf } from '../wire';

/*
 * The back office (DESIGN.md §3, §4): every call under /admin, made by a signed-in operator. `roles` lists who
 * may call besides admin, who may call everything; the back office reads the same lists to hide what a role
 * cannot do. Every call that changes something writes the audit log in its own transaction.
 */

const everyRole = operatorRoles;
/** The roles that look after investors: they read users; each changes only what its queue owns. */
const userDesks = ['support', 'compliance', 'finance'] as const;

const reasonField = z
  .string({ error: 'admin.reason.required' })
  .trim()
  .min(3, { error: 'admin.reason.required' })
  .max(500, { error: 'admin.reason.length' });

const userIdField = intField('admin.user.id').pipe(z.number().min(1, { error: 'admin.user.id' }));

const operatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
});

export const adminLogin = defineCall({
  method: 'POST',
  path: '/admin/login',
  auth: 'guest',
  tag: 'admin',
  summary:
    'Operator login with e-mail, password and, once enrolled, a TOTP code; repeated failures lock the e-mail ' +
    'out for a growing delay.',
  input: {
    email: z
      .string({ error: 'field.required' })
      .trim()
      .toLowerCase()
      .min(1, { error: 'field.required' })
      .max(254),
    password: z.string({ error: 'field.required' }).min(1, { error: 'field.required' }).max(128),
    /** The 6-digit TOTP code, required once the operator has enrolled (refusal data {totp: true} without it). */
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: 'admin.totp.format' })
      .optional(),
  },
  output: z.object({ token: z.string(), operator: operatorSchema }),
});

export const adminLogout = defineCall({
  method: 'POST',
  path: '/admin/logout',
  auth: 'operator',
  roles: everyRole,
  tag: 'admin',
  summary: 'Ends the operator session of this token.',
  input: {},
  output: z.object({}),
});

export const adminMe = defineCall({
  method: 'GET',
  path: '/admin/me',
  auth: 'operator',
  roles: everyRole,
  tag: 'admin',
  summary: 'The signed-in operator, and whether the server runs in demo mode (the outbox exists only then).',
  input: {},
  output: z.object({ operator: operatorSchema, demoMode: z.boolean() }),
});

const userRow = z.object({
  id: z.number().int(),
  /** `IN365201820` followed by the id, as the investor sees it. */
  displayId: z.string(),
  account: z.string(),
  status: z.number().int(),
  idStatus: z.enum(idStatuses),
  createdAt: z.number(),
});

export const adminUsers = defineCall({
  method: 'GET',
  path: '/admin/users',
  auth: 'operator',
  roles: userDesks,
  tag: 'admin',
  summary: 'Investors, newest first; q matches part of the account, the numeric id or the displayed id.',
  input: { ...pageFields, q: z.string().trim().max(100).optional() },
  output: listOf(userRow),
});

export const adminUser = defineCall({
  method: 'GET',
  path: '/admin/user',
  auth: 'operator',
  roles: userDesks,
  tag: 'admin',
  summary: 'One investor: profile, ledger balances by account purpose and asset, sessions.',
  input: { id: userIdField },
  output: z.object({
    user: userRow.extend({
      accountType: z.enum(['phone', 'email']),
      areaCode: z.string().nullable(),
      email: z.string().nullable(),
      nickname: z.string().nullable(),
      language: z.string(),
      creditScore: z.number().int(),
    }),
    balances: z.array(
      z.object({ purpose: z.enum(userAccountPurposes), asset: z.string(), amount: z.string() }),
    ),
    sessions: z.object({
      /** Sessions not revoked. */
      active: z.number().int(),
      /** Sessions opened in the last 30 days. */
      recent: z.number().int(),
      lastSeenAt: z.number().nullable(),
    }),
  }),
});

export const adminUserStatus = defineCall({
  method: 'POST',
  path: '/admin/user/status',
  auth: 'operator',
  roles: ['support'],
  tag: 'admin',
  summary: 'Turns an investor on (1) or off (0); off also ends every session of theirs at once.',
  input: {
    id: userIdField,
    status: intField('admin.status.invalid').pipe(
      z.number().min(0, { error: 'admin.status.invalid' }).max(1, { error: 'admin.status.invalid' }),
    ),
    reason: reasonField,
  },
  output: z.object({ id: z.number().int(), status: z.number().int(), sessionsEnded: z.number().int() }),
});

export const adminUserReward = defineMoneyCall({
  method: 'POST',
  path: '/admin/user/reward',
  auth: 'operator',
  roles: ['finance'],
  tag: 'admin',
  summary: "Credits a platform reward from the platform's rewards account to the investor's spot account.",
  input: {
    id: userIdField,
    asset: z.enum(['EUR', 'USD', 'USDT'], { error: 'admin.reward.asset' }),
    amount: decimalField(6, 'admin.reward.amount'),
    reason: reasonField,
  },
  output: z.object({ entryId: z.string(), id: z.number().int(), asset: z.string(), amount: z.string() }),
});

export const adminOutbox = defineCall({
  method: 'GET',
  path: '/admin/outbox',
  auth: 'operator',
  roles: ['support'],
  tag: 'admin',
  summary: 'Demo mode only: every verification code the notifier would have sent, newest first.',
  input: { ...pageFields, to: z.string().trim().max(254).optional() },
  output: listOf(
    z.object({
      id: z.number().int(),
      to: z.string(),
      scene: z.string(),
      code: z.string(),
      createdAt: z.number(),
    }),
  ),
});

const auditRow = z.object({
  id: z.number().int(),
  operator: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  createdAt: z.number(),
});

export const adminAudit = defineCall({
  method: 'GET',
  path: '/admin/audit',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin',
  summary: 'The audit log of operator actions, newest first, optionally for one target.',
  input: {
    ...pageFields,
    targetType: z.string().trim().max(50).optional(),
    targetId: z.string().trim().max(100).optional(),
  },
  output: listOf(auditRow),
});

const operatorRow = operatorSchema.extend({ active: z.boolean(), createdAt: z.number() });

export const adminOperators = defineCall({
  method: 'GET',
  path: '/admin/operators',
  auth: 'operator',
  roles: [],
  tag: 'admin',
  summary: 'Every operator account.',
  input: { ...pageFields },
  output: listOf(operatorRow),
});

export const adminOperatorAdd = defineCall({
  method: 'POST',
  path: '/admin/operators/add',
  auth: 'operator',
  roles: [],
  tag: 'admin',
  summary: 'Creates an operator with a role and an initial password.',
  input: {
    email: z
      .string({ error: 'field.required' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'admin.email.invalid' }).max(254, { error: 'admin.email.invalid' })),
    name: z
      .string({ error: 'field.required' })
      .trim()
      .min(1, { error: 'field.required' })
      .max(100, { error: 'admin.name.length' }),
    role: z.enum(operatorRoles, { error: 'admin.role.invalid' }),
    password: z
      .string({ error: 'field.required' })
      .min(10, { error: 'admin.password.length' })
      .max(128, { error: 'admin.password.length' }),
  },
  output: z.object({ operator: operatorRow }),
});

export const adminOperatorStatus = defineCall({
  method: 'POST',
  path: '/admin/operators/status',
  auth: 'operator',
  roles: [],
  tag: 'admin',
  summary: 'Turns an operator account on or off; off ends its sessions at once.',
  input: {
    id: intField('admin.operator.id'),
    active: intField('admin.status.invalid').pipe(
      z.number().min(0, { error: 'admin.status.invalid' }).max(1, { error: 'admin.status.invalid' }),
    ),
    reason: reasonField,
  },
  output: z.object({ operator: operatorRow }),
});

const contentPage = z.object({
  key: z.enum(contentKeys),
  language: z.enum(languages),
  title: z.string(),
  body: z.string(),
  updatedAt: z.number(),
});

export const adminContent = defineCall({
  method: 'GET',
  path: '/admin/content',
  auth: 'operator',
  roles: [],
  tag: 'admin',
  summary: 'Every content text in every language.',
  input: {},
  output: z.object({ list: z.array(contentPage) }),
});

export const adminContentSave = defineCall({
  method: 'POST',
  path: '/admin/content/save',
  auth: 'operator',
  roles: [],
  tag: 'admin',
  summary: 'Replaces one content text in one language.',
  input: {
    key: z.enum(contentKeys, { error: 'admin.content.key' }),
    language: z.enum(languages, { error: 'admin.language.invalid' }),
    title: z
      .string({ error: 'field.required' })
      .trim()
      .min(1, { error: 'field.required' })
      .max(200, { error: 'admin.title.length' }),
    body: z
      .string({ error: 'field.required' })
      .trim()
      .min(1, { error: 'field.required' })
      .max(50_000, { error: 'admin.body.length' }),
  },
  output: z.object({ page: contentPage }),
});
