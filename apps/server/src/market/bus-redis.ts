import { Redis } from 'ioredis';
import type { Bus } from './bus';

type Handler = (payload: unknown) => void;

/**
 * The Redis pub/sub bus (DESIGN.md §13), for several server instances. One connection publishes (and runs
 * the few plain commands the feed leader's lock needs), one is in subscriber mode; each topic is one
 * channel, subscribed while at least one local handler wants it. Channels and keys carry `prefix`, so
 * deployments (or test runs) sharing one Redis never hear each other.
 */
export class RedisBus implements Bus {
  private readonly handlers = new Map<string, Set<Handler>>();
  /** The SUBSCRIBE of each channel, so a second local handler also waits until Redis confirmed it. */
  private readonly subscribed = new Map<string, Promise<unknown>>();
  private closed = false;

  private constructor(
    /** The publishing connection; also for commands such as the leader lock (never in subscriber mode). */
    readonly commands: Redis,
    private readonly subscriber: Redis,
    readonly prefix: string,
    private readonly onError: (err: unknown, topic: string) => void,
  ) {
    subscriber.on('message', (channel: string, message: string) => this.deliver(channel, message));
  }

  /** Connects both connections, or throws if Redis cannot be reached. */
  static async connect(
    url: string,
    opts: { prefix?: string; onError?: (err: unknown, topic: string) => void } = {},
  ): Promise<RedisBus> {
    const onError = opts.onError ?? (() => {});
    const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const subscriber = new Redis(url, { lazyConnect: true });
    // Without listeners ioredis prints every reconnection failure; it reconnects (and resubscribes) itself.
    commands.on('error', (err) => onError(err, 'redis'));
    subscriber.on('error', (err) => onError(err, 'redis'));
    try {
      await Promise.all([commands.connect(), subscriber.connect()]);
    } catch (err) {
      commands.disconnect();
      subscriber.disconnect();
      throw err;
    }
    return new RedisBus(commands, subscriber, opts.prefix ?? 'piazza:', onError);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    if (this.closed) return;
    await this.commands.publish(this.prefix + topic, JSON.stringify(payload));
  }

  async subscribe(topic: string, handler: Handler): Promise<() => Promise<void>> {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      // Commands on one connection run in order, so a later UNSUBSCRIBE of the channel cannot overtake this.
      this.subscribed.set(topic, this.subscriber.subscribe(this.prefix + topic));
    }
    const entry: Handler = (payload) => handler(payload);
    set.add(entry);
    const unsubscribe = async () => {
      if (!set.delete(entry) || set.size > 0 || this.handlers.get(topic) !== set) return;
      this.handlers.delete(topic);
      this.subscribed.delete(topic);
      if (!this.closed) await this.subscriber.unsubscribe(this.prefix + topic);
    };
    try {
      await this.subscribed.get(topic);
    } catch (err) {
      await unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    this.subscribed.clear();
    await Promise.allSettled([this.subscriber.quit(), this.commands.quit()]);
  }

  private deliver(channel: string, message: string): void {
    if (!channel.startsWith(this.prefix)) return;
    const topic = channel.slice(this.prefix.length);
    const set = this.handlers.get(topic);
    if (!set) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (err) {
      this.onError(err, topic);
      return;
    }
    for (const handler of [...set]) {
      try {
        handler(payload);
      } catch (err) {
        this.onError(err, topic);
      }
    }
  }
}
