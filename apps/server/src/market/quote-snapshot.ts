import type { Quote } from './feed';
import type { Instrument } from './instrument';
import type { MarketService } from './market-service';

/** An instrument with its quote at one instant: what every list sorts and answers. */
export interface Quoted {
  instrument: Instrument;
  quote: Quote;
}

/**
 * The market at one instant, for the read calls (decision 067): each quote is asked of the feed once, at the
 * snapshot's instant, however many calls read it, and what calls derive from the quotes (a country's sorted
 * shares, the rows of a list) is made once and kept with the snapshot. A failed read is not kept: the next
 * call asks the feed again.
 */
export class QuoteSnapshot {
  private readonly quotes = new Map<string, Promise<Quote>>();
  private readonly derived = new Map<string, Promise<unknown>>();

  constructor(
    private readonly market: MarketService,
    /** The instant every quote of the snapshot is read at (epoch ms of the server's clock). */
    readonly atMs: number,
    /** Counts the snapshots of a process: a new one has a new number, so it can key what is cached. */
    readonly version: number,
    /** The catalogue the snapshot was taken with; a listing after it starts a new snapshot. */
    readonly instruments: readonly Instrument[],
  ) {}

  quote(symbol: string): Promise<Quote> {
    let quote = this.quotes.get(symbol);
    if (!quote) {
      quote = this.market.quote(symbol, this.atMs);
      this.quotes.set(symbol, quote);
      quote.catch(() => {
        if (this.quotes.get(symbol) === quote) this.quotes.delete(symbol);
      });
    }
    return quote;
  }

  /**
   * The quotes of several instruments. If any cannot be read, the failure of the first in list order is
   * thrown, so a refusal names the same symbol every time.
   */
  async quoteAll(instruments: readonly Instrument[]): Promise<Quoted[]> {
    const settled = await Promise.allSettled(instruments.map((i) => this.quote(i.symbol)));
    return settled.map((s, k) => {
      if (s.status === 'rejected') throw s.reason;
      return { instrument: instruments[k]!, quote: s.value };
    });
  }

  /** What `make` derives from this snapshot, made once per key while it lasts (not kept if it fails). */
  derive<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.derived.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.derived.set(key, value);
      value.catch(() => {
        if (this.derived.get(key) === value) this.derived.delete(key);
      });
    }
    return value;
  }
}

/**
 * The snapshots read calls use (decision 067), one at a time: a new one is taken at the market's now when
 * the current one no longer holds.
 */
export class QuoteSnapshots {
  private current: QuoteSnapshot | undefined;
  private version = 0;

  constructor(private readonly market: MarketService) {}

  /**
   * The snapshot for the market's now. The current one holds for `holdMs` after its instant: a server that
   * serves gives one tick of the live publisher, so a burst of calls in one second reads the feed and sorts
   * once, and answers what the sockets were sent that second. With 0 (an app driven through inject, as the
   * API tests do) it holds only at its own instant, and every call reads the market at the clock's now.
   */
  now(holdMs: number): QuoteSnapshot {
    const atMs = this.market.now();
    const current = this.current;
    if (
      current &&
      current.instruments === this.market.instruments &&
      atMs >= current.atMs &&
      (atMs === current.atMs || atMs - current.atMs < holdMs)
    ) {
      return current;
    }
    this.version += 1;
    this.current = new QuoteSnapshot(this.market, atMs, this.version, this.market.instruments);
    return this.current;
  }
}

const snapshotsOfMarket = new WeakMap<MarketService, QuoteSnapshots>();

/** The one snapshot keeper of a market service (one per process, as the market service is). */
export function quoteSnapshotsOf(market: MarketService): QuoteSnapshots {
  let snapshots = snapshotsOfMarket.get(market);
  if (!snapshots) {
    snapshots = new QuoteSnapshots(market);
    snapshotsOfMarket.set(market, snapshots);
  }
  return snapshots;
}
