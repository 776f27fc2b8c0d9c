import { verdictFor } from '@piazza/core/appropriateness';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { type Execution, fillMarket, type OrderBook } from '@piazza/core/trading/fills';
import { checkLeverage } from '@piazza/core/trading/leverage';
import { initialMarginMinor, maxQuantityForMargin } from '@piazza/core/trading/margin';
import type { Queryable } from '../../db/db';
import { type AccountRef, balanceOf, postEntry } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { readProfile } from '../kyc';
import { marketNow } from '../trading';
import { liquidationOf, openState, type PositionRow, positionColumns, restingState } from './positions';
import {
  contractFeeMinor,
  contractInstrumentOf,
  contractScales,
  contractTermsNow,
  marginCurrency,
  usdtShown,
} from './terms';

/*
 * Opening a perpetual position, adding margin to one, and its take profit and stop loss: checks in the order
 * the refusals are tested, then the row and its ledger entries in the caller's transaction, so a refusal at
 * any point (the ledger's own balance check included) leaves nothing behind.
 */

export const userUsdt = (userId: number, purpose: 'contract' | 'frozen'): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose,
  asset: marginCurrency,
});
export const platformUsdt = (purpose: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose,
  asset: marginCurrency,
});

/** The MiFID II appropriateness of leveraged products for the user ('missing' before the questionnaire). */
export async function leveragedVerdict(q: Queryable, userId: number) {
  const profile = await readProfile(q, userId);
  if (!profile) return 'missing' as const;
  return verdictFor(
    { experience: profile.experience, risk: profile.riskPreference, objective: profile.objective },
    'leveraged',
  );
}

/**
 * A take profit or stop loss price: positive, on the tick, and on the winning (take profit) or losing (stop
 * loss) side of the last price, so it cannot fire the moment it is set.
 */
export function triggerPriceOf(
  text: string | undefined,
  kind: 'takeProfit' | 'stopLoss',
  side: 'long' | 'short',
  lastPrice: bigint,
  instrument: Instrument,
): bigint | null {
  if (text === undefined) return null;
  const price = parseAmount(text, instrument.priceScale);
  if (price === null || price <= 0n || price % instrument.tickSize !== 0n) {
    throw new Refusal('coinContract.triggerPrice', [
      formatAmount(instrument.tickSize, instrument.priceScale),
    ]);
  }
  const above = price > lastPrice;
  const below = price < lastPrice;
  if (kind === 'takeProfit' && !(side === 'long' ? above : below)) {
    throw new Refusal('coinContract.takeProfitSide');
  }
  if (kind === 'stopLoss' && !(side === 'long' ? below : above))
    throw new Refusal('coinContract.stopLossSide');
  return price;
}

export interface OpenTicket {
  userId: number;
  symbol: string;
  side: 'long' | 'short';
  margin: string;
  leverage: number;
  type: 'market' | 'limit';
  /** The limit price of a limit opening. */
  price?: string | undefined;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  riskAcknowledged?: boolean | undefined;
  nowMs: number;
}

/**
 * The fill of an opening order: the most lots whose initial margin at the leverage, on the notional they
 * actually fill at across the book, the margin covers. The touch price gives an upper bound, the walk
 * through deeper levels may cost more, so the largest fitting count is searched between zero and it.
 */
function openingFill(
  side: 'long' | 'short',
  marginMinor: bigint,
  leverage: number,
  book: OrderBook,
  instrument: Instrument,
): Execution | null {
  const scales = contractScales(instrument);
  const touch = side === 'long' ? book.asks[0] : book.bids[0];
  if (!touch) return null;
  const upper = maxQuantityForMargin(marginMinor, leverage, touch.price, instrument.lotSize, scales);
  const walk = (lots: bigint) =>
    fillMarket(side === 'long' ? 'buy' : 'sell', lots * instrument.lotSize, book);
  const fits = (lots: bigint) => initialMarginMinor(walk(lots).notional, leverage, scales) <= marginMinor;
  let lo = 0n;
  let hi = upper / instrument.lotSize;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid - 1n;
  }
  return lo === 0n ? { fills: [], filled: 0n, unfilled: 0n, notional: 0n } : walk(lo);
}

/**
 * A limit opening's price: positive, on the tick, and not marketable now (a long below the last price, a
 * short above it), so it rests; a ticket that would open now is sent at market instead.
 */
function limitPriceOf(
  text: string | undefined,
  side: 'long' | 'short',
  lastPrice: bigint,
  instrument: Instrument,
): bigint {
  const tick = formatAmount(instrument.tickSize, instrument.priceScale);
  if (text === undefined) throw new Refusal('coinContract.limitPrice', [tick]);
  const price = parseAmount(text, instrument.priceScale);
  if (price === null || price <= 0n || price % instrument.tickSize !== 0n) {
    throw new Refusal('coinContract.limitPrice', [tick]);
  }
  if (side === 'long' ? price >= lastPrice : price <= lastPrice) throw new Refusal('coinContract.limitSide');
  return price;
}

