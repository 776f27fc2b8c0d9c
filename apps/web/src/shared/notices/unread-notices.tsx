import { userNoticeUnread } from '@piazza/contract/calls/notices';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useApiQuery } from '../api/use-api-query';
import { topics } from '../realtime/topics';
import { useTopic } from '../realtime/use-topic';
import { useSession } from '../session/use-session';

/*
 * How many of the investor's notices are unread: the badge on the home's Notices tile and in the drawer
 * (decision 037). The platform writes a personal notice with the event it tells the app about (a deposit
 * credited, a fill…), so any event on the user's socket reads the count again. A guest has none.
 */
export function useUnreadNotices(): number {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const unread = useApiQuery(userNoticeUnread, {}, { enabled: signedIn, staleTime: 30_000 });
  useTopic(signedIn ? topics.user : null, () => {
    void queryClient.invalidateQueries({ queryKey: [userNoticeUnread.path] });
  });
  return signedIn ? (unread.data?.unread ?? 0) : 0;
}

/** After the investor read something: the badge and the lists read again. */
export function refreshNotices(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: [userNoticeUnread.path] });
}

/** Wraps an icon or a label with the number of unread notices, nothing when there are none. */
export function NoticeUnreadBadge({
  children,
  testId = 'notice-unread',
}: {
  children?: ReactNode;
  testId?: string;
}) {
  const unread = useUnreadNotices();
  if (unread === 0) return <>{children}</>;
  return (
    <Badge content={unread > 99 ? '99+' : String(unread)} data-testid={testId}>
      {children}
    </Badge>
  );
}
