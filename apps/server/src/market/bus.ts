/**
 * The tick and event bus (DESIGN.md §6, §13): in-process by default, Redis pub/sub when REDIS_URL is set.
 * Topics are strings such as 'ticker:ENI.MI', 'candles:1m:ENI.MI', 'book:ENI.MI', 'trades:ENI.MI',
 * 'user:42'; payloads are JSON-serialisable objects (amounts already as decimal strings).
 */
export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns an unsubscribe function. Pattern subscriptions are not needed: subscribe per topic. */
  subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