/** A limit opening fills whole at its price: the most lots the margin covers there. */
function limitFill(marginMinor: bigint, leverage: number, price: bigint, instrument: Instrument): Execution {
  const scales = contractScales(instrument);
  const quantity = maxQuantityForMargin(marginMinor, leverage, price, instrument.lotSize, scales);
  return {
    fills: quantity > 0n ? [{ price, quantity }] : [],
    filled: quantity,
    unfilled: 0n,
    notional: price * quantity,
  };
}

/**
 * Fills a resting limit opening (locked, `open`) whole at its limit price, the platform's `market` account
 * as the counterparty as for every fill: the fee frozen beside the margin is paid, and it is a position.
 */
export async function fillLimitOpening(q: Queryable, row: PositionRow, nowMs: number): Promise<void> {
  if (row.state !== restingState) throw new Error(`coin contract ${row.id} is not a resting limit opening`);
  if (row.frozenFee > 0n) {
    await postEntry(q, {
      billType: 'trade_fee',
      actor: { type: 'job', id: 'liquidation-engine' },
      ref: { type: 'coin_contract', id: String(row.id) },
      idempotencyKey: `coin-contract:${row.id}:open:fee`,
      postings: [
        { account: userUsdt(row.userId, 'frozen'), amount: -row.frozenFee },
        { account: platformUsdt('fees'), amount: row.frozenFee },
      ],
    });
  }
  row.openFee = row.frozenFee;
  row.frozenFee = 0n;
  row.state = openState;
  row.updatedAt = new Date(nowMs);
  await q.query(
    `update coin_contract_positions set state = $2, open_fee = $3, frozen_fee = 0, updated_at = $4 where id = $1`,
    [row.id, openState, row.openFee, row.updatedAt],
  );
}

/** Cancels a resting limit opening (locked, `open`): its margin and fee go back to the contract account. */
export async function cancelLimitOpening(q: Queryable, row: PositionRow, nowMs: number): Promise<void> {
  if (row.state !== restingState) throw new Error(`coin contract ${row.id} is not a resting limit opening`);
  await postEntry(q, {
    billType: 'contract_close',
    actor: { type: 'user', id: String(row.userId) },
    ref: { type: 'coin_contract', id: String(row.id) },
    idempotencyKey: `coin-contract:${row.id}:cancel`,
    memo: 'limit opening cancelled',
    postings: [
      { account: userUsdt(row.userId, 'frozen'), amount: -(row.margin + row.frozenFee) },
      { account: userUsdt(row.userId, 'contract'), amount: row.margin + row.frozenFee },
    ],
  });
  Object.assign(row, {
    state: 'cancelled',
    closeReason: 'user',
    returned: row.margin + row.frozenFee,
    marginClosed: row.margin,
    margin: 0n,
    frozenFee: 0n,
    closedAt: new Date(nowMs),
    updatedAt: new Date(nowMs),
  } satisfies Partial<PositionRow>);
  await q.query(
    `update coin_contract_positions set state = 'cancelled', close_reason = 'user', margin_closed = $2,
            margin = 0, frozen_fee = 0, returned = $4, closed_at = $3, updated_at = $3
      where id = $1`,
    [row.id, row.marginClosed, row.closedAt, row.returned],
  );
}

