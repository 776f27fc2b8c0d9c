import type { CallDef } from '@piazza/contract/define';
import { useQueryClient } from '@tanstack/react-query';
import { topics } from '../realtime/topics';
import { useTopic } from '../realtime/use-topic';

/*
 * Money screens stay live by reading afresh when the server tells the user's socket that something of
 * theirs changed (a deposit approved, a withdrawal paid, a fill). The event names no query, and a read is
 * cheap, so every listed call is read again on any user event but a notice.
 */

/** Reads `calls` again whenever the signed-in user's `user` WebSocket topic reports a change. */
export function useMoneyEvents(calls: readonly CallDef[]): void {
  const queryClient = useQueryClient();
  useTopic(topics.user, (event) => {
    if (event.kind === 'notice') return;
    for (const call of calls) void queryClient.invalidateQueries({ queryKey: [call.path] });
  });
}
