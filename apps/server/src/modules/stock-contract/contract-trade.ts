import { verdictFor } from '@piazza/core/appropriateness';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { orderFee } from '@piazza/core/trading/fees';
import { type Fill, fillMarket, type OrderBook, tradeValue } from '@piazza/core/trading/fills';
import { checkLeverage, type LeverageClass, leverageClassOf } from '@piazza/core/trading/leverage';
import {
  type ContractSide,
  coverLoss,
  coversOpening,
  initialMarginMinor,
  maxQuantityForMargin,
} from '@piazza/core/trading/margin';
import type { Queryable } from '../../db/db';
import { notifyInvestor } from '../../kit/personal-notice';
import { type AccountRef, postEntry } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { readProfile } from '../kyc';
import { taxContractClose } from '../taxes';
import {
  type Actor,
  currencyScaleOf,
  leverageCapOf,
  marketNow,
  type TradingSettings,
  tradingSettingsFor,
} from '../trading';
import { accountState, freeMargin, marksOf, realisedPnl, scalesOf } from './account-state';
import {
  type CloseReason,
  type ContractRow,
  contractColumns,
  lockContract,
  lockContractAccount,
  openContracts,
} from './contract-rows';

/*
 * Opening, closing and funding a contract position, each inside the caller's transaction. The platform is
 * the counterparty (its `market` account), priced by the instrument's book: an opening walks the book like
 * a spot market order (a long takes the asks, a short the bids); a close walks the other side, and what the
 * book cannot take is closed at the last trade, since a position must always be closable (a close-out
 * above all). Ledger entries, keyed per position:
 *   stock-contract:{id}:open        contract_open  the opening fee, contract account → platform fees
 *   stock-contract:{id}:close       contract_close (contract_liquidation for a close-out): the P&L less
 *                                   the closing fee, between the contract account, platform market and fees
 *   stock-contract:{id}:nbp         negative_balance_protection: a loss beyond the account, paid to the
 *                                   market by the platform's `negative-balance-protection` account
 *   stock-contract:{id}:margin:{r}  add_margin  spot → contract, for request r
 * The margin itself never moves: it is cash of the contract account, required by the open positions.
 */

const platform = (purpose: string, asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose,
  asset,
});
const userAccount = (userId: number, purpose: 'spot' | 'contract', asset: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose,
  asset,
});

/** The instruments a stock contract may be on: shares and indices of the catalogue. */
export function contractInstrument(services: Services, symbol: string): Instrument {
  const instrument = services.market.instrument(symbol);
  if (!instrument) throw new Refusal('order.unknownSymbol', [symbol]);
  if (instrument.kind !== 'stock' && instrument.kind !== 'index') {
    throw new Refusal('stockContract.notTradable', [symbol]);
  }
  if (!instrument.listed) throw new Refusal('order.notListed');
  return instrument;
}

/** The ESMA class and the cap that applies to an instrument: its market's configured cap, never above ESMA's. */
export function leverageOf(
  settings: TradingSettings,
  instrument: Instrument,
): { leverageClass: LeverageClass; leverageMax: number } {
  const leverageClass = leverageClassOf({
    kind: instrument.kind as 'stock' | 'index',
    name: instrument.name,
    baseAsset: instrument.baseAsset,
    currency: instrument.currency,
  });
  return { leverageClass, leverageMax: leverageCapOf(settings, leverageClass) };
}

export interface OpenTicket {
  userId: number;
  symbol: string;
  side: ContractSide;
  quantity?: string | undefined;
  margin?: string | undefined;
  leverage: number;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  acknowledgeRisk?: boolean | undefined;
  nowMs: number;
}

function parsePrice(text: string | undefined, instrument: Instrument): bigint | null {
  if (text === undefined) return null;
  const price = parseAmount(text, instrument.priceScale);
  if (price === null) throw new Refusal('stockContract.priceDecimals', [instrument.priceScale]);
  if (price <= 0n) throw new Refusal('order.triggerPriceZero');
  return price;
}

/** Take profit beyond the mark in the position's favour, stop loss beyond it against. */
export function checkTriggers(
  side: ContractSide,
  mark: bigint,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): void {
  if (takeProfit !== null && (side === 'long' ? takeProfit <= mark : takeProfit >= mark)) {
    throw new Refusal('stockContract.takeProfitSide');
  }
  if (stopLoss !== null && (side === 'long' ? stopLoss >= mark : stopLoss <= mark)) {
    throw new Refusal('stockContract.stopLossSide');
  }
}

