import { type ClientMessage, serverBatch, serverMessage } from '@piazza/contract/ws';
import type { Topic, TopicData } from './topics';

/*
 * The app's one WebSocket (DESIGN.md §6), without React or the browser: the socket is opened through a
 * port so tests drive it with a fake. Subscriptions are counted per topic: the server hears one subscribe
 * when the first listener of a topic arrives and one unsubscribe when the last leaves. After a drop the
 * client reconnects with growing, jittered delays, authenticates again and resubscribes what is still wanted.
 */

export interface SocketHandlers {
  onOpen(): void;
  onMessage(text: string): void;
  onClose(): void;
}

export interface SocketConnection {
  send(text: string): void;
  close(): void;
}

/** Opens a socket to `url`; the handlers fire as the browser's WebSocket events do. */
export type OpenSocket = (url: string, handlers: SocketHandlers) => SocketConnection;

/** idle: nothing wanted, no socket; connecting; open; waiting: dropped, a reconnect is scheduled. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting';

export const reconnectBaseMs = 500;
export const reconnectMaxMs = 30_000;
/** An application ping: browsers do not expose protocol pings, and a half-open socket stays silent. */
export const heartbeatMs = 20_000;
/** Nothing heard for this long (not even a pong) means the connection is dead, whatever its state says. */
export const silenceLimitMs = 45_000;
/** The socket outlives its last topic this long, so moving between pages does not reconnect. */
export const idleCloseMs = 5_000;
/**
 * The server serves at most 50 topics to one socket and refuses a subscribe that would pass that. Topics
 * wanted beyond it wait, in the order they were first wanted, until others are left.
 */
export const topicsPerConnection = 50;

/**
 * The wait before reconnect attempt `attempt` (0 for the first): doubling from 0.5 s up to 30 s, each a
 * random point in the upper half of its step, so the clients a server restart dropped do not all return
 * in the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(reconnectMaxMs, reconnectBaseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export interface RealtimeOptions {
  url: string;
  openSocket: OpenSocket;
  /** The stored user token, '' for a guest. */
  token?: string;
  random?: () => number;
  /** Where the error of a listener that threw goes; the browser's console by default. */
  reportError?: (err: unknown) => void;
}

interface Subscription {
  deliver: (data: unknown) => void;
}

type Timer = ReturnType<typeof setTimeout>;

export class RealtimeClient {
  private readonly url: string;
  private readonly openSocket: OpenSocket;
  private readonly random: () => number;
  private readonly reportError: (err: unknown) => void;
  private readonly subscriptions = new Map<string, Set<Subscription>>();
  /** The last message of each wanted topic, handed at once to a listener that joins later. */
  private readonly latest = new Map<string, unknown>();
  /** Topics this connection has asked the server for. */
  private readonly sent = new Set<string>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private connection: SocketConnection | null = null;
  /** Bumped for every socket, so the late events of a socket we dropped are ignored. */
  private generation = 0;
  private isOpen = false;
  private attempt = 0;
  private token: string;
  /** The token this connection authenticated with ('' when none). */
  private authedToken = '';
  private lastHeardAt = 0;
  private flushQueued = false;
  private reconnectTimer: Timer | undefined;
  private idleTimer: Timer | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private currentStatus: RealtimeStatus = 'idle';

  constructor(options: RealtimeOptions) {
    this.url = options.url;
    this.openSocket = options.openSocket;
    this.token = options.token ?? '';
    this.random = options.random ?? Math.random;
    this.reportError = options.reportError ?? ((err) => console.error(err));
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Calls `listener` with each message of `topic` (and the latest one, if known) until the returned function is called. */
  subscribe<T extends Topic>(topic: T, listener: (data: TopicData<T>) => void): () => void {
    const subscription: Subscription = { deliver: listener as (data: unknown) => void };
    let group = this.subscriptions.get(topic);
    if (!group) {
      group = new Set();
      this.subscriptions.set(topic, group);
    }
    group.add(subscription);
    if (this.latest.has(topic)) this.deliver(subscription, this.latest.get(topic));
    this.want();
    this.scheduleFlush();

    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.subscriptions.get(topic);
      current?.delete(subscription);
      if (current?.size === 0) {
        this.subscriptions.delete(topic);
        this.latest.delete(topic);
      }
      this.scheduleFlush();
    };
  }

  /** The user signed in, out or as someone else: authenticate, or start a connection that knows no one. */
  setToken(token: string): void {
    if (token === this.token) return;
    this.token = token;
    if (!this.isOpen) return; // the next open authenticates with it
    if (token && !this.authedToken) {
      this.send({ op: 'auth', token });
      this.authedToken = token;
      return;
    }
    // The protocol has no "forget who I am": a new connection does it.
    this.drop();
    if (this.subscriptions.size > 0) this.connect();
  }

