import type { StoredUser } from '../session/stored-user';

/** How the app names a user: the nickname they chose, else their account (email or phone). */
export function displayName(user: Pick<StoredUser, 'nickname' | 'account'>): string {
  return user.nickname?.trim() || user.account;
}
