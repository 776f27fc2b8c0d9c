import { findAreaCode } from '@piazza/core/area-codes';
import { checkLoginPassword } from '@piazza/core/validation';
import { z } from 'zod';
import { defineCall } from '../define';
import { type codeScenes, idStatuses } from '../enums';
import { flagField } from '../fields';
import { languages } from '../wire';

/*
 * Identity (DESIGN.md §4): verification codes, captcha, register, login, sessions and the user's own
 * settings. Cross-field rules (the two passwords match) and rules that need the database are the server's.
 * Only calls are exported (the registry walks this module); clients take the user's type from
 * `CallOutput<typeof login>['user']`.
 */

const accountField = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(254, { error: 'field.invalid' });

/** '+39', '39' or '0039'; only the countries of the area-code list. */
const areaCodeField = z
  .string()
  .trim()
  .refine((v) => findAreaCode(v) !== undefined, { error: 'areaCode.unknown' });

const newPasswordField = z
  .string()
  .refine((v) => checkLoginPassword(v) === null, { error: 'password.length' });

/** A password being checked, not chosen: any length up to a bound that keeps hashing cheap. */
const givenPasswordField = (wrongKey: string) =>
  z.string().min(1, { error: 'field.required' }).max(128, { error: wrongKey });

const codeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'code.format' });

/** The scenes a code can be asked for today; withdraw and security come with their features. */
const codeSendScenes = [
  'register',
  'reset',
  'bind',
] as const satisfies readonly (typeof codeScenes)[number][];

/** The investor as the apps see them (login, register, login-info, userInfo). */
const userView = z.object({
  id: z.number().int(),
  account: z.string(),
  /** 1 active, 0 disabled (the app signs out at once). */
  status: z.number().int(),
  idStatus: z.enum(idStatuses),
  /** What the drawer shows: 'IN365201820' followed by the id. */
  displayId: z.string(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  creditScore: z.number().int(),
  language: z.enum(languages),
  inviteCode: z.string(),
  createdAt: z.number().int(),
});

const signedIn = z.object({ token: z.string(), user: userView });

export const codeSend = defineCall({
  method: 'POST',
  path: '/common/code/send',
  auth: 'guest',
  tag: 'identity',
  summary:
    'Sends a 6-digit verification code (valid 5 minutes, 5 attempts) to a phone or email; one per 60 s. ' +
    'The bind scene needs a session. For reset, an unknown account is answered alike and sent nothing.',
  input: {
    account: accountField,
    scene: z.enum(codeSendScenes, { error: 'code.scene' }),
    areaCode: areaCodeField.optional(),
  },
  output: z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
});

export const captcha = defineCall({
  method: 'GET',
  path: '/common/captcha',
  auth: 'guest',
  tag: 'identity',
  summary:
    'A new proof-of-work captcha (ALTCHA, valid 5 minutes, single use) for login after failed attempts: find ' +
    'the number n ≤ maxNumber whose SHA-256 of salt + n (as decimal digits) is captchaId, and send it as captcha.',
  input: {},
  output: z.object({
    captchaId: z.string(),
    algorithm: z.literal('SHA-256'),
    salt: z.string(),
    maxNumber: z.number().int(),
  }),
});

export const areaList = defineCall({
  method: 'GET',
  path: '/common/area/list',
  auth: 'guest',
  tag: 'identity',
  summary: 'The countries a phone account may belong to, Italy (+39) first.',
  input: {},
  output: z.object({
    list: z.array(z.object({ iso: z.string(), dial: z.string(), name: z.string() })),
  }),
});

export const register = defineCall({
  method: 'POST',
  path: '/user/register',
  auth: 'guest',
  tag: 'identity',
  summary:
    'Registers with a phone or email, a password and the register code; answers signed in, like login.',
  input: {
    account: accountField,
    password: newPasswordField,
    confirmPassword: z.string(),
    code: codeField,
    areaCode: areaCodeField,
    // Left out counts as not ticked; a default (not optional) so the check still runs when it is absent.
    agree: flagField('agreement.required')
      .default(false)
      .refine((v) => v, { error: 'agreement.required' }),
    inviteCode: z.string().trim().max(16, { error: 'invite.unknown' }).optional(),
  },
  output: signedIn,
});

export const login = defineCall({
  method: 'POST',
  path: '/user/login',
  auth: 'guest',
  tag: 'identity',
  summary:
    'Signs in with account and password. After 3 failures for the account or the address a captcha is ' +
    'required (refusal data {captcha: true}); from the 5th, attempts wait 2^(n-5) s, at most 15 minutes.',
  input: {
    account: accountField,
    password: givenPasswordField('login.wrong'),
    areaCode: areaCodeField.optional(),
    captcha: z.string().trim().max(16, { error: 'captcha.wrong' }).optional(),
    captchaId: z.string().trim().max(64, { error: 'captcha.wrong' }).optional(),
    /** The authenticator code, for a user who turned two-factor login on (refusal data {totp: true}). */
    totp: z.string().trim().max(16, { error: 'totp.wrong' }).optional(),
  },
  output: signedIn,
});

export const loginInfo = defineCall({
  method: 'GET',
  path: '/user/login/info',
  auth: 'guest',
  tag: 'identity',
  summary:
    'The signed-in user; an empty object for a guest or an invalid token (the app then drops its token).',
  input: {},
  output: z.union([
    z.object({
      user: userView,
      openAutoApply: z.union([z.literal(0), z.literal(1)]),
      /** Address of an online customer-service script; empty when none is configured. */
      serviceSaleSmartly: z.string(),
    }),
    z.strictObject({}),
  ]),
});

export const logout = defineCall({
  method: 'POST',
  path: '/user/logout',
  auth: 'user',
  tag: 'identity',
  summary: 'Revokes the current session.',
  input: {},
  output: z.object({}),
});

export const resetPassword = defineCall({
  method: 'POST',
  path: '/user/reset/password',
  auth: 'guest',
  tag: 'identity',
  summary: 'Sets a new password with a reset code (findPasswd page); every session of the user is revoked.',
  input: {
    account: accountField,
    areaCode: areaCodeField.optional(),
    code: codeField,
    password: newPasswordField,
    confirmPassword: z.string(),
  },
  output: z.object({}),
});

export const updatePassword = defineCall({
  method: 'POST',
  path: '/user/update/password',
  auth: 'user',
  tag: 'identity',
  summary: 'Changes the login password; the current session stays, every other one is revoked.',
  input: {
    oldPassword: givenPasswordField('password.oldWrong'),
    password: newPasswordField,
    confirmPassword: z.string(),
  },
  output: z.object({}),
});

export const updateUser = defineCall({
  method: 'POST',
  path: '/user/update',
  auth: 'user',
  tag: 'identity',
  summary: 'Changes the nickname or the language of the signed-in user; answers the user.',
  input: {
    nickname: z
      .string()
      .trim()
      .refine((v) => [...v].length >= 1 && [...v].length <= 30, { error: 'nickname.length' })
      .optional(),
    language: z.enum(languages, { error: 'language.invalid' }).optional(),
  },
  output: z.object({ user: userView }),
});
