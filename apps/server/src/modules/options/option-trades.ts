import { formatAmount, parseAmount } from '@piazza/core/money';
import { intrinsicMinor } from '@piazza/core/trading/black-scholes';
import { contractSizeOf, seriesPremium, strikesAround } from '@piazza/core/trading/option-series';
import type { Queryable } from '../../db/db';
import { type AccountRef, postEntry } from '../../ledger/post';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { taxOptionBought, taxOptionEnd } from '../taxes';
import { type Actor, currencyScaleOf } from '../trading';
import {
  expiriesOf,
  minimumAmountOf,
  optionContractsMax,
  optionVerdictOf,
  quoteOf,
  seriesMarket,
  underlyingOf,
} from './option-market';
import { lockUserOption, markValueOf, type OptionRow, optionColumns } from './option-rows';

/*
 * The three movements of an option (DESIGN.md §7), each with its row change and its ledger entry in one
 * transaction: the premium paid to open (option_buy), the mark received on a close (option_close), the
 * intrinsic value paid at expiry (option_settle). The platform's `market` account is the writer of every
 * option. Entry keys are per option: option:{id}:buy, :close, :settle.
 */

const platformMarket = (currency: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'market',
  asset: currency,
});
const userSpot = (userId: number, currency: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose: 'spot',
  asset: currency,
});

export interface OptionTicket {
  userId: number;
  symbol: string;
  right: 'call' | 'put';
  strike: string;
  expiresAt: number;
  contracts: number;
  acknowledgeRisk: boolean;
  nowMs: number;
}

/**
 * Buys contracts of a listed series at the mark. Refusals in order: the underlying, appropriateness (none,
 * refuse, warn without the acknowledgement), market closed, the expiry (passed, then not listed), the strike,
 * the contracts, the minimum purchase amount; then the ledger's balance.insufficient. Any refusal rolls the
 * whole purchase back.
 */
export async function buyOption(q: Queryable, services: Services, t: OptionTicket): Promise<OptionRow> {
  const instrument = underlyingOf(services, t.symbol);
  const verdict = await optionVerdictOf(q, t.userId);
  if (verdict === 'none') throw new Refusal('option.profileRequired');
  if (verdict === 'refuse') throw new Refusal('option.notAppropriate');
  if (verdict === 'warn' && !t.acknowledgeRisk) throw new Refusal('option.riskAck');

  const quote = await quoteOf(services, instrument.symbol, t.nowMs);
  if (quote.status !== 'open') throw new Refusal('order.marketClosed');

  if (t.expiresAt <= t.nowMs) throw new Refusal('option.expired');
  if (!expiriesOf(instrument, t.nowMs).includes(t.expiresAt)) {
    throw new Refusal('option.unknownExpiry', [instrument.symbol]);
  }
  const strike = parseAmount(t.strike, instrument.priceScale);
  if (strike === null || !strikesAround(quote.last).includes(strike)) {
    throw new Refusal('option.unknownStrike', [t.strike]);
  }
  if (t.contracts > optionContractsMax) throw new Refusal('option.contractsMax', [optionContractsMax]);

  const currencyScale = await currencyScaleOf(q, instrument.currency);
  const contracts = BigInt(t.contracts);
  const contractSize = contractSizeOf(instrument.kind);
  const premium = seriesPremium(
    seriesMarket(instrument, t.right, quote.last, strike, t.expiresAt, t.nowMs),
    contracts,
    contractSize,
    currencyScale,
    'buy',
  );
  const minimum = await minimumAmountOf(q, instrument);
  if (premium < minimum) {
    throw new Refusal('option.amountMin', [`${formatAmount(minimum, currencyScale)} ${instrument.currency}`]);
  }

  const now = new Date(t.nowMs);
  const [row] = await q.query<OptionRow>(
    `insert into option_orders (user_id, symbol, currency, "right", strike, expires_at, contracts, contract_size,
                                state, premium, open_spot, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'holding', $9, $10, $11) returning ${optionColumns}`,
    [
      t.userId,
      instrument.symbol,
      instrument.currency,
      t.right,
      strike,
      new Date(t.expiresAt),
      contracts,
      contractSize,
      premium,
      quote.last,
      now,
    ],
  );
  const option = row as OptionRow;
  await postEntry(q, {
    billType: 'option_buy',
    actor: { type: 'user', id: String(t.userId) },
    ref: { type: 'option_order', id: String(option.id) },
    idempotencyKey: `option:${option.id}:buy`,
    postings: [
      { account: userSpot(t.userId, option.currency), amount: -premium },
      { account: platformMarket(option.currency), amount: premium },
    ],
  });
  // A dollar premium's cost in euros is the purchase day's (decision 065): the close's rate would misstate it.
  await taxOptionBought(q, option, t.nowMs);
  return option;
}