/** Opens a position at market, or rests a limit opening, in the caller's transaction; answers its row and the pair. */
export async function openPosition(
  q: Queryable,
  services: Services,
  t: OpenTicket,
): Promise<{ row: PositionRow; instrument: Instrument; lastPrice: bigint }> {
  const instrument = contractInstrumentOf(services, t.symbol);
  const terms = await contractTermsNow(q);
  const leverageFailure = checkLeverage(t.leverage, terms.leverageMax);
  if (leverageFailure) {
    throw new Refusal(
      leverageFailure.failure,
      leverageFailure.failure === 'leverage.aboveMax' ? [leverageFailure.leverageMax] : [],
    );
  }
  const margin = parseAmount(t.margin, 6);
  if (margin === null) throw new Refusal('coinContract.marginFormat');
  if (margin < terms.marginMin) throw new Refusal('coinContract.marginMin', [usdtShown(terms.marginMin)]);

  const verdict = await leveragedVerdict(q, t.userId);
  if (verdict === 'missing') throw new Refusal('coinContract.appropriatenessMissing');
  if (verdict === 'refuse') throw new Refusal('coinContract.appropriatenessRefused');
  if (verdict === 'warn' && t.riskAcknowledged !== true)
    throw new Refusal('coinContract.riskAcknowledgement');

  const { quote, book } = await marketNow(services, instrument.symbol, t.nowMs);
  if (quote.status !== 'open') throw new Refusal('coinContract.noLiquidity');
  const limitPrice = t.type === 'limit' ? limitPriceOf(t.price, t.side, quote.last, instrument) : null;
  // TP and SL stand beside the price the position opens at: the last price, or a limit opening's limit.
  const reference = limitPrice ?? quote.last;
  const takeProfit = triggerPriceOf(t.takeProfit, 'takeProfit', t.side, reference, instrument);
  const stopLoss = triggerPriceOf(t.stopLoss, 'stopLoss', t.side, reference, instrument);

  const execution =
    limitPrice === null
      ? openingFill(t.side, margin, t.leverage, book, instrument)
      : limitFill(margin, t.leverage, limitPrice, instrument);
  if (execution === null) throw new Refusal('coinContract.noLiquidity');
  if (execution.filled === 0n) {
    throw new Refusal('coinContract.marginLot', [
      `${formatAmount(instrument.lotSize, instrument.quantityScale)} ${instrument.baseAsset ?? ''}`.trim(),
    ]);
  }
  const scales = contractScales(instrument);
  const fee = contractFeeMinor(terms.feeRateBp, execution.notional, execution.filled, scales);
  const available = await balanceOf(q, userUsdt(t.userId, 'contract'));
  if (available < margin + fee) {
    throw new Refusal('coinContract.balance', [usdtShown(available), usdtShown(margin + fee)]);
  }

  // A limit opening rests with its margin and fee frozen; it pays the fee when it fills (fillLimitOpening).
  const resting = limitPrice !== null;
  const now = new Date(t.nowMs);
  const [inserted] = await q.query<PositionRow>(
    `insert into coin_contract_positions (user_id, symbol, currency, side, leverage, state, quantity,
       entry_notional, margin, open_fee, take_profit, stop_loss, created_at, updated_at, type, limit_price,
       frozen_fee, maintenance_rate_bp, fee_rate_bp)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18)
     returning ${positionColumns}`,
    [
      t.userId,
      instrument.symbol,
      marginCurrency,
      t.side,
      t.leverage,
      resting ? restingState : openState,
      execution.filled,
      execution.notional,
      margin,
      resting ? 0n : fee,
      takeProfit,
      stopLoss,
      now,
      t.type,
      limitPrice,
      resting ? fee : 0n,
      terms.maintenanceRateBp,
      terms.feeRateBp,
    ],
  );
  const row = inserted as PositionRow;
  row.liquidationPrice = liquidationOf(row, instrument);
  await q.query('update coin_contract_positions set liquidation_price = $2 where id = $1', [
    row.id,
    row.liquidationPrice,
  ]);

  const actor = { type: 'user' as const, id: String(t.userId) };
  const ref = { type: 'coin_contract', id: String(row.id) };
  await postEntry(q, {
    billType: 'contract_open',
    actor,
    ref,
    idempotencyKey: `coin-contract:${row.id}:open`,
    memo: `${t.side} ${instrument.symbol} ${t.leverage}:1`,
    postings: [
      { account: userUsdt(t.userId, 'contract'), amount: -(resting ? margin + fee : margin) },
      { account: userUsdt(t.userId, 'frozen'), amount: resting ? margin + fee : margin },
    ],
  });
  if (fee > 0n && !resting) {
    await postEntry(q, {
      billType: 'trade_fee',
      actor,
      ref,
      idempotencyKey: `coin-contract:${row.id}:open:fee`,
      postings: [
        { account: userUsdt(t.userId, 'contract'), amount: -fee },
        { account: platformUsdt('fees'), amount: fee },
      ],
    });
  }
  return { row, instrument, lastPrice: quote.last };
}

/** Moves `amount` USDT from the contract account into an open, locked position and moves its liquidation price. */
export async function addMargin(
  q: Queryable,
  row: PositionRow,
  instrument: Instrument,
  amountText: string,
  nowMs: number,
): Promise<void> {
  if (row.state === restingState) throw new Refusal('coinContract.notFilled');
  if (row.state !== openState) throw new Refusal('coinContract.notOpen');
  const amount = parseAmount(amountText, 6);
  if (amount === null) throw new Refusal('coinContract.amountFormat');
  if (amount <= 0n) throw new Refusal('coinContract.amountZero');
  const available = await balanceOf(q, userUsdt(row.userId, 'contract'));
  if (available < amount)
    throw new Refusal('coinContract.balance', [usdtShown(available), usdtShown(amount)]);
  const seq = row.marginAdds + 1;
  await postEntry(q, {
    billType: 'add_margin',
    actor: { type: 'user', id: String(row.userId) },
    ref: { type: 'coin_contract', id: String(row.id) },
    idempotencyKey: `coin-contract:${row.id}:margin:${seq}`,
    postings: [
      { account: userUsdt(row.userId, 'contract'), amount: -amount },
      { account: userUsdt(row.userId, 'frozen'), amount },
    ],
  });
  row.margin += amount;
  row.marginAdds = seq;
  row.liquidationPrice = liquidationOf(row, instrument);
  await q.query(
    `update coin_contract_positions set margin = $2, margin_adds = $3, liquidation_price = $4, updated_at = $5
      where id = $1`,
    [row.id, row.margin, row.marginAdds, row.liquidationPrice, new Date(nowMs)],
  );
}
