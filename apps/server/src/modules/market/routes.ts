import {
  coinBooks,
  coinCandles,
  coinCollectAdd,
  coinCollectDel,
  coinInfos,
  coinTicker,
  coinTickers,
  coinTrades,
  stockBooks,
  stockCandles,
  stockCollectAdd,
  stockCollectDel,
  stockCollectList,
  stockCountries,
  stockHot,
  stockIndices,
  stockInfo,
  stockList,
  stockSearch,
  stockTrades,
} from '@piazza/contract/calls/market';
import type { CallDef } from '@piazza/contract/define';
import type { FastifyInstance } from 'fastify';
import { type CallHandler, implement, userOf } from '../../http/implement';
import { calendarFor } from '../../market/calendar/calendar-for';
import { countries } from '../../market/catalogue/countries';
import { syncInstruments } from '../../market/catalogue/sync';
import { MarketUnavailable } from '../../market/market-service';
import { quoteSnapshotsOf } from '../../market/quote-snapshot';
import { bookToWire, candleToWire, instrumentToWire, tradeToWire } from '../../market/to-wire';
import { Refusal } from '../../platform/refusal';
import { defaultPublisherTimings } from '../../realtime/publisher';
import type { Services } from '../../services';
import { candleRange } from './candle-range';
import { marketRow } from './market-rows';
import { searchInstruments } from './search';
import { defaultOrder, hottest, sortQuoted } from './stock-order';
import { instrumentFor, type Market, marketOf } from './symbols';
import { isWatched, unwatch, watch, watchlist } from './watchlist';

const hotListSize = 10;
const searchResultsMax = 20;
const tradesLimitDefault = 50;
const bookDepthDefault = 20;
const pageSizeDefault = 20;

/**
 * Market data and watchlists (DESIGN.md §6, SPEC §7). Every read goes through the market service on
 * Services; a feed that cannot answer is refused naming the symbol. Quotes, lists and tickers are read from
 * the snapshot of the market at the clock's now, which holds for one tick of the live publisher once the
 * server listens (decision 067): the quotes, a country's sorted shares and the rows are made once a tick.
 */
