import type { adminTradingSettingsSave, stockOrderRule } from '@piazza/contract/calls/trading-admin';
import type { TradingMarket, tradingSettingsView } from '@piazza/contract/calls/trading-admin-shapes';
import type { CallInput, CallOutput } from '@piazza/contract/define';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { FeeSchedule } from '@piazza/core/trading/fees';
import type { Side } from '@piazza/core/trading/fills';
import type { OrderLimits } from '@piazza/core/trading/order-rules';
import type { z } from 'zod';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import {
  type LeverageCaps,
  type PerpetualTerms,
  type TermsRow,
  termsFromInput,
  termsRowOf,
  termsSelect,
  termsViewOf,
} from './settings-terms';

/*
 * The operator's trading settings per market (decision 012): fee schedule, bounds of one order, settlement
 * days. Read by each order in its own transaction, so a save on any instance counts from the next order on
 * every instance, with no cache to invalidate. The schedule an order was placed under is pinned beside it
 * (stock_order_fees): its later fills pay by that rule, whatever the operator saves meanwhile.
 */

export interface TradingSettings {
  market: TradingMarket;
  currency: string;
  currencyScale: number;
  /** The decimals of the quantity bounds as stored (whole shares, or 8 for coins). */
  quantityScale: number;
  fees: FeeSchedule;
  /** Quantity bounds at `quantityScale`, amount bounds in currency minor units. */
  buy: OrderLimits;
  /** Quantity bounds only: the amount bounds are purchase amounts (SPEC.md §5). */
  sell: OrderLimits;
  settlementDays: number;
  /** Leverage caps by ESMA class, the minimum option purchase, the perpetuals' terms (decision 021). */
  leverageCaps: LeverageCaps;
  /** Currency minor units; null where options are not sold (CRYPTO). */
  optionAmountMin: bigint | null;
  /** CRYPTO only. */
  perpetual: PerpetualTerms | null;
  updatedAt: Date;
}

interface SettingsRow extends TermsRow {
  market: TradingMarket;
  currency: string;
  currencyScale: number;
  quantityScale: number;
  feeRateBp: number;
  feePerShare: bigint | null;
  feePerShareScale: number | null;
  feeMinimum: bigint;
  feeMaximum: bigint | null;
  buyQuantityMin: bigint | null;
  buyQuantityMax: bigint | null;
  sellQuantityMin: bigint | null;
  sellQuantityMax: bigint | null;
  buyAmountMin: bigint | null;
  buyAmountMax: bigint | null;
  settlementDays: number;
  updatedAt: Date;
}

const settingsSelect = `select s.market, s.currency, a.scale as "currencyScale", s.quantity_scale as "quantityScale",
    s.fee_rate_bp as "feeRateBp", s.fee_per_share as "feePerShare", s.fee_per_share_scale as "feePerShareScale",
    s.fee_minimum as "feeMinimum", s.fee_maximum as "feeMaximum",
    s.buy_quantity_min as "buyQuantityMin", s.buy_quantity_max as "buyQuantityMax",
    s.sell_quantity_min as "sellQuantityMin", s.sell_quantity_max as "sellQuantityMax",
    s.buy_amount_min as "buyAmountMin", s.buy_amount_max as "buyAmountMax",
    s.settlement_days as "settlementDays", s.updated_at as "updatedAt", ${termsSelect}
  from trading_settings s join assets a on a.code = s.currency`;

function scheduleOf(
  rateBp: number,
  perShare: bigint | null,
  perShareScale: number | null,
  min: bigint,
  max: bigint | null,
): FeeSchedule {
  return {
    rateBp: Number(rateBp),
    perShare: perShare === null ? null : { amount: perShare, scale: Number(perShareScale ?? 0) },
    minimum: min,
    maximum: max,
  };
}

function settingsOf(r: SettingsRow): TradingSettings {
  return {
    market: r.market,
    currency: r.currency,
    currencyScale: Number(r.currencyScale),
    quantityScale: Number(r.quantityScale),
    fees: scheduleOf(r.feeRateBp, r.feePerShare, r.feePerShareScale, r.feeMinimum, r.feeMaximum),
    buy: {
      quantityMin: r.buyQuantityMin,
      quantityMax: r.buyQuantityMax,
      amountMin: r.buyAmountMin,
      amountMax: r.buyAmountMax,
    },
    sell: {
      quantityMin: r.sellQuantityMin,
      quantityMax: r.sellQuantityMax,
      amountMin: null,
      amountMax: null,
    },
    settlementDays: Number(r.settlementDays),
    ...termsRowOf(r),
    updatedAt: r.updatedAt,
  };
}

