import type { Bus } from '../market/bus';
import { userTopic } from './topics';

/**
 * Tells a user's open sockets about something of theirs (a fill, a balance, a notice): it reaches, on any
 * instance, the sockets signed in as that user and subscribed to `user`, as {topic:'user', data:{kind, data}}.
 * `data` must already be wire-shaped (amounts as decimal strings).
 */
export async function publishUserEvent(
  bus: Bus,
  userId: number,
  kind: string,
  data: Record<string, unknown>,
): Promise<void> {
  await bus.publish(userTopic(userId), { kind, data });
}