/**
 * Opens a position: instrument, leverage cap, appropriateness, market open, size, triggers, then the fill
 * and the free margin of the account (equity at the marks less the margin required, fee included). Any
 * refusal rolls the whole call back.
 */
export async function openContract(q: Queryable, services: Services, t: OpenTicket): Promise<ContractRow> {
  const instrument = contractInstrument(services, t.symbol);
  const settings = await tradingSettingsFor(q, instrument);
  const { leverageMax } = leverageOf(settings, instrument);
  const leverageFailure = checkLeverage(t.leverage, leverageMax);
  if (leverageFailure) {
    throw leverageFailure.failure === 'leverage.aboveMax'
      ? new Refusal('leverage.aboveMax', [leverageFailure.leverageMax])
      : new Refusal('leverage.invalid');
  }

  const profile = await readProfile(q, t.userId);
  if (!profile) throw new Refusal('stockContract.profileMissing');
  const verdict = verdictFor(
    { experience: profile.experience, risk: profile.riskPreference, objective: profile.objective },
    'leveraged',
  );
  if (verdict === 'refuse') throw new Refusal('stockContract.notAppropriate');
  if (verdict === 'warn' && t.acknowledgeRisk !== true) throw new Refusal('stockContract.acknowledgeRisk');

  if ((t.quantity === undefined) === (t.margin === undefined)) throw new Refusal('stockContract.sizeOne');
  const { quote, book } = await marketNow(services, instrument.symbol, t.nowMs);
  if (quote.status !== 'open') throw new Refusal('order.marketClosed');

  const currencyScale = await currencyScaleOf(q, instrument.currency);
  const scales = scalesOf(instrument, currencyScale);
  const lot = formatAmount(instrument.lotSize, instrument.quantityScale);
  const takeSide = t.side === 'long' ? 'buy' : 'sell';
  const touch = (t.side === 'long' ? book.asks[0]?.price : book.bids[0]?.price) ?? quote.last;
  let quantity: bigint;
  if (t.quantity !== undefined) {
    const parsed = parseAmount(t.quantity, instrument.quantityScale);
    if (parsed === null) throw new Refusal('order.quantityLot', [lot]);
    if (parsed <= 0n) throw new Refusal('order.quantityZero');
    if (parsed % instrument.lotSize !== 0n) throw new Refusal('order.quantityLot', [lot]);
    quantity = parsed;
  } else {
    const margin = parseAmount(t.margin as string, currencyScale);
    if (margin === null) throw new Refusal('stockContract.marginDecimals', [currencyScale]);
    if (margin <= 0n) throw new Refusal('stockContract.marginZero');
    quantity = maxQuantityForMargin(margin, t.leverage, touch, instrument.lotSize, scales);
    if (quantity === 0n) {
      const oneLot = initialMarginMinor(touch * instrument.lotSize, t.leverage, scales);
      throw new Refusal('stockContract.marginTooSmall', [formatAmount(oneLot, currencyScale)]);
    }
  }
  const takeProfit = parsePrice(t.takeProfit, instrument);
  const stopLoss = parsePrice(t.stopLoss, instrument);
  checkTriggers(t.side, quote.last, takeProfit, stopLoss);

  const execution = fillMarket(takeSide, quantity, { bids: book.bids, asks: book.asks });
  if (execution.filled === 0n) throw new Refusal('order.noLiquidity');
  const entryValue = tradeValue(execution.notional, scales);
  const margin = initialMarginMinor(execution.notional, t.leverage, scales);
  const fee = orderFee(settings.fees, { value: entryValue, quantity: execution.filled }, scales);

  // The account, locked: what it holds and what its open positions already require, at their marks.
  const balance = await lockContractAccount(q, t.userId, instrument.currency);
  const rows = await openContracts(q, t.userId, instrument.currency, true);
  const marks = await marksOf(
    services,
    rows.map((r) => r.symbol),
    t.nowMs,
  );
  const unpriced = rows.find((r) => marks.get(r.symbol) === null);
  if (unpriced) throw new Refusal('market.unavailable', [unpriced.symbol]);
  const state = accountState(services, {
    currency: instrument.currency,
    currencyScale,
    balance,
    rows,
    marks,
  });
  const free = freeMargin(state);
  // The ticket's close-out preview asks the same rule (core openingCloseOut).
  if (!coversOpening(free, margin, fee)) {
    throw new Refusal('stockContract.marginInsufficient', [
      formatAmount(margin + fee, currencyScale),
      formatAmount(free > 0n ? free : 0n, currencyScale),
    ]);
  }

  const [row] = await q.query<ContractRow>(
    `insert into stock_contracts (user_id, symbol, currency, side, leverage, state, quantity, entry_notional,
                                  entry_value, margin, open_fee, take_profit, stop_loss, created_at)
     values ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, $10, $11, $12, $13) returning ${contractColumns}`,
    [
      t.userId,
      instrument.symbol,
      instrument.currency,
      t.side,
      t.leverage,
      execution.filled,
      execution.notional,
      entryValue,
      margin,
      fee,
      takeProfit,
      stopLoss,
      new Date(t.nowMs),
    ],
  );
  const position = row as ContractRow;
  if (fee > 0n) {
    await postEntry(q, {
      billType: 'contract_open',
      actor: { type: 'user', id: String(t.userId) },
      ref: { type: 'stock_contract', id: String(position.id) },
      idempotencyKey: `stock-contract:${position.id}:open`,
      memo: 'opening fee',
      postings: [
        { account: userAccount(t.userId, 'contract', instrument.currency), amount: -fee },
        { account: platform('fees', instrument.currency), amount: fee },
      ],
    });
  }
  return position;
}