/** Ends a holding: the row records what was paid and at which price; the entry pays it when above zero. */
async function endOption(
  q: Queryable,
  option: OptionRow,
  end: { state: 'closed' | 'expired'; value: bigint; spot: bigint; nowMs: number; actor: Actor },
): Promise<void> {
  const closedAt = new Date(end.nowMs);
  await q.query(
    `update option_orders set state = $2, close_value = $3, close_spot = $4, closed_at = $5 where id = $1`,
    [option.id, end.state, end.value, end.spot, closedAt],
  );
  Object.assign(option, { state: end.state, closeValue: end.value, closeSpot: end.spot, closedAt });
  // Its result is taxed after its value is paid (decision 048); an option ending worthless is a loss.
  if (end.value === 0n) return taxOptionEnd(q, option, end);
  const closing = end.state === 'closed';
  await postEntry(q, {
    billType: closing ? 'option_close' : 'option_settle',
    actor: end.actor,
    ref: { type: 'option_order', id: String(option.id) },
    idempotencyKey: `option:${option.id}:${closing ? 'close' : 'settle'}`,
    postings: [
      { account: platformMarket(option.currency), amount: -end.value },
      { account: userSpot(option.userId, option.currency), amount: end.value },
    ],
  });
  await taxOptionEnd(q, option, end);
}

/** Sells a held option back at the mark, before expiry and while the underlying's market is open. */
export async function closeOption(
  q: Queryable,
  services: Services,
  userId: number,
  id: number,
  nowMs: number,
): Promise<OptionRow> {
  const option = await lockUserOption(q, userId, id);
  if (option.state !== 'holding') throw new Refusal('option.notHolding');
  if (option.expiresAt.getTime() <= nowMs) throw new Refusal('option.expired');
  const quote = await quoteOf(services, option.symbol, nowMs);
  if (quote.status !== 'open') throw new Refusal('order.marketClosed');
  const value = await markValueOf(q, services, option, quote, nowMs);
  await endOption(q, option, {
    state: 'closed',
    value,
    spot: quote.last,
    nowMs,
    actor: { type: 'user', id: String(userId) },
  });
  return option;
}

/** How many expired holdings one transaction of the expiry job settles. */
const settleBatch = 100;

/**
 * The expiry job's step: settles every holding whose expiry has passed at the underlying's price at the
 * expiry instant (the session close), paying its intrinsic value. Rows are claimed with `for update skip
 * locked`, so two processes running the job settle each option once; one the feed cannot price now waits for
 * the next step. Answers the options settled.
 */
export async function settleExpiredOptions(
  services: Services,
  nowMs: number,
): Promise<{ settled: OptionRow[]; unpriced: number }> {
  const settled: OptionRow[] = [];
  const skipped = new Set<string>();
  for (;;) {
    const batch = await services.db.tx(async (q) => {
      const due = await q.query<OptionRow>(
        `select ${optionColumns} from option_orders
          where state = 'holding' and expires_at <= $1 and not (id::text = any($2::text[]))
          order by id limit ${settleBatch} for update skip locked`,
        [new Date(nowMs), [...skipped]],
      );
      const done: OptionRow[] = [];
      for (const option of due) {
        const instrument = underlyingOf(services, option.symbol);
        let spot: bigint;
        try {
          spot = (await services.market.quote(option.symbol, option.expiresAt.getTime())).last;
        } catch (err) {
          if (!(err instanceof MarketUnavailable)) throw err;
          skipped.add(String(option.id));
          continue;
        }
        const value = intrinsicMinor(
          option.right,
          spot,
          option.strike,
          option.contracts * option.contractSize,
          instrument.priceScale,
          await currencyScaleOf(q, option.currency),
        );
        await endOption(q, option, { state: 'expired', value, spot, nowMs, actor: { type: 'job' } });
        done.push(option);
      }
      return { due: due.length, done };
    });
    settled.push(...batch.done);
    if (batch.due < settleBatch) return { settled, unpriced: skipped.size };
  }
}