export async function registerMarket(app: FastifyInstance, services: Services): Promise<void> {
  const { market } = services;
  await syncInstruments(services.db, market.instruments);
  const snapshots = quoteSnapshotsOf(market);
  const snapshot = () => snapshots.now(app.server.listening ? defaultPublisherTimings.everyMs : 0);

  /** Mounts a call whose feed failure becomes a refusal the investor can read. */
  function mount<C extends CallDef>(call: C, handler: CallHandler<C>) {
    implement(app, services, call, async (ctx) => {
      try {
        return await handler(ctx);
      } catch (err) {
        if (err instanceof MarketUnavailable) {
          services.log.warn({ err }, 'market data unavailable');
          throw new Refusal('market.unavailable', [err.symbol]);
        }
        throw err;
      }
    });
  }

  const ofKind = (kind: string) => market.instruments.filter((i) => i.kind === kind);

  for (const [wanted, candles, trades, books] of [
    ['stock', stockCandles, stockTrades, stockBooks],
    ['coin', coinCandles, coinTrades, coinBooks],
  ] as const satisfies readonly [Market, unknown, unknown, unknown][]) {
    mount(candles, async ({ input }) => {
      const instrument = instrumentFor(market, input.symbol, wanted);
      const range = candleRange(input, market.now());
      const list = await market.candles(
        instrument.symbol,
        input.interval,
        range.fromMs,
        range.toMs,
        range.limit,
      );
      return {
        symbol: instrument.symbol,
        interval: input.interval,
        list: list.map((c) => candleToWire(instrument, c)),
      };
    });
    mount(trades, async ({ input }) => {
      const instrument = instrumentFor(market, input.symbol, wanted);
      const list = await market.trades(instrument.symbol, input.limit ?? tradesLimitDefault);
      return { symbol: instrument.symbol, list: list.map((t) => tradeToWire(instrument, t)) };
    });
    mount(books, async ({ input }) => {
      const instrument = instrumentFor(market, input.symbol, wanted);
      const book = await market.book(instrument.symbol, input.depth ?? bookDepthDefault);
      return bookToWire(instrument, book);
    });
  }

  mount(stockIndices, async () => {
    const s = snapshot();
    return s.derive('indices', async () => ({ list: (await s.quoteAll(ofKind('index'))).map(marketRow) }));
  });

  implement(app, services, stockCountries, async ({ lang }) => ({
    list: countries.map((c) => ({
      code: c.code,
      name: c.names[lang],
      flag: c.flag,
      currency: c.currency,
      // ETFs and ETCs on ETFplus are listed in their own tab (decision 052), not among the country's shares.
      stocks: market.instruments.filter((i) => i.kind === 'stock' && i.country === c.code && !i.assetClass)
        .length,
    })),
  }));

  mount(stockHot, async () => {
    const s = snapshot();
    return s.derive('hot', async () => ({
      list: hottest(await s.quoteAll(ofKind('stock')), hotListSize).map(marketRow),
    }));
  });

  mount(stockList, async ({ input }) => {
    const country = countries.find((c) => c.code === input.country);
    if (!country) throw new Refusal('market.country.unknown', [input.country]);
    const sort = input.sort ?? 'name';
    const order = input.order ?? defaultOrder(sort);
    // The country's shares sorted once a snapshot for each way of sorting them, already as rows.
    const s = snapshot();
    const sorted = await s.derive(`list:${country.code}:${sort}:${order}`, async () => {
      const shares = ofKind('stock').filter((i) => i.country === country.code && !i.assetClass);
      return sortQuoted(await s.quoteAll(shares), sort, order).map(marketRow);
    });
    const page = input.page ?? 1;
    const size = input.size ?? pageSizeDefault;
    return {
      list: sorted.slice((page - 1) * size, page * size),
      total: sorted.length,
      page,
      size,
    };
  });

  mount(stockSearch, async ({ input }) => {
    const found = searchInstruments(
      market.instruments.filter((i) => marketOf(i) === 'stock'),
      input.q,
      searchResultsMax,
    );
    return { list: (await snapshot().quoteAll(found)).map(marketRow) };
  });

  for (const [wanted, info] of [
    ['stock', stockInfo],
    ['coin', coinTicker],
  ] as const) {
    mount(info, async ({ input, user, q }) => {
      const instrument = instrumentFor(market, input.symbol, wanted);
      const s = snapshot();
      const row = await s.derive(`row:${instrument.symbol}`, async () => {
        const quote = await s.quote(instrument.symbol);
        const nextOpen =
          quote.status === 'open' ? null : calendarFor(instrument.calendar).nextSession(s.atMs).open;
        return { row: marketRow({ instrument, quote }), nextOpen };
      });
      const collected = user ? await isWatched(q, user.id, instrument.symbol) : false;
      return { ...row.row, collected, nextOpen: row.nextOpen };
    });
  }

  implement(app, services, coinInfos, async () => ({ list: ofKind('crypto').map(instrumentToWire) }));

  mount(coinTickers, async () => {
    const s = snapshot();
    return s.derive('coins', async () => ({ list: (await s.quoteAll(ofKind('crypto'))).map(marketRow) }));
  });

  for (const [wanted, add, del] of [
    ['stock', stockCollectAdd, stockCollectDel],
    ['coin', coinCollectAdd, coinCollectDel],
  ] as const) {
    implement(app, services, add, async (ctx) => {
      const instrument = instrumentFor(market, ctx.input.symbol, wanted);
      await watch(ctx.q, userOf(ctx).id, instrument.symbol, services.clock.now());
      return { symbol: instrument.symbol, collected: true };
    });
    implement(app, services, del, async (ctx) => {
      const instrument = instrumentFor(market, ctx.input.symbol, wanted);
      await unwatch(ctx.q, userOf(ctx).id, instrument.symbol);
      return { symbol: instrument.symbol, collected: false };
    });
  }

  mount(stockCollectList, async (ctx) => {
    const items = await watchlist(ctx.q, userOf(ctx).id);
    // A symbol the catalogue no longer quotes has no price to show; it stays stored but is not listed.
    const known = items.flatMap((item) => {
      const instrument = market.instrument(item.symbol);
      return instrument ? [{ instrument, addedAt: item.addedAt }] : [];
    });
    const quoted = await snapshot().quoteAll(known.map((k) => k.instrument));
    return { list: quoted.map((row, i) => ({ ...marketRow(row), collectedAt: known[i]!.addedAt })) };
  });
}
