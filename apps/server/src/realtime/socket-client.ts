import { translate } from '@piazza/contract/messages/catalogue';
import type { Language } from '@piazza/contract/wire';
import { clientMessage, type ServerMessage, userEvent } from '@piazza/contract/ws';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { countSocketMessage } from '../platform/metrics';
import type { Frame, Hub, HubMember } from './hub';
import { TopicPace } from './topic-pace';
import { readTopic, userTopic } from './topics';

export interface ClientLimits {
  /** Messages of one topic to one client in any rolling second (DESIGN.md §6: 10). */
  perSecondMax: number;
  /** And no two of a topic closer than this. */
  gapMinMs: number;
  /** Above this many bytes not yet handed to the network, market frames wait (the latest is kept). */
  bufferedBytesMax: number;
  topicsMax: number;
  /** User events waiting for a slow socket beyond this many: the socket is closed, the app reconnects. */
  queuedUserEventsMax: number;
  /** A client message longer than this is refused. */
  messageBytesMax: number;
  /** How soon a socket whose buffer was full is tried again. */
  busyRetryMs: number;
  /**
   * A socket whose buffer stays above `bufferedBytesMax` this long is closed (slowCloseCode): it has been
   * skipped tick after tick and reads too slowly to follow the market; the app reconnects and catches up.
   */
  slowCloseAfterMs: number;
  /** A batch frame stops taking more topics past this size; the rest follow in the next frame. */
  batchBytesMax: number;
}

export const defaultClientLimits: ClientLimits = {
  perSecondMax: 10,
  gapMinMs: 90,
  bufferedBytesMax: 256 * 1024,
  topicsMax: 50,
  queuedUserEventsMax: 256,
  messageBytesMax: 8 * 1024,
  busyRetryMs: 20,
  slowCloseAfterMs: 10_000,
  batchBytesMax: 64 * 1024,
};

/** WebSocket close code 1013, "try again later" (RFC 6455 registry): the client read too slowly. */
export const slowCloseCode = 1013;
export const slowCloseReason = 'too slow';

/** How the socket learns who is behind a token, and whether that session still holds. */
export interface SessionPort {
  find(token: string): Promise<{ userId: number; sessionId: bigint; status: number } | undefined>;
  /** The session is still live (not revoked, not idle too long) and its user enabled. */
  isLive(sessionId: bigint): Promise<boolean>;
}

/** The event that tells the app its session ended (signed out elsewhere, turned off by an operator). */
const sessionEnded = JSON.stringify({ topic: 'user', data: { kind: 'session', data: { state: 'ended' } } });

/**
 * One WebSocket connection: its topics, its user, and what waits to be sent to it. Client messages are
 * handled one after the other (an `auth` completes before the `subscribe` that follows it). Market frames
 * are coalesced per topic: the latest waits while the topic's pace (TopicPace) says not yet or while the
 * socket's buffer is full, so a slow client gets the latest state and never a growing queue; one that
 * stays full for `slowCloseAfterMs` is closed. What a flush may send goes out as one frame (decision 069).
 */
export class SocketClient implements HubMember {
  /** Topics as the client named them ('user' included). */
  private readonly topics = new Set<string>();
  private readonly pending = new Map<string, Frame>();
  private readonly pace: TopicPace;
  private readonly userFrames: string[] = [];
  private user: { id: number; sessionId: bigint } | undefined;
  private inbox: Promise<void> = Promise.resolve();
  private closed = false;
  /** Since when every flush found the socket's buffer full (epoch ms); undefined while it keeps up. */
  private slowSinceMs: number | undefined;
  /** Heard from since the last ping (a message or a pong). */
  alive = true;

  constructor(
    private readonly socket: WebSocket,
    private readonly lang: Language,
    private readonly hub: Hub,
    private readonly knows: (symbol: string) => boolean,
    private readonly sessions: SessionPort,
    private readonly limits: ClientLimits,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.pace = new TopicPace(limits.perSecondMax, limits.gapMinMs);
    socket.on('message', (data, isBinary) => {
      this.alive = true;
      countSocketMessage('in');
      const text = isBinary ? undefined : textOf(data);
      this.enqueue(() => this.handle(text));
    });
    socket.on('pong', () => {
      this.alive = true;
    });
  }

  get userId(): number | undefined {
    return this.user?.id;
  }

