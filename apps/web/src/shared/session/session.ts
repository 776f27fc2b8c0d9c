import { loginInfo, logout } from '@piazza/contract/calls/identity';
import type { CallOutput } from '@piazza/contract/define';
import { api } from '../api/api';
import { queryClient } from '../api/query-client';
import type { RequestOptions } from '../api/request';
import { navigateTo } from '../navigation/navigator';
import { paths } from '../navigation/paths';
import { readPersisted, removePersisted, writePersisted } from '../storage/persisted';
import { signOutKeys } from '../storage/persisted-keys';
import { loadServiceScript } from './service-script';
import type { StoredUser } from './stored-user';

type LoginInfo = CallOutput<typeof loginInfo>;
type SignedIn = Extract<LoginInfo, { user: StoredUser }>;

function isSignedIn(info: LoginInfo): info is SignedIn {
  return 'user' in info && typeof info.user === 'object' && info.user !== null;
}

/** Keeps a fresh sign-in: the token for every call, the user for every page. */
export function storeSignIn(token: string, user: StoredUser): void {
  writePersisted('userToken', token);
  writePersisted('userInfo', user);
}

/** Forgets the user locally (SPEC §4) and goes to login. */
export function forgetSession(): void {
  removePersisted(...signOutKeys, 'loginInfo');
  queryClient.clear();
  if (window.location.pathname !== paths.login) navigateTo(paths.login);
}

/** Signs out: revokes the session on the server (best effort) and forgets it here. */
export async function signOut(): Promise<void> {
  if (readPersisted('userToken')) {
    try {
      await api(logout, {}, { silent: true });
    } catch {
      // The local sign-out must happen even when the server cannot be reached.
    }
  }
  forgetSession();
}

/**
 * Reads login-info and applies SPEC §4: an empty answer drops the token (and the user it belonged to); a
 * user with status 0 is signed out at once. Answers the signed-in info, or null for a guest.
 */
export async function refreshLoginInfo(opts: RequestOptions = {}): Promise<SignedIn | null> {
  const info = await api(loginInfo, {}, opts);
  if (!isSignedIn(info)) {
    removePersisted('userToken', 'userInfo', 'loginInfo');
    return null;
  }
  if (info.user.status === 0) {
    forgetSession();
    return null;
  }
  writePersisted('userInfo', info.user);
  writePersisted('loginInfo', {
    openAutoApply: info.openAutoApply,
    serviceSaleSmartly: info.serviceSaleSmartly,
  });
  loadServiceScript(info.serviceSaleSmartly);
  return info;
}
