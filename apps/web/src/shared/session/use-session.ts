import { usePersisted } from '../storage/persisted';

/** The signed-in user as stored (null for a guest), re-rendering on sign-in, sign-out and refresh. */
export function useSession() {
  const token = usePersisted('userToken');
  const user = usePersisted('userInfo');
  return { signedIn: token !== '' && user !== null, user: token ? user : null };
}