  /** Called every ping period: a socket silent since the last ping is dead (a vanished phone, a cut cable). */
  heartbeat(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  /** Kept until the hub's next flush, which sends every topic of the tick in one frame. */
  offer(topic: string, frame: Frame): void {
    if (this.closed) return;
    this.pending.set(topic, frame);
  }

  userEvent(payload: unknown): void {
    const user = this.user;
    if (this.closed || !user || !this.topics.has('user')) return;
    const parsed = userEvent.safeParse(payload);
    if (!parsed.success) return;
    const frame = JSON.stringify({ topic: 'user', data: parsed.data });
    // Checked before each event: a session ended since the last check gets the end, not the event.
    this.enqueue(async () => {
      if (this.user !== user) return;
      if (await this.sessions.isLive(user.sessionId)) this.sendUser(frame);
      else await this.endSession();
    });
  }

  flush(nowMs: number): number | undefined {
    if (this.closed) return undefined;
    while (this.userFrames.length > 0 && this.roomy()) {
      this.socket.send(this.userFrames.shift()!);
      countSocketMessage('out');
    }
    let dueMs: number | undefined;
    if (this.pending.size > 0 && this.roomy()) {
      // Every topic whose pace allows it, in frames of at most batchBytesMax (one frame in a normal tick).
      let batch: Frame[] = [];
      let batchBytes = 0;
      for (const [topic, frame] of this.pending) {
        const readyMs = this.pace.readyAt(topic);
        if (readyMs > nowMs) {
          dueMs = Math.min(dueMs ?? readyMs, readyMs);
          continue;
        }
        if (batchBytes > 0 && batchBytes + frame.bytes.length > this.limits.batchBytesMax) {
          this.sendBatch(batch);
          batch = [];
          batchBytes = 0;
          if (!this.roomy()) break;
        }
        batch.push(frame);
        batchBytes += frame.bytes.length;
        this.pace.sent(topic, nowMs);
        this.pending.delete(topic);
      }
      if (batch.length > 0) this.sendBatch(batch);
    }
    if (this.roomy()) this.slowSinceMs = undefined;
    if (this.pending.size === 0 && this.userFrames.length === 0) return undefined;
    if (!this.roomy()) {
      // Skipped this time: what waits is the latest of each topic and goes when the buffer drains, unless
      // the socket stays full for slowCloseAfterMs.
      this.slowSinceMs ??= nowMs;
      if (nowMs - this.slowSinceMs >= this.limits.slowCloseAfterMs) {
        this.dropSlow();
        return undefined;
      }
      return nowMs + this.limits.busyRetryMs;
    }
    return dueMs ?? nowMs + this.limits.busyRetryMs;
  }

  /** Called every few seconds: a session ended meanwhile hears so, even with no event coming. */
  async checkSession(): Promise<void> {
    const user = this.user;
    if (!user) return;
    await this.enqueue(async () => {
      if (this.user === user && !(await this.sessions.isLive(user.sessionId))) await this.endSession();
    });
  }

  /** The socket closed: leave every topic. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.hub.forget(this);
    this.pending.clear();
    this.userFrames.length = 0;
    const topics = [...this.topics];
    this.topics.clear();
    await Promise.all(topics.map((t) => this.leaveTopic(t)));
  }

  private async handle(text: string | undefined): Promise<void> {
    if (this.closed) return;
    if (text === undefined) return this.refuse('realtime.badJson');
    if (Buffer.byteLength(text) > this.limits.messageBytesMax) return this.refuse('realtime.tooLarge');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.refuse('realtime.badJson');
    }
    const parsed = clientMessage.safeParse(json);
    if (!parsed.success) return this.refuse(refusalOf(json));
    const message = parsed.data;
    switch (message.op) {
      case 'ping':
        return this.send({ op: 'pong' });
      case 'auth':
        return this.auth(message.token);
      case 'subscribe':
        return this.subscribe(dedupe(message.topics));
      case 'unsubscribe':
        return this.unsubscribe(dedupe(message.topics));
    }
  }

  /** All or nothing: a subscribe naming one bad topic subscribes none, and says which. */
  private async subscribe(names: string[]): Promise<void> {
    for (const name of names) {
      const read = readTopic(name, this.knows);
      if ('refusal' in read) return this.refuse(read.refusal, read.params);
    }
    const added = names.filter((n) => !this.topics.has(n));
    if (this.topics.size + added.length > this.limits.topicsMax) {
      return this.refuse('realtime.tooManyTopics', [this.limits.topicsMax]);
    }
    for (const name of added) this.topics.add(name);
    await Promise.all(added.map((name) => this.joinTopic(name)));
    this.send({ op: 'ack', topics: names });
  }

  /** Leaving a topic one never joined is not an error: the result is the same. */
  private async unsubscribe(names: string[]): Promise<void> {
    const present = names.filter((n) => this.topics.has(n));
    for (const name of present) {
      this.topics.delete(name);
      // The pace stays: leaving and joining again is no way around the cap.
      this.pending.delete(name);
    }
    await Promise.all(present.map((name) => this.leaveTopic(name)));
    this.send({ op: 'ack', topics: names });
  }

  private async auth(token: string): Promise<void> {
    const found = await this.sessions.find(token);
    if (!found) return this.refuse('realtime.sessionInvalid');
    if (found.status === 0) return this.refuse('session.disabled');
    const previous = this.user;
    this.user = { id: found.userId, sessionId: found.sessionId };
    if (this.topics.has('user') && previous?.id !== found.userId) {
      if (previous) await this.hub.leave(this, userTopic(previous.id));
      await this.hub.join(this, userTopic(found.userId));
    }
    this.send({ op: 'authed', userId: found.userId });
  }

  /** The user topic is open to guests too: events flow once the socket authenticates. */
  private async joinTopic(name: string): Promise<void> {
    if (name !== 'user') return this.hub.join(this, name);
    if (this.user) await this.hub.join(this, userTopic(this.user.id));
  }

  private async leaveTopic(name: string): Promise<void> {
    if (name !== 'user') return this.hub.leave(this, name);
    if (this.user) await this.hub.leave(this, userTopic(this.user.id));
  }

  private async endSession(): Promise<void> {
    const user = this.user;
    if (!user) return;
    this.user = undefined;
    await this.hub.leave(this, userTopic(user.id));
    this.sendUser(sessionEnded);
  }

  private sendBatch(frames: readonly Frame[]): void {
    // A Buffer shared by every socket of the same batch; sent as text, as the app reads it.
    this.socket.send(this.hub.batchOf(frames), { binary: false });
    countSocketMessage('out');
  }

  /** Closed with a reason the app understands (it reconnects after any close, with its backoff). */
  private dropSlow(): void {
    this.log.warn({ bufferedBytes: this.socket.bufferedAmount }, 'websocket closed: client too slow');
    this.socket.close(slowCloseCode, slowCloseReason);
    // Off every topic at once: the close frame waits behind the full buffer, the ticks need not.
    void this.close();
  }

  private sendUser(frame: string): void {
    if (this.closed) return;
    if (this.userFrames.length >= this.limits.queuedUserEventsMax) {
      // Dropping one would leave the app believing a stale balance; closing makes it reconnect and refetch.
      this.socket.close(slowCloseCode, slowCloseReason);
      return;
    }
    this.userFrames.push(frame);
    this.flushOrWait();
  }

  private refuse(key: string, params: readonly (string | number)[] = []): void {
    this.send({ op: 'error', msg: translate(this.lang, key, params) });
  }

  /** Replies to the client's own messages go out at once: they are few, and answer what it just asked. */
  private send(message: ServerMessage): void {
    if (this.closed) return;
    this.socket.send(JSON.stringify(message));
    countSocketMessage('out');
  }

  private flushOrWait(): void {
    const dueMs = this.flush(Date.now());
    if (dueMs !== undefined) this.hub.wait(this, dueMs);
  }

  private roomy(): boolean {
    return this.socket.bufferedAmount <= this.limits.bufferedBytesMax;
  }

  /** Runs `step` after every earlier one; a step that throws (the database away) is logged and said. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.inbox = this.inbox.then(step).catch((err: unknown) => {
      this.log.warn({ err }, 'websocket step failed');
      this.refuse('wire.internal');
    });
    return this.inbox;
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8');
}

function dedupe(names: string[]): string[] {
  return [...new Set(names)];
}

/** Which rule a message that failed the protocol's schema broke, for a message that names it. */
function refusalOf(json: unknown): string {
  const op = typeof json === 'object' && json !== null ? (json as { op?: unknown }).op : undefined;
  if (op === 'subscribe' || op === 'unsubscribe') return 'realtime.badTopics';
  if (op === 'auth') return 'realtime.badToken';
  return 'realtime.badMessage';
}
