import type { MarketStatus } from '@piazza/contract/enums';
import type { TradeWire } from '@piazza/contract/market';
import type { Bus } from '../market/bus';
import type { Leadership } from '../platform/lease';
import { recordFeedRound } from '../platform/metrics';
import type { Clock } from '../services';
import type { InterestBoard } from './interest';
import type { LiveSource } from './live-source';
import { type MarketTopic, readTopic } from './topics';

export interface PublisherTimings {
  /** One tick: every instrument in session is published this often (issue 3: at least once a second). */
  everyMs: number;
  /** Out of session nothing moves; the state is still repeated this often so new listeners see it. */
  closedEveryMs: number;
}

export const defaultPublisherTimings: PublisherTimings = { everyMs: 1_000, closedEveryMs: 30_000 };

/** Trades sent in the first message of a trades topic, before only new ones follow. */
const firstTradesLimit = 20;
/** Trades read per tick to find the new ones: more than any instrument prints in one second. */
const tradesPerTickLimit = 100;

interface SymbolState {
  status: MarketStatus;
  /** When each topic of this symbol was last published (epoch ms of the wall clock). */
  publishedAt: Map<string, number>;
  /** The newest trade published: its time, and the ids at that time (several trades share a millisecond). */
  tradesUpTo?: { time: number; ids: Set<string> };
}

/**
 * The feed leader's loop (issue 3 items 2 and 5): every tick it publishes `ticker:{symbol}` for every
 * instrument, and for the topics some client wants (InterestBoard) the current candle, the book and the
 * trades since the last message. Only the leader publishes; the others keep their loop idle, ready to
 * take over. Market times come from `clock` (tests move it); the pace is the wall clock's.
 */
