import { userServiceUnread } from '@piazza/contract/calls/service';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useApiQuery } from '../api/use-api-query';
import { topics } from '../realtime/topics';
import { useTopic } from '../realtime/use-topic';
import { useSession } from '../session/use-session';

/*
 * The unread answers from customer service (decision 039), for the home's Support tile and the drawer: read
 * once, then again whenever the user's socket says an answer came (user event `service`).
 */

export function useServiceUnread(): number {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  // Live through the user topic; asked again every 15 s as well, so an answer sent while the socket was still
  // subscribing (a page just opened) lights the badge all the same.
  const unread = useApiQuery(
    userServiceUnread,
    {},
    { enabled: signedIn, staleTime: 30_000, refetchInterval: signedIn ? 15_000 : false },
  );
  useTopic(signedIn ? topics.user : null, (event) => {
    if (event.kind === 'service') void queryClient.invalidateQueries({ queryKey: [userServiceUnread.path] });
  });
  return signedIn ? (unread.data?.unread ?? 0) : 0;
}

/** Wraps an icon with the unread count of customer service's answers, nothing when there are none. */
export function ServiceUnreadBadge({ children }: { children: ReactNode }) {
  const unread = useServiceUnread();
  if (unread === 0) return <>{children}</>;
  return (
    <Badge content={unread > 99 ? '99+' : String(unread)} data-testid="service-unread">
      {children}
    </Badge>
  );
}
