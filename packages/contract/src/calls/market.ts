import { z } from 'zod';
import { candleLimitDefault, candleLimitMax, candleRangeDaysMax } from '../candle-ranges';
import { defineCall } from '../define';
import { calendarIds, candleIntervals, instrumentKinds } from '../enums';
import { intField } from '../fields';
import { bookShape, candleShape, decimalString, quoteShape, tradeShape } from '../market';
import { sectors } from '../sectors';
import { listOf } from '../wire';

/*
 * Market data and watchlists (DESIGN.md §6, SPEC §7). The stock calls answer for shares, indices and the
 * EUR/USD rate; the coin calls for crypto pairs; each refuses the other's symbols, naming them. Ranges of
 * candles are checked by the server (from before to, no longer than the interval allows), since the rule
 * needs the interval. Only calls are exported (the registry walks this module).
 */

/** 'ENI.MI', 'AAPL.US', 'BTCUSDT', 'FTSEMIB.IDX'; typed in any case, read in capitals. */
const symbolField = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(32, { error: 'field.invalid' })
  .transform((s) => s.toUpperCase());

/** Epoch milliseconds, as the rest of the wire. */
const timeField = intField('market.time').pipe(z.number().min(0, { error: 'market.time' }));

const candlesInput = {
  symbol: symbolField,
  interval: z.enum(candleIntervals, { error: 'market.interval' }),
  /** Open times in [from, to); without `to` up to now, without `from` as far back as the interval allows. */
  from: timeField.optional(),
  to: timeField.optional(),
  /** The newest `limit` candles of the range: 1 to 1000, 300 when left out. */
  limit: intField('market.limit')
    .pipe(z.number().min(1, { error: 'market.limit' }).max(candleLimitMax, { error: 'market.limit' }))
    .optional(),
};

/** The range rule in words, for the OpenAPI summaries. */
const rangeRule = Object.entries(candleRangeDaysMax)
  .map(([interval, days]) => `${days} days of ${interval}`)
  .join(', ');

const tradesInput = {
  symbol: symbolField,
  /** 1 to 100, 50 when left out. */
  limit: intField('market.tradesLimit')
    .pipe(z.number().min(1, { error: 'market.tradesLimit' }).max(100, { error: 'market.tradesLimit' }))
    .optional(),
};

const booksInput = {
  symbol: symbolField,
  /** Levels a side: 1 to 20, 20 when left out. */
  depth: intField('market.depth')
    .pipe(z.number().min(1, { error: 'market.depth' }).max(20, { error: 'market.depth' }))
    .optional(),
};

/** What an instrument is, without its price. */
const instrumentView = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(instrumentKinds),
  /** ISIN of a share; null for indices, crypto and FX. */
  isin: z.string().nullable(),
  /** ISO country of the listing; null for crypto and pan-European indices. */
  country: z.string().nullable(),
  sector: z.enum(sectors).nullable(),
  /** The currency or asset prices are quoted in: 'EUR', 'USD', 'USDT'. */
  currency: z.string(),
  /** The coin of a crypto pair ('BTC'), the base currency of an FX pair ('EUR'); null otherwise. */
  baseAsset: z.string().nullable(),
  calendar: z.enum(calendarIds),
  /** Decimals of a price and of a quantity. */
  priceScale: z.number().int(),
  quantityScale: z.number().int(),
  /** The smallest price step, and the multiple every order quantity must be, as decimals. */
  tickSize: decimalString,
  lotSize: decimalString,
  /** False for a share not yet listed (an IPO): it cannot be traded. */
  listed: z.boolean(),
});

/**
 * An instrument with its quote laid flat beside it (price fields as the `ticker:` topic sends them), so a
 * list row takes a live quote's fields in place.
 */
const marketRow = instrumentView.extend(quoteShape.omit({ symbol: true }).shape);

/** The instrument page's row: whether the signed-in investor watches it (false for a guest). */
const watchedRow = marketRow.extend({
  collected: z.boolean(),
  /** While the market is closed, when its next session opens (epoch ms, from its calendar); null while open. */
  nextOpen: z.number().int().nullable(),
});

const candlesOutput = z.object({
  symbol: z.string(),
  interval: z.enum(candleIntervals),
  /** Oldest first. */
  list: z.array(candleShape),
});
const tradesOutput = z.object({ symbol: z.string(), list: z.array(tradeShape) });
const rowsOutput = z.object({ list: z.array(marketRow) });
const collectOutput = z.object({ symbol: z.string(), collected: z.boolean() });

export const stockCandles = defineCall({
  method: 'POST',
  path: '/stock/index/candles',
  auth: 'guest',
  tag: 'market',
  summary:
    `Candles of a share, index or EUR/USD, oldest first, ${candleLimitDefault} unless limit says otherwise. ` +
    `A range may span at most ${rangeRule}.`,
  input: candlesInput,
  output: candlesOutput,
});

export const stockTrades = defineCall({
  method: 'POST',
  path: '/stock/index/trades',
  auth: 'guest',
  tag: 'market',
  summary: 'The latest trades of a share, index or EUR/USD, newest first.',
  input: tradesInput,
  output: tradesOutput,
});

export const stockBooks = defineCall({
  method: 'POST',
  path: '/stock/index/books',
  auth: 'guest',
  tag: 'market',
  summary:
    'The order book of a share, index or EUR/USD: bids descending and asks ascending, up to 20 levels.',
  input: booksInput,
  output: bookShape,
});

export const stockIndices = defineCall({
  method: 'GET',
  path: '/stock/index/indices/list',
  auth: 'guest',
  tag: 'market',
  summary:
    'The indices (FTSE MIB, FTSE Italia All-Share, DAX, Euro Stoxx 50, S&P 500, Nasdaq 100) with quotes.',
  input: {},
  output: rowsOutput,
});

