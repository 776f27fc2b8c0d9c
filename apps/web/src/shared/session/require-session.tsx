import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../navigation/paths';
import type { StoredUser } from './stored-user';
import { useSession } from './use-session';

/** Renders a signed-in page with its user, or sends a guest to login (SPEC §6: login-required pages). */
export function RequireSession({ children }: { children: (user: StoredUser) => ReactNode }) {
  const { signedIn, user } = useSession();
  if (!signedIn || !user) return <Navigate to={paths.login} replace />;
  return <>{children(user)}</>;
}