/** The market whose settings an instrument trades under: its trading calendar. */
export function marketOf(instrument: Pick<Instrument, 'calendar' | 'symbol'>): TradingMarket {
  const { calendar } = instrument;
  if (calendar === 'XMIL' || calendar === 'XNYS' || calendar === 'CRYPTO') return calendar;
  throw new Refusal('order.unknownSymbol', [instrument.symbol]);
}

export async function tradingSettingsOf(
  q: Queryable,
  market: TradingMarket,
  security?: { code: string; scale: number },
): Promise<TradingSettings> {
  // An order's share made a ledger asset in the same statement (order-fills `orderSettingsOf`).
  const row = security
    ? await one<SettingsRow>(
        q,
        `with ensured as (
           insert into assets (code, kind, scale) values ($2, 'security', $3) on conflict (code) do nothing)
         ${settingsSelect} where s.market = $1`,
        [market, security.code, security.scale],
      )
    : await one<SettingsRow>(q, `${settingsSelect} where s.market = $1`, [market]);
  if (!row) throw new Error(`no trading settings for market ${market}`);
  return settingsOf(row);
}

/**
 * The market's settings read in a statement that carries more: `ride.with` adds CTEs (after the share's asset
 * ensured, when given) and `ride.columns` more columns, their parameters from $4 on ($1 the market, $2 and $3
 * the share's code and scale). Answers the settings and the row with the extra columns (decision 072).
 */
export async function tradingSettingsRiding<R>(
  q: Queryable,
  market: TradingMarket,
  security: { code: string; scale: number },
  ride: { with: string; columns: string; params: readonly unknown[] },
): Promise<{ settings: TradingSettings; row: R }> {
  const select = settingsSelect.replace(
    ' from trading_settings s',
    `, ${ride.columns} from trading_settings s`,
  );
  const row = await one<SettingsRow & R>(
    q,
    `with ensured as (
       insert into assets (code, kind, scale) values ($2, 'security', $3) on conflict (code) do nothing),
     ${ride.with}
     ${select} where s.market = $1`,
    [market, security.code, security.scale, ...ride.params],
  );
  if (!row) throw new Error(`no trading settings for market ${market}`);
  return { settings: settingsOf(row), row };
}

export function tradingSettingsFor(
  q: Queryable,
  instrument: Instrument,
  security?: { code: string; scale: number },
): Promise<TradingSettings> {
  return tradingSettingsOf(q, marketOf(instrument), security);
}

export async function listTradingSettings(q: Queryable): Promise<TradingSettings[]> {
  return (
    await q.query<SettingsRow>(
      `${settingsSelect} order by case s.market when 'XMIL' then 1 when 'XNYS' then 2 else 3 end`,
    )
  ).map(settingsOf);
}

/** A quantity bound from the stored scale to the instrument's: a minimum rounds up, a maximum down. */
function rescale(bound: bigint | null, from: number, to: number, kind: 'min' | 'max'): bigint | null {
  if (bound === null) return null;
  if (to >= from) return bound * 10n ** BigInt(to - from);
  const step = 10n ** BigInt(from - to);
  const down = bound / step;
  return kind === 'max' || bound % step === 0n ? down : down + 1n;
}

/** The order bounds for one side of a ticket, in the instrument's quantity minor units. */
export function orderLimitsOf(s: TradingSettings, side: Side, instrument: Instrument): OrderLimits {
  const bounds = side === 'buy' ? s.buy : s.sell;
  // Amount bounds are in the market's currency; an instrument priced in another would be misjudged by them.
  const sameCurrency = instrument.currency === s.currency;
  return {
    quantityMin: rescale(bounds.quantityMin, s.quantityScale, instrument.quantityScale, 'min'),
    quantityMax: rescale(bounds.quantityMax, s.quantityScale, instrument.quantityScale, 'max'),
    amountMin: sameCurrency ? bounds.amountMin : null,
    amountMax: sameCurrency ? bounds.amountMax : null,
  };
}