/** The fills that close `quantity`: the book walked, any rest at the last trade. */
function closingFills(side: ContractSide, quantity: bigint, book: OrderBook, last: bigint): Fill[] {
  const execution = fillMarket(side === 'long' ? 'sell' : 'buy', quantity, book);
  const fills = [...execution.fills];
  if (execution.unfilled > 0n) fills.push({ price: last, quantity: execution.unfilled });
  return fills;
}

/**
 * Closes an open position (locked by the caller or here) at market and posts the result: the P&L less the
 * closing fee into or out of the contract account; a loss the account cannot pay is paid up to its balance
 * and the rest absorbed by the platform (negative-balance protection). Undefined when the position is no
 * longer open (a trigger that lost a race with the investor's own close).
 */
export async function closeContract(
  q: Queryable,
  services: Services,
  id: bigint,
  ctx: { reason: CloseReason; nowMs: number; actor: Actor },
): Promise<ContractRow | undefined> {
  const position = await lockContract(q, id);
  if (position?.state !== 'open') return undefined;
  const instrument = services.market.instrument(position.symbol);
  if (!instrument)
    throw new Error(`contract ${id} is on ${position.symbol}, which the market no longer lists`);
  const { quote, book } = await marketNow(services, instrument.symbol, ctx.nowMs);
  if (quote.status !== 'open') throw new Refusal('order.marketClosed');

  const currencyScale = await currencyScaleOf(q, position.currency);
  const scales = scalesOf(instrument, currencyScale);
  const fills = closingFills(position.side, position.quantity, book, quote.last);
  const closeNotional = fills.reduce((sum, f) => sum + f.price * f.quantity, 0n);
  const pnl = realisedPnl(position, closeNotional, scales);
  const fee = orderFee(
    (await tradingSettingsFor(q, instrument)).fees,
    { value: tradeValue(closeNotional, scales), quantity: position.quantity },
    scales,
  );

  const balance = await lockContractAccount(q, position.userId, position.currency);
  const net = pnl - fee;
  const { paidMinor, absorbedMinor } =
    net >= 0n ? { paidMinor: 0n, absorbedMinor: 0n } : coverLoss(balance, -net);
  const userLeg = net >= 0n ? net : -paidMinor;
  const ref = { type: 'stock_contract', id: String(position.id) };
  const currency = position.currency;
  const postings = [
    { account: userAccount(position.userId, 'contract', currency), amount: userLeg },
    { account: platform('fees', currency), amount: fee },
    // The market pays the profit or takes the loss, less what the platform absorbs (posted next).
    { account: platform('market', currency), amount: -pnl - absorbedMinor },
  ].filter((p) => p.amount !== 0n);
  if (postings.length > 0) {
    await postEntry(q, {
      billType: ctx.reason === 'close_out' ? 'contract_liquidation' : 'contract_close',
      actor: ctx.actor,
      ref,
      idempotencyKey: `stock-contract:${position.id}:close`,
      memo: ctx.reason,
      postings,
    });
  }
  if (absorbedMinor > 0n) {
    await postEntry(q, {
      billType: 'negative_balance_protection',
      actor: ctx.actor,
      ref,
      idempotencyKey: `stock-contract:${position.id}:nbp`,
      memo: 'loss beyond the contract account absorbed by the platform',
      postings: [
        { account: platform('negative-balance-protection', currency), amount: -absorbedMinor },
        { account: platform('market', currency), amount: absorbedMinor },
      ],
    });
  }
  const [closed] = await q.query<ContractRow>(
    `update stock_contracts set state = 'closed', close_notional = $2, pnl = $3, close_fee = $4, absorbed = $5,
            close_reason = $6, closed_at = $7
      where id = $1 returning ${contractColumns}`,
    [position.id, closeNotional, pnl, fee, absorbedMinor, ctx.reason, new Date(ctx.nowMs)],
  );
  await taxContractClose(q, {
    source: 'stock_contract',
    id: position.id,
    userId: position.userId,
    symbol: position.symbol,
    currency,
    pnl,
    openFee: position.openFee,
    closeFee: fee,
    absorbed: absorbedMinor,
    nowMs: ctx.nowMs,
    actor: ctx.actor,
  });
  if (ctx.reason === 'close_out') {
    await notifyInvestor(q, {
      userId: position.userId,
      key: 'notice.contract.closedOut',
      params: [position.symbol, formatAmount(net, scales.currencyScale), currency],
      ref: `stock-contract:${position.id}`,
      nowMs: ctx.nowMs,
    });
  }
  return closed;
}

