import type {
  contractCloseReasons,
  contractSides,
  contractStates,
  PositionView,
} from '@piazza/contract/calls/coin-contract-shapes';
import { formatAmount, mulDiv } from '@piazza/core/money';
import { liquidationPrice, type PerpetualPosition, unrealisedPnlMinor } from '@piazza/core/trading/perpetual';
import { one, type Queryable } from '../../db/db';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import { contractScales, ratesOf, usdt } from './terms';

/** One coin_contract_positions row as the services read it (minor units throughout). */
export interface PositionRow {
  id: bigint;
  userId: number;
  symbol: string;
  currency: string;
  side: (typeof contractSides)[number];
  leverage: number;
  state: (typeof contractStates)[number];
  type: 'market' | 'limit';
  limitPrice: bigint | null;
  closeReason: (typeof contractCloseReasons)[number] | null;
  quantity: bigint;
  entryNotional: bigint;
  margin: bigint;
  marginClosed: bigint | null;
  marginAdds: number;
  openFee: bigint;
  frozenFee: bigint;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  liquidationPrice: bigint | null;
  exitNotional: bigint | null;
  realisedPnl: bigint | null;
  closeFee: bigint | null;
  returned: bigint | null;
  absorbed: bigint | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  /** The maintenance and fee rates it was opened under (decision 021). */
  maintenanceRateBp: number;
  feeRateBp: number;
}

export const positionColumns = `id, user_id as "userId", symbol, currency, side, leverage, state, type,
  limit_price as "limitPrice", frozen_fee as "frozenFee",
  close_reason as "closeReason", quantity, entry_notional as "entryNotional", margin,
  margin_closed as "marginClosed", margin_adds as "marginAdds", open_fee as "openFee",
  take_profit as "takeProfit", stop_loss as "stopLoss", liquidation_price as "liquidationPrice",
  exit_notional as "exitNotional", realised_pnl as "realisedPnl", close_fee as "closeFee", returned, absorbed,
  created_at as "createdAt", updated_at as "updatedAt", closed_at as "closedAt",
  maintenance_rate_bp as "maintenanceRateBp", fee_rate_bp as "feeRateBp"`;

export const openState = 'position';
/** A limit opening waiting for its price. */
export const restingState = 'open';

/** What the core rules read of a row. */
export function perpetualOf(p: PositionRow): PerpetualPosition {
  return { side: p.side, quantity: p.quantity, entryNotional: p.entryNotional, marginMinor: p.margin };
}

/** The liquidation price of the position as it stands (margin included), on the pair's tick. */
export function liquidationOf(p: PositionRow, instrument: Instrument): bigint | null {
  return liquidationPrice(perpetualOf(p), ratesOf(p), contractScales(instrument), instrument.tickSize);
}

/** The position, locked for the rest of the transaction so a close, a trigger and a margin add never interleave. */
export async function lockPosition(q: Queryable, id: bigint): Promise<PositionRow | undefined> {
  return one<PositionRow>(
    q,
    `select ${positionColumns} from coin_contract_positions where id = $1 for update`,
    [id],
  );
}

/** The user's position, locked, or 'coinContract.notFound' (another user's is not found either). */
export async function lockUserPosition(q: Queryable, userId: number, id: number): Promise<PositionRow> {
  const row = await one<PositionRow>(
    q,
    `select ${positionColumns} from coin_contract_positions where id = $1 and user_id = $2 for update`,
    [id, userId],
  );
  if (!row) throw new Refusal('coinContract.notFound');
  return row;
}

export async function userPosition(q: Queryable, userId: number, id: number): Promise<PositionRow> {
  const row = await one<PositionRow>(
    q,
    `select ${positionColumns} from coin_contract_positions where id = $1 and user_id = $2`,
    [id, userId],
  );
  if (!row) throw new Refusal('coinContract.notFound');
  return row;
}

/** A position as the calls answer it; `markPrice` values an open one. */
export function positionViewOf(
  p: PositionRow,
  instrument: Instrument,
  markPrice: bigint | null,
): PositionView {
  const scales = contractScales(instrument);
  const price = (v: bigint | null) => (v === null ? null : formatAmount(v, instrument.priceScale));
  const money = (v: bigint | null) => (v === null ? null : usdt(v));
  const open = p.state === openState;
  const resting = p.state === restingState;
  const mark = open ? markPrice : null;
  return {
    id: Number(p.id),
    symbol: p.symbol,
    name: instrument.name,
    currency: p.currency,
    side: p.side,
    leverage: p.leverage,
    state: p.state,
    type: p.type,
    limitPrice: price(p.limitPrice),
    closeReason: p.closeReason,
    quantity: formatAmount(p.quantity, instrument.quantityScale),
    entryPrice: formatAmount(mulDiv(p.entryNotional, 1n, p.quantity, 'halfEven'), instrument.priceScale),
    entryNotional: formatAmount(p.entryNotional, instrument.priceScale + instrument.quantityScale),
    margin: usdt(open || resting ? p.margin : (p.marginClosed ?? p.margin)),
    openFee: usdt(p.openFee),
    liquidationPrice: open || resting ? price(p.liquidationPrice) : null,
    takeProfit: price(p.takeProfit),
    stopLoss: price(p.stopLoss),
    markPrice: price(mark),
    unrealisedPnl: mark === null ? null : usdt(unrealisedPnlMinor(perpetualOf(p), mark, scales)),
    exitPrice:
      p.exitNotional === null
        ? null
        : formatAmount(mulDiv(p.exitNotional, 1n, p.quantity, 'halfEven'), instrument.priceScale),
    realisedPnl: money(p.realisedPnl),
    closeFee: money(p.closeFee),
    returned: money(p.returned),
    absorbed: money(p.absorbed),
    createdAt: p.createdAt.getTime(),
    closedAt: p.closedAt === null ? null : p.closedAt.getTime(),
  };
}