/** The values of an order's stock_order_fees row after its id, in the columns' order (placed with the order, decision 012). */
export function feePinParams(
  fees: FeeSchedule,
): [number, bigint | null, number | null, bigint, bigint | null] {
  return [
    fees.rateBp,
    fees.perShare?.amount ?? null,
    fees.perShare?.scale ?? null,
    fees.minimum,
    fees.maximum,
  ];
}

/** The schedule an order was placed under; undefined for an order placed before schedules were pinned. */
export async function pinnedFees(q: Queryable, orderId: bigint): Promise<FeeSchedule | undefined> {
  const row = await one<{
    rateBp: number;
    perShare: bigint | null;
    perShareScale: number | null;
    minimum: bigint;
    maximum: bigint | null;
  }>(
    q,
    `select fee_rate_bp as "rateBp", fee_per_share as "perShare", fee_per_share_scale as "perShareScale",
            fee_minimum as minimum, fee_maximum as maximum
       from stock_order_fees where order_id = $1`,
    [orderId],
  );
  return row && scheduleOf(row.rateBp, row.perShare, row.perShareScale, row.minimum, row.maximum);
}

const text = (v: bigint | null, scale: number) => (v === null ? null : formatAmount(v, scale));

function feeView(fees: FeeSchedule, currencyScale: number) {
  return {
    rateBp: fees.rateBp,
    perShare: fees.perShare ? formatAmount(fees.perShare.amount, fees.perShare.scale) : null,
    minimum: formatAmount(fees.minimum, currencyScale),
    maximum: text(fees.maximum, currencyScale),
  };
}

export function settingsViewOf(s: TradingSettings): z.output<typeof tradingSettingsView> {
  return {
    market: s.market,
    currency: s.currency,
    fee: feeView(s.fees, s.currencyScale),
    buy: {
      quantityMin: text(s.buy.quantityMin, s.quantityScale),
      quantityMax: text(s.buy.quantityMax, s.quantityScale),
      amountMin: text(s.buy.amountMin, s.currencyScale),
      amountMax: text(s.buy.amountMax, s.currencyScale),
    },
    sell: {
      quantityMin: text(s.sell.quantityMin, s.quantityScale),
      quantityMax: text(s.sell.quantityMax, s.quantityScale),
    },
    settlementDays: s.settlementDays,
    ...termsViewOf(s),
    updatedAt: s.updatedAt.getTime(),
  };
}

/** What the ticket of one instrument reads: the bounds already in its own units. */
export function ruleViewOf(s: TradingSettings, instrument: Instrument): CallOutput<typeof stockOrderRule> {
  const buy = orderLimitsOf(s, 'buy', instrument);
  const sell = orderLimitsOf(s, 'sell', instrument);
  const qs = instrument.quantityScale;
  return {
    symbol: instrument.symbol,
    market: s.market,
    currency: s.currency,
    currencyScale: s.currencyScale,
    fee: feeView(s.fees, s.currencyScale),
    buy: {
      quantityMin: text(buy.quantityMin, qs),
      quantityMax: text(buy.quantityMax, qs),
      amountMin: text(buy.amountMin, s.currencyScale),
      amountMax: text(buy.amountMax, s.currencyScale),
    },
    sell: { quantityMin: text(sell.quantityMin, qs), quantityMax: text(sell.quantityMax, qs) },
    settlementDays: s.settlementDays,
  };
}

type SaveInput = CallInput<typeof adminTradingSettingsSave>;