/** Moves `amount` from spot into the contract account for an open position of the user. */
export async function addMargin(
  q: Queryable,
  userId: number,
  id: number,
  amountText: string,
  requestId: string,
): Promise<ContractRow> {
  const position = await lockContract(q, BigInt(id));
  if (!position || position.userId !== userId) throw new Refusal('stockContract.notFound');
  if (position.state !== 'open') throw new Refusal('stockContract.notOpen');
  const currencyScale = await currencyScaleOf(q, position.currency);
  const amount = parseAmount(amountText, currencyScale);
  if (amount === null) throw new Refusal('stockContract.marginDecimals', [currencyScale]);
  if (amount <= 0n) throw new Refusal('stockContract.amountZero');
  await lockContractAccount(q, userId, position.currency);
  await postEntry(q, {
    billType: 'add_margin',
    actor: { type: 'user', id: String(userId) },
    ref: { type: 'stock_contract', id: String(position.id) },
    idempotencyKey: `stock-contract:${position.id}:margin:${requestId}`,
    postings: [
      { account: userAccount(userId, 'spot', position.currency), amount: -amount },
      { account: userAccount(userId, 'contract', position.currency), amount },
    ],
  });
  const [row] = await q.query<ContractRow>(
    `update stock_contracts set added_margin = added_margin + $2 where id = $1 returning ${contractColumns}`,
    [position.id, amount],
  );
  return row as ContractRow;
}

/** Sets or clears the take profit or the stop loss of an open position, checked against the mark now. */
export async function setTrigger(
  q: Queryable,
  services: Services,
  userId: number,
  id: number,
  which: 'takeProfit' | 'stopLoss',
  priceText: string | undefined,
  nowMs: number,
): Promise<ContractRow> {
  const position = await lockContract(q, BigInt(id));
  if (!position || position.userId !== userId) throw new Refusal('stockContract.notFound');
  if (position.state !== 'open') throw new Refusal('stockContract.notOpen');
  const instrument = contractInstrument(services, position.symbol);
  const price = parsePrice(priceText, instrument);
  if (price !== null) {
    const { quote } = await marketNow(services, instrument.symbol, nowMs);
    checkTriggers(
      position.side,
      quote.last,
      which === 'takeProfit' ? price : null,
      which === 'stopLoss' ? price : null,
    );
  }
  const column = which === 'takeProfit' ? 'take_profit' : 'stop_loss';
  const [row] = await q.query<ContractRow>(
    `update stock_contracts set ${column} = $2 where id = $1 returning ${contractColumns}`,
    [position.id, price],
  );
  return row as ContractRow;
}