export class LivePublisher {
  private readonly state = new Map<string, SymbolState>();
  /** Topics whose last publish failed (logged once until they recover). */
  private readonly failing = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** The oldest quote of an instrument in session seen in the round under way (the metrics' feed lag). */
  private roundLagMs = 0;

  constructor(
    private readonly deps: {
      bus: Bus;
      source: LiveSource;
      leader: Leadership;
      interest: InterestBoard;
      clock: Clock;
      log: { warn(fields: Record<string, unknown>, message: string): void };
      timings?: PublisherTimings;
    },
  ) {}

  start(): void {
    const { everyMs } = this.deps.timings ?? defaultPublisherTimings;
    this.timer = setInterval(() => void this.tick(), everyMs);
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One round; a round still running when the next is due is not overlapped, the next is skipped. */
  async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = this.round().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  /** Publishes the given topics now, whatever their schedule: the first client of a topic sees it at once. */
  async publishNow(topics: string[]): Promise<void> {
    if (this.stopped || !this.deps.leader.isLeader()) return;
    const { source, clock } = this.deps;
    const atMs = clock.now();
    for (const name of topics) {
      const read = readTopic(name, (s) => source.has(s));
      if (!('topic' in read)) continue;
      const { topic } = read;
      if (topic.kind !== 'user') await this.guard(name, () => this.publish(topic, atMs, true));
    }
  }

  private async round(): Promise<void> {
    const { leader, source, interest, clock } = this.deps;
    if (!leader.isLeader()) {
      // When this instance leads again, it starts with a full round rather than from a stale schedule.
      this.state.clear();
      return;
    }
    const atMs = clock.now();
    this.roundLagMs = 0;
    const wanted = byTopicSymbol(interest.topics(), source);
    // Every symbol at once (issue 18): over Redis the round's tickers leave together and reach the other
    // instances within their hub's gather window (decision 069), instead of one round trip after another.
    // Each symbol keeps its own guard and its topics' order (ticker first).
    await Promise.all(
      source.symbols().map((symbol) =>
        this.guard(`ticker:${symbol}`, async () => {
          // Leadership can be lost in the middle of a round; the new leader publishes from its own round.
          if (!this.leading()) return;
          const moved = await this.publishTicker(symbol, atMs);
          for (const topic of wanted.get(symbol) ?? []) {
            if (!this.leading()) return;
            if (moved || this.due(symbol, topicName(topic))) await this.publish(topic, atMs, false);
          }
        }),
      ),
    );
    if (this.leading()) recordFeedRound(this.roundLagMs);
  }

  private leading(): boolean {
    return !this.stopped && this.deps.leader.isLeader();
  }

  /** Publishes the ticker if it is due; answers whether the market is moving (open, or it just changed). */
  private async publishTicker(symbol: string, atMs: number): Promise<boolean> {
    const quote = await this.deps.source.quote(symbol, atMs);
    if (quote.status === 'open') this.roundLagMs = Math.max(this.roundLagMs, atMs - quote.time);
    const state = this.stateOf(symbol, quote.status);
    const changed = state.status !== quote.status;
    state.status = quote.status;
    const moving = quote.status === 'open' || changed;
    if ((moving || this.due(symbol, `ticker:${symbol}`)) && this.leading()) {
      await this.deps.bus.publish(`ticker:${symbol}`, quote);
      state.publishedAt.set(`ticker:${symbol}`, Date.now());
    }
    return moving;
  }

  private async publish(topic: MarketTopic, atMs: number, first: boolean): Promise<void> {
    const { bus, source } = this.deps;
    const name = topicName(topic);
    const { symbol } = topic;
    switch (topic.kind) {
      case 'ticker': {
        await bus.publish(name, await source.quote(symbol, atMs));
        break;
      }
      case 'candles': {
        const candle = await source.candle(symbol, topic.interval, atMs);
        if (!candle) return;
        await bus.publish(name, { symbol, interval: topic.interval, candle });
        break;
      }
      case 'book': {
        await bus.publish(name, await source.book(symbol, atMs));
        break;
      }
      case 'trades': {
        const list = await this.newTrades(symbol, atMs, first);
        // Nothing new is not a message: an empty list would only wake the clients.
        if (list.length === 0) return;
        await bus.publish(name, { symbol, list });
        break;
      }
    }
    this.stateOf(symbol).publishedAt.set(name, Date.now());
  }

  /** Trades after the last published one, newest first; the latest few for a topic's first message. */
  private async newTrades(symbol: string, atMs: number, first: boolean): Promise<TradeWire[]> {
    const state = this.stateOf(symbol);
    const seen = state.tradesUpTo;
    const recent = await this.deps.source.trades(
      symbol,
      atMs,
      first || !seen ? firstTradesLimit : tradesPerTickLimit,
    );
    const fresh =
      first || !seen
        ? recent
        : recent.filter((t) => t.time > seen.time || (t.time === seen.time && !seen.ids.has(t.id)));
    const newest = recent[0];
    if (newest && (!seen || newest.time >= seen.time)) {
      const ids = newest.time === seen?.time ? seen.ids : new Set<string>();
      for (const t of recent) if (t.time === newest.time) ids.add(t.id);
      state.tradesUpTo = { time: newest.time, ids };
    }
    return fresh;
  }

  private due(symbol: string, name: string): boolean {
    const { closedEveryMs } = this.deps.timings ?? defaultPublisherTimings;
    const last = this.state.get(symbol)?.publishedAt.get(name);
    return last === undefined || Date.now() - last >= closedEveryMs;
  }

  private stateOf(symbol: string, status: MarketStatus = 'closed'): SymbolState {
    let state = this.state.get(symbol);
    if (!state) {
      state = { status, publishedAt: new Map() };
      this.state.set(symbol, state);
    }
    return state;
  }

  /** One instrument failing (a feed hiccup) must not stop the others' ticks. */
  private async guard(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
      if (this.failing.delete(what)) this.deps.log.warn({ topic: what }, 'live publish recovered');
    } catch (err) {
      // Said once until it recovers: an exchange down for an hour is not 3,600 lines per pair.
      if (!this.failing.has(what)) this.deps.log.warn({ err, topic: what }, 'live publish failed');
      this.failing.add(what);
    }
  }
}

function topicName(topic: MarketTopic): string {
  return topic.kind === 'candles'
    ? `candles:${topic.interval}:${topic.symbol}`
    : `${topic.kind}:${topic.symbol}`;
}

/** The wanted non-ticker topics of each symbol (tickers are published for every instrument anyway). */
function byTopicSymbol(names: Set<string>, source: LiveSource): Map<string, MarketTopic[]> {
  const out = new Map<string, MarketTopic[]>();
  for (const name of names) {
    const read = readTopic(name, (s) => source.has(s));
    if (!('topic' in read) || read.topic.kind === 'user' || read.topic.kind === 'ticker') continue;
    const list = out.get(read.topic.symbol) ?? [];
    list.push(read.topic);
    out.set(read.topic.symbol, list);
  }
  return out;
}
