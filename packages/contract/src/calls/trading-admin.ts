import { z } from 'zod';
import { defineCall } from '../define';
import { intField } from '../fields';
import {
  buyBoundsView,
  feeScheduleView,
  sellBoundsView,
  tradingMarkets,
  tradingSettingsView,
} from './trading-admin-shapes';

/*
 * Trading settings per market (issue 6 "fees from configuration", SPEC.md §5 order bounds, DESIGN.md §7
 * settlement; decision 012): the fee schedule, the bounds of one order and the settlement cycle. The back
 * office lists and saves them (admin or finance, audited); the ticket reads its instrument's (/stock/order/rule)
 * so the cost it previews is the one the server will charge. Amounts and quantities are decimal strings; an
 * empty or absent bound is no bound.
 */

const finance = ['finance'] as const;

/** A decimal field that may be left empty (or absent): empty is "none". */
const optionalDecimal = (scale: number, key: string) =>
  z
    .union([z.string(), z.number()], { error: key })
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim()))
    .pipe(
      z
        .string()
        .regex(new RegExp(`^(\\d+(\\.\\d{1,${scale}})?)?$`), { error: key })
        .transform((s) => (s === '' ? undefined : s)),
    );

/** A whole number that may be left empty (or absent): empty keeps what is saved. */
const optionalInt = (key: string) =>
  z.union([z.literal('').transform(() => undefined), intField(key)], { error: key }).optional();

export const adminTradingSettings = defineCall({
  method: 'GET',
  path: '/admin/trading/settings',
  auth: 'operator',
  roles: finance,
  tag: 'admin-trading',
  summary:
    'The trading settings of every market: fee schedule, order bounds, settlement days, leverage caps and the contract and option terms.',
  input: {},
  output: z.object({ list: z.array(tradingSettingsView) }),
});

export const adminTradingSettingsSave = defineCall({
  method: 'POST',
  path: '/admin/trading/settings/save',
  auth: 'operator',
  roles: finance,
  tag: 'admin-trading',
  summary:
    "Replaces one market's settings; the next order placed there uses them (orders already placed keep the fee schedule they were placed under). Audited.",
  input: {
    market: z.enum(tradingMarkets, { error: 'tradingSettings.market' }),
    rateBp: intField('tradingSettings.rate').pipe(
      z.number().min(0, { error: 'tradingSettings.rate' }).max(10_000, { error: 'tradingSettings.rate' }),
    ),
    perShare: optionalDecimal(8, 'tradingSettings.amount'),
    minimum: optionalDecimal(8, 'tradingSettings.amount'),
    maximum: optionalDecimal(8, 'tradingSettings.amount'),
    buyQuantityMin: optionalDecimal(8, 'tradingSettings.quantity'),
    buyQuantityMax: optionalDecimal(8, 'tradingSettings.quantity'),
    sellQuantityMin: optionalDecimal(8, 'tradingSettings.quantity'),
    sellQuantityMax: optionalDecimal(8, 'tradingSettings.quantity'),
    buyAmountMin: optionalDecimal(8, 'tradingSettings.amount'),
    buyAmountMax: optionalDecimal(8, 'tradingSettings.amount'),
    settlementDays: intField('tradingSettings.settlementDays').pipe(
      z
        .number()
        .min(0, { error: 'tradingSettings.settlementDays' })
        .max(10, { error: 'tradingSettings.settlementDays' }),
    ),
    // Decision 021: the leverage caps and contract terms of the market's products. Those the market does
    // not trade are ignored; one left empty keeps what is saved. A cap above ESMA's retail limit is refused.
    leverageShare: optionalInt('tradingSettings.leverageWhole'),
    leverageMajorIndex: optionalInt('tradingSettings.leverageWhole'),
    leverageOtherIndex: optionalInt('tradingSettings.leverageWhole'),
    leverageCrypto: optionalInt('tradingSettings.leverageWhole'),
    optionAmountMin: optionalDecimal(8, 'tradingSettings.amount'),
    perpetualFeeBp: optionalInt('tradingSettings.basisPoints'),
    perpetualMaintenanceBp: optionalInt('tradingSettings.basisPoints'),
    perpetualMarginMin: optionalDecimal(8, 'tradingSettings.amount'),
  },
  output: tradingSettingsView,
});

export const stockOrderRule = defineCall({
  method: 'GET',
  path: '/stock/order/rule',
  auth: 'user',
  tag: 'trading',
  summary:
    "The rules an order on this instrument meets: its market's fee schedule, the bounds of one order in the instrument's own units, and the settlement days.",
  input: {
    symbol: z
      .string({ error: 'field.required' })
      .trim()
      .min(1, { error: 'field.required' })
      .max(32, { error: 'field.invalid' })
      .transform((s) => s.toUpperCase()),
  },
  output: z.object({
    symbol: z.string(),
    market: z.enum(tradingMarkets),
    currency: z.string(),
    /** The currency's decimals, the scale of the fee's minimum and maximum. */
    currencyScale: z.number().int(),
    fee: feeScheduleView,
    buy: buyBoundsView,
    sell: sellBoundsView,
    settlementDays: z.number().int(),
  }),
});