  /** Skip the wait of a scheduled reconnect (the network came back, the page became visible). */
  reconnectNow(): void {
    if (this.reconnectTimer === undefined) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.connect();
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Closes everything; the client can still be used afterwards. */
  close(): void {
    this.subscriptions.clear();
    this.latest.clear();
    this.drop();
    this.setStatus('idle');
  }

  /** Topics wanted now (for tests and diagnostics). */
  wantedTopics(): string[] {
    return [...this.subscriptions.keys()];
  }

  private want(): void {
    if (this.idleTimer !== undefined) {
      clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
    }
    if (!this.connection && this.reconnectTimer === undefined) this.connect();
  }

  private connect(): void {
    this.drop();
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.setStatus('connecting');
    try {
      this.connection = this.openSocket(this.url, {
        onOpen: () => current() && this.handleOpen(),
        onMessage: (text) => current() && this.handleMessage(text),
        onClose: () => current() && this.handleClose(),
      });
    } catch {
      // A socket that cannot even be created (a bad URL, a blocked scheme) is retried like a dropped one.
      this.handleClose();
    }
  }

  /** Forgets the current socket, closing it; its later events are ignored. */
  private drop(): void {
    this.generation++;
    this.stopHeartbeat();
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.reconnectTimer = undefined;
    this.idleTimer = undefined;
    const connection = this.connection;
    this.connection = null;
    this.isOpen = false;
    this.sent.clear();
    this.authedToken = '';
    connection?.close();
  }

  private handleOpen(): void {
    this.isOpen = true;
    this.lastHeardAt = Date.now();
    this.setStatus('open');
    if (this.token) {
      this.send({ op: 'auth', token: this.token });
      this.authedToken = this.token;
    }
    this.flush();
    this.heartbeatTimer = setInterval(() => this.beat(), heartbeatMs);
  }

  private handleMessage(text: string): void {
    this.lastHeardAt = Date.now();
    // Something arrived: the server is healthy, so a later drop starts again from the shortest wait.
    this.attempt = 0;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    // A batch (decision 069) carries a tick's topics in one frame; each element reads as if it came alone.
    const batch = serverBatch.safeParse(json);
    if (batch.success) {
      for (const message of batch.data.batch) this.handleOne(message);
      return;
    }
    this.handleOne(json);
  }

  /** One message of the protocol; what is not a topic's message (ack, pong, error, unknown) is ignored. */
  private handleOne(json: unknown): void {
    const parsed = serverMessage.safeParse(json);
    if (!parsed.success || !('topic' in parsed.data)) return;
    const { topic, data } = parsed.data;
    const group = this.subscriptions.get(topic);
    if (!group) return; // a message in flight for a topic we just left
    this.latest.set(topic, data);
    for (const subscription of [...group]) this.deliver(subscription, data);
  }

  private handleClose(): void {
    this.drop();
    if (this.subscriptions.size === 0) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('waiting');
    const delay = reconnectDelayMs(this.attempt++, this.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private beat(): void {
    if (Date.now() - this.lastHeardAt > silenceLimitMs) {
      this.handleClose();
      return;
    }
    this.send({ op: 'ping' });
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer !== undefined) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  private deliver(subscription: Subscription, data: unknown): void {
    try {
      subscription.deliver(data);
    } catch (err) {
      // One failing listener must not starve the others.
      this.reportError(err);
    }
  }

  /** Changes made in one turn (a page leaving a topic, the next joining it) reach the server as one diff. */
  private scheduleFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.subscriptions.size === 0) this.startIdle();
    if (!this.isOpen) return;
    const leave = [...this.sent].filter((topic) => !this.subscriptions.has(topic));
    // At most topicsPerConnection were sent, which one message may carry (the protocol's limit is the same).
    if (leave.length > 0) this.send({ op: 'unsubscribe', topics: leave });
    for (const topic of leave) this.sent.delete(topic);
    // The server takes a subscribe whole or not at all: one topic a message, so a topic it refuses (an
    // instrument withdrawn since the page loaded) does not take the others down with it.
    for (const topic of this.subscriptions.keys()) {
      if (this.sent.size >= topicsPerConnection) break;
      if (this.sent.has(topic)) continue;
      this.send({ op: 'subscribe', topics: [topic] });
      this.sent.add(topic);
    }
  }

  private startIdle(): void {
    if (this.reconnectTimer !== undefined) {
      // Dropped and nothing wanted any more: no reason to come back.
      this.drop();
      this.setStatus('idle');
      return;
    }
    if (!this.connection || this.idleTimer !== undefined) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      this.drop();
      this.setStatus('idle');
    }, idleCloseMs);
  }

  private send(message: ClientMessage): void {
    this.connection?.send(JSON.stringify(message));
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
