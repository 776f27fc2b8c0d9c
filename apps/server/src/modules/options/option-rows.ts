import type { OptionView } from '@piazza/contract/calls/options-shapes';
import { formatAmount } from '@piazza/core/money';
import { seriesPremium } from '@piazza/core/trading/option-series';
import { one, type Queryable } from '../../db/db';
import type { Quote } from '../../market/feed';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { quoteOf, rateOf, seriesMarket, underlyingOf } from './option-market';

/** One option_orders row (minor units throughout). */
export interface OptionRow {
  id: bigint;
  userId: number;
  symbol: string;
  currency: string;
  right: 'call' | 'put';
  strike: bigint;
  expiresAt: Date;
  contracts: bigint;
  contractSize: bigint;
  state: 'holding' | 'closed' | 'expired';
  premium: bigint;
  openSpot: bigint;
  closeValue: bigint | null;
  closeSpot: bigint | null;
  createdAt: Date;
  closedAt: Date | null;
}

export const optionColumns = `id, user_id as "userId", symbol, currency, "right", strike, expires_at as "expiresAt",
  contracts, contract_size as "contractSize", state, premium, open_spot as "openSpot",
  close_value as "closeValue", close_spot as "closeSpot", created_at as "createdAt", closed_at as "closedAt"`;

/** The user's option, locked for the rest of the transaction, or a refusal: ids never reach another's rows. */
export async function lockUserOption(q: Queryable, userId: number, id: number): Promise<OptionRow> {
  const row = await one<OptionRow>(
    q,
    `select ${optionColumns} from option_orders where id = $1 and user_id = $2 for update`,
    [id, userId],
  );
  if (!row) throw new Refusal('option.notFound');
  return row;
}

/** What closing a held option at the mark pays at `nowMs`, from the underlying's quote. */
export async function markValueOf(
  q: Queryable,
  services: Services,
  row: OptionRow,
  quote: Quote,
  nowMs: number,
): Promise<bigint> {
  const instrument = underlyingOf(services, row.symbol);
  const market = seriesMarket(instrument, row.right, quote.last, row.strike, row.expiresAt.getTime(), nowMs);
  return seriesPremium(
    market,
    row.contracts,
    row.contractSize,
    await currencyScaleOf(q, row.currency),
    'sell',
  );
}

/** The wire view of a row; a holding is valued at the mark of `quote` when one is given. */
export async function optionViewOf(
  q: Queryable,
  services: Services,
  row: OptionRow,
  nowMs: number,
  quote?: Quote | null,
): Promise<OptionView> {
  const instrument = underlyingOf(services, row.symbol);
  const currencyScale = await currencyScaleOf(q, row.currency);
  const money = (m: bigint) => formatAmount(m, currencyScale);
  const price = (m: bigint) => formatAmount(m, instrument.priceScale);
  let markValue: bigint | null = null;
  if (row.state === 'holding' && quote) markValue = await markValueOf(q, services, row, quote, nowMs);
  const ended = row.closeValue ?? markValue;
  return {
    id: Number(row.id),
    symbol: row.symbol,
    name: instrument.name,
    currency: row.currency,
    right: row.right,
    strike: price(row.strike),
    expiresAt: row.expiresAt.getTime(),
    contracts: Number(row.contracts),
    contractSize: String(row.contractSize),
    state: row.state,
    premium: money(row.premium),
    openSpot: price(row.openSpot),
    markValue: markValue === null ? null : money(markValue),
    volatility: String(instrument.volatility),
    rate: String(rateOf(instrument.currency)),
    closeValue: row.closeValue === null ? null : money(row.closeValue),
    closeSpot: row.closeSpot === null ? null : price(row.closeSpot),
    pnl: ended === null ? null : money(ended - row.premium),
    createdAt: row.createdAt.getTime(),
    closedAt: row.closedAt?.getTime() ?? null,
  };
}

/** Views of several rows, each holding valued at its underlying's quote now (read once per symbol). */
export async function optionViews(
  q: Queryable,
  services: Services,
  rows: readonly OptionRow[],
  nowMs: number,
): Promise<OptionView[]> {
  const quotes = new Map<string, Quote | null>();
  const views: OptionView[] = [];
  for (const row of rows) {
    let quote: Quote | null = null;
    if (row.state === 'holding') {
      if (!quotes.has(row.symbol)) {
        // A feed that cannot answer leaves the holding unvalued rather than the whole list refused.
        const quote = await quoteOf(services, row.symbol, nowMs).catch((err: unknown) => {
          if (err instanceof Refusal) return null;
          throw err;
        });
        quotes.set(row.symbol, quote);
      }
      quote = quotes.get(row.symbol) ?? null;
    }
    views.push(await optionViewOf(q, services, row, nowMs, quote));
  }
  return views;
}
