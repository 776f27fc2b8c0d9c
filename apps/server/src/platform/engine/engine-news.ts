import { randomBytes } from 'node:crypto';
import type { Services } from '../../services';

/**
 * What one instance tells the others' engines (decision 018, generalised for the contract engines): the
 * instance that opened or closed a position files it in its own index at once and announces it here; every
 * other instance applies the announcement from the database row. Only the lease holder steps its engine
 * (engine-loop.ts), but every instance keeps its index current, so a new holder acts at once. A lost
 * message costs a delay, never money: the holder also rebuilds its index when it takes the lease.
 */
export interface EngineNews<E> {
  announce(event: E): void;
  /** Subscribes (once) to what the other instances announce. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export function engineNews<E extends object>(
  services: Pick<Services, 'bus' | 'log'>,
  topic: string,
  apply: (event: E) => Promise<unknown>,
): EngineNews<E> {
  const { bus, log } = services;
  const origin = randomBytes(6).toString('hex');
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    announce(event) {
      bus.publish(topic, { origin, event }).catch((err: unknown) => {
        log.warn({ err, topic }, 'engine news not published');
      });
    },
    async listen() {
      if (unsubscribe) return;
      unsubscribe = await bus.subscribe(topic, (payload) => {
        const message = payload as { origin?: string; event: E };
        if (message.origin === origin) return;
        apply(message.event).catch((err: unknown) => log.warn({ err, topic }, 'engine news not applied'));
      });
    },
    async close() {
      const off = unsubscribe;
      unsubscribe = undefined;
      await off?.();
    },
  };
}
