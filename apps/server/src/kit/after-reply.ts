import type { FastifyReply } from 'fastify';
import { publishUserEvent } from '../realtime/user-events';
import type { Services } from '../services';

/**
 * Tells the user's open app about a change once the answer has gone out, so the transaction that made it
 * has committed before the app reads again.
 */
export function publishAfterReply(
  services: Services,
  reply: FastifyReply,
  userId: number,
  kind: string,
  data: Record<string, unknown>,
): void {
  reply.raw.once('finish', () => {
    publishUserEvent(services.bus, userId, kind, data).catch((err: unknown) =>
      services.log.warn({ err }, 'user event not published'),
    );
  });
}
