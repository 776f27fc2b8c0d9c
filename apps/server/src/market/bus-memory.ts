import type { Bus } from './bus';

type Handler = (payload: unknown) => void;

/**
 * The in-process bus: one server instance, no Redis. Each payload goes through JSON once, as it would on
 * Redis, so a bigint or a Date that slipped into a payload fails here too instead of only in production;
 * every subscriber then gets the same parsed copy (read-only by convention).
 */
export function createMemoryBus(onError: (err: unknown, topic: string) => void = () => {}): Bus {
  const handlers = new Map<string, Set<Handler>>();
  let closed = false;
  return {
    async publish(topic, payload) {
      if (closed) return;
      const set = handlers.get(topic);
      const copy: unknown = JSON.parse(JSON.stringify(payload));
      if (!set) return;
      // A copy of the set: a handler may unsubscribe itself while being called.
      for (const handler of [...set]) {
        try {
          handler(copy);
        } catch (err) {
          onError(err, topic);
        }
      }
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      // Wrapped, so the same function subscribed twice is two subscriptions, each removed on its own.
      const entry: Handler = (payload) => handler(payload);
      set.add(entry);
      return async () => {
        set.delete(entry);
        if (set.size === 0 && handlers.get(topic) === set) handlers.delete(topic);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}
