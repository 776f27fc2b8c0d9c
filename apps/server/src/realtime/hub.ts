import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../market/bus';
import type { InterestAnnouncer } from './interest';

/**
 * A market topic's message, serialised once for every socket of the instance (decision 069): `bytes` is
 * `{"topic":…,"data":…}` as UTF-8, sent as it is or spliced into a batch; `seq` names this exact message.
 */
export interface Frame {
  seq: number;
  bytes: Buffer;
}

export interface HubOptions {
  /** Turns a message into JSON text; tests count its calls. */
  serialize?: (message: unknown) => string;
  /**
   * How long the hub gathers the messages of one tick before it flushes the sockets that got any, so a
   * client hears every subscribed topic that changed in one frame (the feed leader publishes a tick's
   * topics one after the other).
   */
  gatherMs?: number;
}

export const defaultGatherMs = 5;

/** The batch frame (decision 069): every market message of one flush, each as it would come alone. */
const batchOpen = Buffer.from('{"batch":[');
const batchComma = Buffer.from(',');
const batchClose = Buffer.from(']}');

/** A socket's side of the fan-out: the hub hands it frames, it decides when they go out. */
export interface HubMember {
  /** A frame of a market topic (the latest wins until it is sent); it goes out on the next flush. */
  offer(topic: string, frame: Frame): void;
  /** A payload of the user's own events (each one counts; none is coalesced). */
  userEvent(payload: unknown): void;
  /** Sends what it may; answers when to try again, if something still waits. */
  flush(nowMs: number): number | undefined;
}

interface Channel {
  members: Set<HubMember>;
  /** The last frame, handed to a member that joins later so it sees the state at once. */
  latest?: Frame;
  ready: Promise<(() => Promise<void>) | undefined>;
}

/**
 * One instance's fan-out (DESIGN.md §6, decision 069). Each bus topic some local socket wants is subscribed
 * once; a message is serialised once into a Frame and offered to every member, which coalesces it. The
 * messages of one tick are gathered for `gatherMs`, then every member that got any is flushed, sending one
 * frame (a batch when several topics changed; the batch itself built once per distinct set). Members whose
 * messages wait (rate cap, slow socket) are flushed by the same timer, set for the earliest moment one of
 * them is due, and running only while any wait.
 */