export const stockCountries = defineCall({
  method: 'GET',
  path: '/stock/country/list',
  auth: 'guest',
  tag: 'market',
  summary: 'The countries whose shares are listed, Italy first, named in the caller language.',
  input: {},
  output: z.object({
    list: z.array(
      z.object({
        /** ISO 3166 code, what /stock/list takes. */
        code: z.string(),
        name: z.string(),
        /** The flag to show, as an ISO 3166 code (the app draws it). */
        flag: z.string(),
        /** The currency its shares trade in. */
        currency: z.string(),
        /** How many shares of this country are listed. */
        stocks: z.number().int(),
      }),
    ),
  }),
});

export const stockHot = defineCall({
  method: 'GET',
  path: '/stock/list/hot',
  auth: 'guest',
  tag: 'market',
  summary: 'The ten shares moving most today (by size of change %, either way), with quotes.',
  input: {},
  output: rowsOutput,
});

export const stockList = defineCall({
  method: 'GET',
  path: '/stock/list',
  auth: 'guest',
  tag: 'market',
  summary:
    'The shares of a country with quotes, paged; sorted by name (A to Z by default), change %, volume or last ' +
    'price (highest first by default).',
  input: {
    country: z
      .string({ error: 'field.required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'market.country.format' }),
    sort: z.enum(['change', 'volume', 'name', 'price'], { error: 'market.sort' }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'market.order' }).optional(),
    page: intField()
      .pipe(z.number().min(1, { error: 'field.page' }))
      .optional(),
    size: intField()
      .pipe(z.number().min(1, { error: 'field.size' }).max(100, { error: 'field.size' }))
      .optional(),
  },
  output: listOf(marketRow),
});

export const stockSearch = defineCall({
  method: 'GET',
  path: '/stock/search',
  auth: 'guest',
  tag: 'market',
  summary:
    'Shares and indices whose symbol, name or ISIN contains the text, ignoring case and accents; exact ' +
    'symbol or ISIN first, at most 20.',
  input: {
    q: z
      .string({ error: 'field.required' })
      .trim()
      .min(1, { error: 'market.query' })
      .max(40, { error: 'market.query' }),
  },
  output: rowsOutput,
});

export const stockInfo = defineCall({
  method: 'GET',
  path: '/stock/info',
  auth: 'guest',
  tag: 'market',
  summary: 'A share, index or EUR/USD with its quote, and whether the signed-in investor watches it.',
  input: { symbol: symbolField },
  output: watchedRow,
});

export const coinInfos = defineCall({
  method: 'POST',
  path: '/coin/infos',
  auth: 'guest',
  tag: 'market',
  summary: 'The crypto pairs against USDT: coin, scales of price and quantity, tick and lot.',
  input: {},
  output: z.object({ list: z.array(instrumentView) }),
});

export const coinTickers = defineCall({
  method: 'POST',
  path: '/coin/tickers',
  auth: 'guest',
  tag: 'market',
  summary: 'Every crypto pair with its 24/7 quote.',
  input: {},
  output: rowsOutput,
});

export const coinTicker = defineCall({
  method: 'POST',
  path: '/coin/ticker',
  auth: 'guest',
  tag: 'market',
  summary: 'One crypto pair with its quote, and whether the signed-in investor watches it.',
  input: { symbol: symbolField },
  output: watchedRow,
});

export const coinCandles = defineCall({
  method: 'POST',
  path: '/coin/candles',
  auth: 'guest',
  tag: 'market',
  summary:
    'Candles of a crypto pair, oldest first; the same intervals and range limits as the stock candles.',
  input: candlesInput,
  output: candlesOutput,
});

export const coinTrades = defineCall({
  method: 'POST',
  path: '/coin/trades',
  auth: 'guest',
  tag: 'market',
  summary: 'The latest trades of a crypto pair, newest first.',
  input: tradesInput,
  output: tradesOutput,
});

export const coinBooks = defineCall({
  method: 'POST',
  path: '/coin/books',
  auth: 'guest',
  tag: 'market',
  summary: 'The order book of a crypto pair, up to 20 levels a side.',
  input: booksInput,
  output: bookShape,
});

export const stockCollectAdd = defineCall({
  method: 'POST',
  path: '/stock/collect/add',
  auth: 'user',
  tag: 'watchlist',
  summary: 'Adds a share, index or EUR/USD to the watchlist; adding it again changes nothing.',
  input: { symbol: symbolField },
  output: collectOutput,
});

export const stockCollectDel = defineCall({
  method: 'POST',
  path: '/stock/collect/del',
  auth: 'user',
  tag: 'watchlist',
  summary: 'Removes a share, index or EUR/USD from the watchlist; removing one not there changes nothing.',
  input: { symbol: symbolField },
  output: collectOutput,
});

export const stockCollectList = defineCall({
  method: 'POST',
  path: '/stock/collect/list',
  auth: 'user',
  tag: 'watchlist',
  summary: 'The whole watchlist, shares and crypto pairs, most recently added first, with quotes.',
  input: {},
  output: z.object({ list: z.array(marketRow.extend({ collectedAt: z.number().int() })) }),
});

export const coinCollectAdd = defineCall({
  method: 'POST',
  path: '/coin/collect/add',
  auth: 'user',
  tag: 'watchlist',
  summary: 'Adds a crypto pair to the watchlist; adding it again changes nothing.',
  input: { symbol: symbolField },
  output: collectOutput,
});

export const coinCollectDel = defineCall({
  method: 'POST',
  path: '/coin/collect/del',
  auth: 'user',
  tag: 'watchlist',
  summary: 'Removes a crypto pair from the watchlist; removing one not there changes nothing.',
  input: { symbol: symbolField },
  output: collectOutput,
});
