import { formatAmount } from '@piazza/core/money';
import { fillMarket, type OrderBook } from '@piazza/core/trading/fills';
import { settleClose } from '@piazza/core/trading/perpetual';
import type { Queryable } from '../../db/db';
import { notifyInvestor } from '../../kit/personal-notice';
import { postEntry } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import { taxContractClose } from '../taxes';
import type { Actor } from '../trading';
import { platformUsdt, userUsdt } from './open-position';
import { openState, type PositionRow } from './positions';
import { contractFeeMinor, contractScales } from './terms';

/*
 * Closing a position, by the investor, its take profit or stop loss, or the liquidation engine, all settled
 * the same way in the caller's transaction (perpetual.ts settleClose): the closing trade walks the book (a
 * long sells into the bids, a short buys the asks); the margin and the P&L pay the closing fee, the rest
 * returns to the contract account, and a loss beyond the margin is absorbed by the platform under
 * negative-balance protection, in an entry of its own, never taken from the rest of the account.
 *
 * Entries (ref coin_contract/{id}): `coin-contract:{id}:close` (contract_close, or contract_liquidation when
 * the engine liquidates) moves the margin out of frozen, pays the P&L between the platform's `market` account
 * and the user, `:close:fee` (trade_fee) the fee, `:nbp` (negative_balance_protection) the absorbed loss.
 */

export type CloseReason = 'user' | 'take_profit' | 'stop_loss' | 'liquidation';

/**
 * Closes an open, locked position. What the book cannot take is closed at `markPrice` (the platform is the
 * counterparty of every fill, its `market` account); with no mark either, the close is refused.
 */
export async function closePosition(
  q: Queryable,
  row: PositionRow,
  ctx: {
    instrument: Instrument;
    book: OrderBook;
    markPrice: bigint | null;
    reason: CloseReason;
    nowMs: number;
    actor: Actor;
  },
): Promise<void> {
  if (row.state !== openState) throw new Refusal('coinContract.notOpen');
  const { instrument } = ctx;
  const scales = contractScales(instrument);
  const walk = fillMarket(row.side === 'long' ? 'sell' : 'buy', row.quantity, ctx.book);
  const rest = row.quantity - walk.filled;
  if (rest > 0n && ctx.markPrice === null) throw new Refusal('coinContract.noLiquidity');
  const exitNotional = walk.notional + rest * (ctx.markPrice ?? 0n);
  const feeMinor = contractFeeMinor(row.feeRateBp, exitNotional, row.quantity, scales);
  // settleClose values a close at price × quantity; a close across several levels has an exact notional,
  // given as the price of a quantity of one so that nothing is averaged or rounded before the P&L.
  const s = settleClose(
    { side: row.side, quantity: 1n, entryNotional: row.entryNotional, marginMinor: row.margin },
    exitNotional,
    feeMinor,
    scales,
  );

  const ref = { type: 'coin_contract', id: String(row.id) };
  const key = `coin-contract:${row.id}`;
  const margin = row.margin;
  const balance = margin + s.pnlMinor;
  const postings = [{ account: userUsdt(row.userId, 'frozen'), amount: -margin }];
  if (balance >= 0n) {
    if (balance > 0n) postings.push({ account: userUsdt(row.userId, 'contract'), amount: balance });
    if (s.pnlMinor !== 0n) postings.push({ account: platformUsdt('market'), amount: -s.pnlMinor });
  } else {
    postings.push({ account: platformUsdt('market'), amount: margin });
  }
  await postEntry(q, {
    billType: ctx.reason === 'liquidation' ? 'contract_liquidation' : 'contract_close',
    actor: ctx.actor,
    ref,
    idempotencyKey: `${key}:close`,
    memo: ctx.reason,
    postings,
  });
  if (s.feePaidMinor > 0n) {
    await postEntry(q, {
      billType: 'trade_fee',
      actor: ctx.actor,
      ref,
      idempotencyKey: `${key}:close:fee`,
      postings: [
        { account: userUsdt(row.userId, 'contract'), amount: -s.feePaidMinor },
        { account: platformUsdt('fees'), amount: s.feePaidMinor },
      ],
    });
  }
  if (s.absorbedMinor > 0n) {
    await postEntry(q, {
      billType: 'negative_balance_protection',
      actor: ctx.actor,
      ref,
      idempotencyKey: `${key}:nbp`,
      memo: 'loss beyond the margin absorbed by the platform',
      postings: [
        { account: platformUsdt('negative-balance-protection'), amount: -s.absorbedMinor },
        { account: platformUsdt('market'), amount: s.absorbedMinor },
      ],
    });
  }

  Object.assign(row, {
    state: ctx.reason === 'liquidation' ? 'system_close' : 'closed',
    closeReason: ctx.reason,
    marginClosed: margin,
    margin: 0n,
    exitNotional,
    realisedPnl: s.pnlMinor,
    closeFee: s.feePaidMinor,
    returned: s.returnedMinor,
    absorbed: s.absorbedMinor,
    closedAt: new Date(ctx.nowMs),
    updatedAt: new Date(ctx.nowMs),
  } satisfies Partial<PositionRow>);
  await q.query(
    `update coin_contract_positions set state = $2, close_reason = $3, margin_closed = $4, margin = 0,
            exit_notional = $5, realised_pnl = $6, close_fee = $7, returned = $8, absorbed = $9,
            closed_at = $10, updated_at = $10
      where id = $1`,
    [
      row.id,
      row.state,
      row.closeReason,
      margin,
      exitNotional,
      s.pnlMinor,
      s.feePaidMinor,
      s.returnedMinor,
      s.absorbedMinor,
      new Date(ctx.nowMs),
    ],
  );
  await taxContractClose(q, {
    source: 'coin_contract',
    id: row.id,
    userId: row.userId,
    symbol: row.symbol,
    currency: instrument.currency,
    pnl: s.pnlMinor,
    openFee: row.openFee,
    closeFee: s.feePaidMinor,
    absorbed: s.absorbedMinor,
    nowMs: ctx.nowMs,
    actor: ctx.actor,
  });
  if (ctx.reason === 'liquidation') {
    await notifyInvestor(q, {
      userId: row.userId,
      key: 'notice.perpetual.liquidated',
      params: [row.symbol, formatAmount(s.returnedMinor - margin, scales.currencyScale)],
      ref: `coin-contract:${row.id}`,
      nowMs: ctx.nowMs,
    });
  }
}
