import { randomBytes } from 'node:crypto';
import type { exchangeQuoteView } from '@piazza/contract/calls/funding-shapes';
import { formatAmount, mulDiv, type Rate } from '@piazza/core/money';
import type { z } from 'zod';
import { one, type Queryable } from '../../db/db';
import { type AccountRef, postEntry } from '../../ledger/post';
import type { MarketService } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import { positiveMinor, scaleOf } from './amounts';

/*
 * Exchange (DESIGN.md §10): EUR ⇄ USD at the live FX rate, and USDT ⇄ a coin at its market price, each less
 * the operator's spread. A quote fixes rate and amount out for a few seconds; confirming it posts one entry
 * through the platform's `fx` account (bill exchange). Amounts out are rounded down: the remainder stays
 * with the platform, never invented for the user.
 */

type QuoteView = z.output<typeof exchangeQuoteView>;

export const quoteTtlMs = 10_000;
const bpBase = 10_000n;
/** Coins converted against USDT at their market price. */
const coinsAgainstUsdt = ['BTC', 'ETH'] as const;

export async function spreadBp(q: Queryable): Promise<number> {
  const row = await one<{ value: string }>(
    q,
    "select value from funding_settings where key = 'exchange.spreadBp'",
  );
  return Number(row?.value ?? '0');
}

interface MarketRate {
  rate: Rate;
  source: 'market' | 'reference';
}

/** Units of `to` per unit of `from` before the spread, or a refusal naming the pair. */
async function marketRate(
  market: MarketService,
  from: string,
  to: string,
  nowMs: number,
): Promise<MarketRate> {
  const pair = `${from}/${to}`;
  if ((from === 'EUR' && to === 'USD') || (from === 'USD' && to === 'EUR')) {
    const rates = await market.fxRates(nowMs);
    const rate = rates.rate(from, to);
    if (!rate) throw new Refusal('funding.rate.unavailable', [pair]);
    const eurUsd = rates.quotes().find((x) => x.base === 'EUR' && x.quote === 'USD');
    return { rate, source: eurUsd?.source ?? 'reference' };
  }
  const coin = coinsAgainstUsdt.find((c) => (from === c && to === 'USDT') || (from === 'USDT' && to === c));
  if (!coin) throw new Refusal('funding.exchange.pair');
  const symbol = `${coin}USDT`;
  const instrument = market.instrument(symbol);
  if (!instrument) throw new Refusal('funding.rate.unavailable', [pair]);
  let last: bigint;
  try {
    last = (await market.quote(symbol, nowMs)).last;
  } catch {
    throw new Refusal('funding.rate.unavailable', [pair]);
  }
  if (last <= 0n) throw new Refusal('funding.rate.unavailable', [pair]);
  const unit = 10n ** BigInt(instrument.priceScale);
  // The price is USDT per coin.
  return { rate: from === coin ? { num: last, den: unit } : { num: unit, den: last }, source: 'market' };
}

/** A rate as text with 8 decimals, rounded down. */
function rateText(rate: Rate): string {
  return formatAmount(mulDiv(rate.num, 10n ** 8n, rate.den, 'down'), 8);
}

interface QuoteRow {
  id: string;
  userId: number;
  fromAsset: string;
  toAsset: string;
  amountIn: bigint;
  amountOut: bigint;
  rate: string;
  marketRate: string;
  source: 'market' | 'reference';
  spreadBp: number;
  expiresAt: Date;
  usedAt: Date | null;
}

const quoteColumns = `id, user_id as "userId", from_asset as "fromAsset", to_asset as "toAsset",
  amount_in as "amountIn", amount_out as "amountOut", rate, market_rate as "marketRate", source,
  spread_bp as "spreadBp", expires_at as "expiresAt", used_at as "usedAt"`;

async function viewOf(q: Queryable, r: QuoteRow): Promise<QuoteView> {
  return {
    quoteId: r.id,
    from: r.fromAsset,
    to: r.toAsset,
    amountIn: formatAmount(r.amountIn, await scaleOf(q, r.fromAsset)),
    amountOut: formatAmount(r.amountOut, await scaleOf(q, r.toAsset)),
    rate: r.rate,
    marketRate: r.marketRate,
    source: r.source,
    spreadBp: r.spreadBp,
    expiresAt: r.expiresAt.getTime(),
  };
}

export async function createQuote(
  q: Queryable,
  market: MarketService,
  r: { userId: number; from: string; to: string; amount: string; nowMs: number },
): Promise<QuoteView> {
  if (r.from === r.to) throw new Refusal('funding.exchange.pair');
  const fromScale = await scaleOf(q, r.from);
  const toScale = await scaleOf(q, r.to);
  const amountIn = positiveMinor(r.amount, r.from, fromScale);
  const { rate, source } = await marketRate(market, r.from, r.to, r.nowMs);
  const spread = BigInt(await spreadBp(q));
  const num = rate.num * (bpBase - spread);
  const den = rate.den * bpBase;
  const amountOut = mulDiv(amountIn, num * 10n ** BigInt(toScale), den * 10n ** BigInt(fromScale), 'floor');
  if (amountOut <= 0n) throw new Refusal('funding.exchange.small');
  const row = await one<QuoteRow>(
    q,
    `insert into exchange_quotes (id, user_id, from_asset, to_asset, amount_in, amount_out, rate, market_rate,
       source, spread_bp, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${quoteColumns}`,
    [
      randomBytes(18).toString('base64url'),
      r.userId,
      r.from,
      r.to,
      amountIn,
      amountOut,
      rateText({ num, den }),
      rateText(rate),
      source,
      Number(spread),
      new Date(r.nowMs + quoteTtlMs),
      new Date(r.nowMs),
    ],
  );
  return viewOf(q, row!);
}

export const exchangeEntryKey = (quoteId: string) => `exchange:${quoteId}`;

/** Confirms the user's own quote once, before it expires: spot → fx in `from`, fx → spot in `to`. */
export async function confirmQuote(
  q: Queryable,
  r: { userId: number; quoteId: string; nowMs: number },
): Promise<QuoteView & { entryId: string }> {
  const quote = await one<QuoteRow>(
    q,
    `select ${quoteColumns} from exchange_quotes where id = $1 and user_id = $2 for update`,
    [r.quoteId, r.userId],
  );
  if (!quote) throw new Refusal('funding.quote.unknown');
  if (quote.usedAt) throw new Refusal('funding.quote.used');
  if (r.nowMs >= quote.expiresAt.getTime()) throw new Refusal('funding.quote.expired');
  const user = (asset: string): AccountRef => ({
    ownerType: 'user',
    ownerId: r.userId,
    purpose: 'spot',
    asset,
  });
  const fx = (asset: string): AccountRef => ({ ownerType: 'platform', ownerId: 0, purpose: 'fx', asset });
  const { entryId } = await postEntry(q, {
    billType: 'exchange',
    actor: { type: 'user', id: String(r.userId) },
    ref: { type: 'exchange', id: quote.id },
    idempotencyKey: exchangeEntryKey(quote.id),
    memo: `${quote.fromAsset}→${quote.toAsset} at ${quote.rate}`,
    postings: [
      { account: user(quote.fromAsset), amount: -quote.amountIn },
      { account: fx(quote.fromAsset), amount: quote.amountIn },
      { account: fx(quote.toAsset), amount: -quote.amountOut },
      { account: user(quote.toAsset), amount: quote.amountOut },
    ],
  });
  await q.query('update exchange_quotes set used_at = $2 where id = $1', [quote.id, new Date(r.nowMs)]);
  return { ...(await viewOf(q, quote)), entryId: entryId.toString() };
}
