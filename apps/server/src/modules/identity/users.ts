import { randomInt } from 'node:crypto';
import type { login } from '@piazza/contract/calls/identity';
import type { CallOutput } from '@piazza/contract/define';
import type { IdStatus } from '@piazza/contract/enums';
import type { Language } from '@piazza/contract/wire';
import { displayUserId } from '@piazza/core/display-id';
import { one, type Queryable } from '../../db/db';
import type { Account } from './account';

export type UserView = CallOutput<typeof login>['user'];

export interface UserRow {
  id: number;
  account: string;
  status: number;
  idStatus: IdStatus;
  email: string | null;
  nickname: string | null;
  creditScore: number;
  language: Language;
  inviteCode: string;
  openAutoApply: number;
  createdAt: Date;
  passwordHash: string;
}

const userColumns = `id, account, status, id_status as "idStatus", email, nickname, credit_score as "creditScore",
  language, invite_code as "inviteCode", open_auto_apply as "openAutoApply", created_at as "createdAt",
  password_hash as "passwordHash"`;

/** What login info shows of a user: the row without its password hash. */
export type UserInfoRow = Omit<UserRow, 'passwordHash'>;

const userInfoColumns = `id, account, status, id_status as "idStatus", email, nickname, credit_score as "creditScore",
  language, invite_code as "inviteCode", open_auto_apply as "openAutoApply", created_at as "createdAt"`;

/**
 * The user as login info shows them, in one statement by primary key, without the password hash (issue 18).
 * Login info holds it a few seconds (`kit/user-changes.ts`); every writer of these columns calls
 * `userChanged` after its commit, so a user who just changed one sees it on the next call (decision 067).
 */
export function findUserInfoById(q: Queryable, id: number): Promise<UserInfoRow | undefined> {
  return one<UserInfoRow>(q, `select ${userInfoColumns} from users where id = $1`, [id]);
}

export function findUserByAccount(q: Queryable, account: string): Promise<UserRow | undefined> {
  return one<UserRow>(q, `select ${userColumns} from users where account = $1`, [account]);
}

export function findUserById(q: Queryable, id: number): Promise<UserRow | undefined> {
  return one<UserRow>(q, `select ${userColumns} from users where id = $1`, [id]);
}

/** The user as the apps see them: never the password hash. */
export function userView(row: UserInfoRow): UserView {
  return {
    id: row.id,
    account: row.account,
    status: row.status,
    idStatus: row.idStatus,
    displayId: displayUserId(row.id),
    email: row.email,
    nickname: row.nickname,
    creditScore: row.creditScore,
    language: row.language,
    inviteCode: row.inviteCode,
    createdAt: row.createdAt.getTime(),
  };
}

// Letters and digits nobody misreads when a friend dictates the code.
const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A free invite code: 6 characters, 7 or 8 on the rare collision. */
export async function newInviteCode(q: Queryable): Promise<string> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const length = 6 + Math.floor(attempt / 4);
    let code = '';
    for (let i = 0; i < length; i++) code += inviteAlphabet[randomInt(inviteAlphabet.length)];
    const taken = await one(q, 'select 1 from users where invite_code = $1', [code]);
    if (!taken) return code;
  }
  throw new Error('no free invite code after 12 attempts');
}

/** The user an invite code belongs to (codes are compared upper-case). */
export async function findInviter(q: Queryable, inviteCode: string): Promise<number | undefined> {
  const row = await one<{ id: number }>(q, 'select id from users where invite_code = $1', [
    inviteCode.toUpperCase(),
  ]);
  return row?.id;
}

export interface NewUser {
  account: Account;
  passwordHash: string;
  language: Language;
  inviteCode: string;
  invitedBy: number | null;
  nickname?: string;
  idStatus?: IdStatus;
  now: number;
}

export async function insertUser(q: Queryable, u: NewUser): Promise<UserRow> {
  const row = await one<UserRow>(
    q,
    `insert into users (account, account_type, area_code, email, password_hash, language, invite_code, invited_by,
                        nickname, id_status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
     returning ${userColumns}`,
    [
      u.account.account,
      u.account.type,
      u.account.areaCode,
      u.account.type === 'email' ? u.account.account : null,
      u.passwordHash,
      u.language,
      u.inviteCode,
      u.invitedBy,
      u.nickname ?? null,
      u.idStatus ?? 'none',
      new Date(u.now),
    ],
  );
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** The userInfo page's settings; a field left undefined stays as it is. */
export async function updateSettings(
  q: Queryable,
  id: number,
  settings: { nickname?: string; language?: Language },
  now: number,
): Promise<UserRow> {
  const row = await one<UserRow>(
    q,
    `update users set nickname = coalesce($2, nickname), language = coalesce($3, language), updated_at = $4
      where id = $1 returning ${userColumns}`,
    [id, settings.nickname ?? null, settings.language ?? null, new Date(now)],
  );
  if (!row) throw new Error(`user ${id} of a live session is missing`);
  return row;
}