/** Checks the form against the market's scales and ranges: the settings it would store, or a refusal. */
export function settingsFromInput(current: TradingSettings, input: SaveInput): TradingSettings {
  const { currency, currencyScale, quantityScale } = current;
  const amount = (v: string | undefined): bigint | null => {
    if (v === undefined) return null;
    const minor = parseAmount(v, currencyScale);
    if (minor === null) throw new Refusal('tradingSettings.currencyDecimals', [currency, currencyScale]);
    return minor;
  };
  const quantity = (v: string | undefined): bigint | null => {
    if (v === undefined) return null;
    const minor = parseAmount(v, quantityScale);
    if (minor === null) throw new Refusal('tradingSettings.quantityDecimals', [quantityScale]);
    return minor;
  };
  const bound = (v: bigint | null) => {
    if (v !== null && v <= 0n) throw new Refusal('tradingSettings.boundZero');
    return v;
  };
  const range = (min: bigint | null, max: bigint | null, key: string) => {
    if (min !== null && max !== null && max < min) throw new Refusal(key);
  };

  let perShare: FeeSchedule['perShare'] = null;
  if (input.perShare !== undefined) {
    const [, fraction = ''] = input.perShare.split('.');
    const minor = parseAmount(input.perShare, fraction.length);
    if (minor === null) throw new Refusal('tradingSettings.amount');
    perShare = { amount: minor, scale: fraction.length };
  }
  const minimum = amount(input.minimum) ?? 0n;
  const maximum = amount(input.maximum);
  range(minimum, maximum, 'tradingSettings.feeRange');
  const buy: OrderLimits = {
    quantityMin: bound(quantity(input.buyQuantityMin)),
    quantityMax: bound(quantity(input.buyQuantityMax)),
    amountMin: bound(amount(input.buyAmountMin)),
    amountMax: bound(amount(input.buyAmountMax)),
  };
  const sell: OrderLimits = {
    quantityMin: bound(quantity(input.sellQuantityMin)),
    quantityMax: bound(quantity(input.sellQuantityMax)),
    amountMin: null,
    amountMax: null,
  };
  range(buy.quantityMin, buy.quantityMax, 'tradingSettings.buyQuantityRange');
  range(sell.quantityMin, sell.quantityMax, 'tradingSettings.sellQuantityRange');
  range(buy.amountMin, buy.amountMax, 'tradingSettings.amountRange');
  // Coins are delivered at once: the ledger has no lot to lock a coin in until a later day.
  if (current.market === 'CRYPTO' && input.settlementDays !== 0)
    throw new Refusal('tradingSettings.cryptoSettlement');
  return {
    ...current,
    fees: { rateBp: input.rateBp, perShare, minimum, maximum },
    buy,
    sell,
    settlementDays: input.settlementDays,
    ...termsFromInput(current, input),
  };
}

/** Replaces one market's settings, audited in the same transaction. */
export async function saveTradingSettings(
  q: Queryable,
  input: SaveInput,
  operatorId: number,
  nowMs: number,
): Promise<TradingSettings> {
  const before = await one<SettingsRow>(q, `${settingsSelect} where s.market = $1 for update of s`, [
    input.market,
  ]);
  if (!before) throw new Refusal('tradingSettings.market');
  const next = settingsFromInput(settingsOf(before), input);
  const { fees, buy, sell } = next;
  await q.query(
    `update trading_settings set fee_rate_bp = $2, fee_per_share = $3, fee_per_share_scale = $4, fee_minimum = $5,
            fee_maximum = $6, buy_quantity_min = $7, buy_quantity_max = $8, sell_quantity_min = $9,
            sell_quantity_max = $10, buy_amount_min = $11, buy_amount_max = $12, settlement_days = $13,
            updated_at = $14, leverage_share_max = $15, leverage_major_index_max = $16,
            leverage_other_index_max = $17, leverage_crypto_max = $18, option_amount_min = $19,
            perpetual_fee_bp = $20, perpetual_maintenance_bp = $21, perpetual_margin_min = $22
      where market = $1`,
    [
      input.market,
      fees.rateBp,
      fees.perShare?.amount ?? null,
      fees.perShare?.scale ?? null,
      fees.minimum,
      fees.maximum,
      buy.quantityMin,
      buy.quantityMax,
      sell.quantityMin,
      sell.quantityMax,
      buy.amountMin,
      buy.amountMax,
      next.settlementDays,
      new Date(nowMs),
      next.leverageCaps.share ?? null,
      next.leverageCaps.majorIndex ?? null,
      next.leverageCaps.otherIndex ?? null,
      next.leverageCaps.crypto ?? null,
      next.optionAmountMin,
      next.perpetual?.feeRateBp ?? null,
      next.perpetual?.maintenanceRateBp ?? null,
      next.perpetual?.marginMin ?? null,
    ],
  );
  const after = await tradingSettingsOf(q, input.market);
  await audit(q, {
    operatorId,
    action: 'tradingSettings.save',
    targetType: 'trading_settings',
    targetId: input.market,
    before: settingsViewOf(settingsOf(before)),
    after: settingsViewOf(after),
  });
  return after;
}