export class Hub {
  private readonly channels = new Map<string, Channel>();
  /** Members with frames waiting, and when each is due. */
  private readonly waiting = new Map<HubMember, number>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushAtMs = Number.POSITIVE_INFINITY;
  private closed = false;
  private readonly serialize: (message: unknown) => string;
  private readonly gatherMs: number;
  private frameSeq = 0;
  /** Batches built since the last new frame, by the seqs they carry: sockets wanting the same share one. */
  private readonly batches = new Map<string, Buffer>();
  /** The batch made last: the next socket of a flush most often wants the very same frames. */
  private lastBatch: { frames: readonly Frame[]; bytes: Buffer } | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly announcer?: InterestAnnouncer,
    options: HubOptions = {},
  ) {
    this.serialize = options.serialize ?? JSON.stringify;
    this.gatherMs = options.gatherMs ?? defaultGatherMs;
  }

  /**
   * One frame carrying `frames` (in that order): the frame itself when it is alone, else a batch built once
   * for every socket that wants the same messages in the same flush.
   */
  batchOf(frames: readonly Frame[]): Buffer {
    if (frames.length === 1) return frames[0]!.bytes;
    const last = this.lastBatch;
    if (last && last.frames.length === frames.length && last.frames.every((f, i) => f === frames[i])) {
      return last.bytes;
    }
    const key = frames.map((f) => f.seq).join(',');
    let batch = this.batches.get(key);
    if (!batch) {
      const parts: Buffer[] = [batchOpen];
      frames.forEach((f, i) => {
        if (i > 0) parts.push(batchComma);
        parts.push(f.bytes);
      });
      parts.push(batchClose);
      batch = Buffer.concat(parts);
      this.batches.set(key, batch);
    }
    this.lastBatch = { frames, bytes: batch };
    return batch;
  }

  /** The market topics some local socket wants (what the interest announcement says). */
  marketTopics(): string[] {
    return [...this.channels.keys()].filter((t) => !t.startsWith('user:'));
  }

  async join(member: HubMember, busTopic: string): Promise<void> {
    let channel = this.channels.get(busTopic);
    if (!channel) {
      const created: Channel = { members: new Set(), ready: Promise.resolve(undefined) };
      created.ready = this.bus
        .subscribe(busTopic, (payload) => this.fanOut(busTopic, created, payload))
        .catch((err: unknown) => {
          this.log.warn({ err, topic: busTopic }, 'bus subscribe failed');
          return undefined;
        });
      channel = created;
      this.channels.set(busTopic, channel);
      if (!busTopic.startsWith('user:')) this.announcer?.changed();
    }
    channel.members.add(member);
    await channel.ready;
    if (channel.latest !== undefined && channel.members.has(member)) {
      member.offer(busTopic, channel.latest);
      this.wait(member, Date.now());
    }
  }

  async leave(member: HubMember, busTopic: string): Promise<void> {
    const channel = this.channels.get(busTopic);
    if (!channel?.members.delete(member) || channel.members.size > 0) return;
    this.channels.delete(busTopic);
    if (!busTopic.startsWith('user:')) this.announcer?.changed();
    const unsubscribe = await channel.ready;
    await unsubscribe?.().catch((err: unknown) =>
      this.log.warn({ err, topic: busTopic }, 'bus unsubscribe failed'),
    );
  }

  /** A member has frames waiting: flush it at `dueMs` (epoch ms), or earlier if it was due earlier. */
  wait(member: HubMember, dueMs: number): void {
    if (this.closed) return;
    const before = this.waiting.get(member);
    if (before !== undefined && before <= dueMs) return;
    this.waiting.set(member, dueMs);
    this.schedule(dueMs);
  }

  forget(member: HubMember): void {
    this.waiting.delete(member);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.flushTimer);
    this.waiting.clear();
    this.batches.clear();
    this.lastBatch = undefined;
    const channels = [...this.channels.values()];
    this.channels.clear();
    await Promise.all(channels.map(async (c) => (await c.ready)?.().catch(() => {})));
  }

  private fanOut(busTopic: string, channel: Channel, payload: unknown): void {
    if (busTopic.startsWith('user:')) {
      for (const member of channel.members) member.userEvent(payload);
      return;
    }
    // Once for every socket: the text, its bytes, and (in flush) the batches that carry it.
    const frame: Frame = {
      seq: ++this.frameSeq,
      bytes: Buffer.from(this.serialize({ topic: busTopic, data: payload })),
    };
    channel.latest = frame;
    this.batches.clear();
    this.lastBatch = undefined;
    if (this.closed) return;
    // Not sent yet: the tick's other topics are on their way, and the flush sends them together.
    const dueMs = Date.now() + this.gatherMs;
    for (const member of channel.members) {
      member.offer(busTopic, frame);
      const before = this.waiting.get(member);
      if (before === undefined || before > dueMs) this.waiting.set(member, dueMs);
    }
    this.schedule(dueMs);
  }

  private schedule(dueMs: number): void {
    if (dueMs >= this.flushAtMs) return;
    clearTimeout(this.flushTimer);
    this.flushAtMs = dueMs;
    this.flushTimer = setTimeout(() => this.flushWaiting(), Math.max(0, dueMs - Date.now()));
  }

  private flushWaiting(): void {
    this.flushTimer = undefined;
    this.flushAtMs = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let nextMs = Number.POSITIVE_INFINITY;
    for (const [member, dueMs] of this.waiting) {
      const again = dueMs <= now ? member.flush(now) : dueMs;
      if (again === undefined) this.waiting.delete(member);
      else {
        this.waiting.set(member, again);
        nextMs = Math.min(nextMs, again);
      }
    }
    if (!this.closed && nextMs < Number.POSITIVE_INFINITY) this.schedule(nextMs);
  }
}
