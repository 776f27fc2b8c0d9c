import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, intField, pageFields, rowIdField, tradePasswordField } from '../fields';
import { listOf } from '../wire';
import {
  basketLine,
  measuredFigures,
  robotOrderStates,
  robotOrderView,
  robotProfitLine,
  robotView,
  seriesPoint,
} from './robot-shapes';

/*
 * The AI Multiplier (issue 13, SPEC §7 `/stock/ai/*`, DESIGN.md §9, decision 033): products that run a
 * strategy in a book of their own; investors buy units of the book at its NAV. All POST, as SPEC lists them.
 * `/stock/ai/simulate` and `/stock/ai/order/exit` are beyond SPEC's list: "simulate before you subscribe" and
 * the early exit after the lock-in.
 */

const amount = (key: string) => decimalField(2, key);

export const stockAiList = defineCall({
  method: 'POST',
  path: '/stock/ai/list',
  auth: 'guest',
  tag: 'robot',
  summary: 'Active products, by level then id, each with its NAV, risk class and live return since launch.',
  input: { ...pageFields },
  output: listOf(robotView),
});

export const stockAiInfo = defineCall({
  method: 'POST',
  path: '/stock/ai/info',
  auth: 'guest',
  tag: 'robot',
  summary:
    'One product with its measured figures kept apart: the backtest over the year of simulator history before launch, and the live record since launch, each with its daily value series.',
  input: { id: rowIdField },
  output: z.object({
    robot: robotView,
    backtest: measuredFigures,
    backtestSeries: z.array(seriesPoint),
    live: measuredFigures,
    liveSeries: z.array(seriesPoint),
  }),
});

export const stockAiStocks = defineCall({
  method: 'POST',
  path: '/stock/ai/stocks',
  auth: 'guest',
  tag: 'robot',
  summary:
    'The basket: each instrument the strategy trades, its target weight after the last close, and what the book holds.',
  input: { id: rowIdField },
  output: z.object({ cash: z.string(), list: z.array(basketLine) }),
});

export const stockAiSimulate = defineCall({
  method: 'POST',
  path: '/stock/ai/simulate',
  auth: 'guest',
  tag: 'robot',
  summary:
    'What an amount would have become over the last 30, 90 or 365 sessions of the strategy replayed on the simulator’s history, trading and management fees included.',
  input: {
    id: rowIdField,
    amount: amount('ai.amount'),
    days: intField('ai.simulateDays').pipe(
      z.union([z.literal(30), z.literal(90), z.literal(365)], { error: 'ai.simulateDays' }),
    ),
  },
  output: z.object({
    from: z.number(),
    to: z.number(),
    amount: z.string(),
    value: z.string(),
    profit: z.string(),
    fees: z.string(),
    series: z.array(seriesPoint),
  }),
});

export const stockAiBuy = defineMoneyCall({
  method: 'POST',
  path: '/stock/ai/buy',
  auth: 'user',
  tag: 'robot',
  summary:
    'Buys units of the product’s book at its NAV marked now (bill "AI buy"): KYC approved, the risk class appropriate (or its warning accepted), within the minimum and maximum, while the market is open.',
  input: {
    id: rowIdField,
    amount: amount('ai.amount'),
    acknowledgeRisk: flagField().optional(),
    tradePassword: tradePasswordField,
  },
  output: robotOrderView,
});

export const stockAiOrderAddAmount = defineMoneyCall({
  method: 'POST',
  path: '/stock/ai/order/add/amount',
  auth: 'user',
  tag: 'robot',
  summary:
    'Adds to an active subscription: more units at the NAV marked now, within the product’s maximum in total.',
  input: { id: rowIdField, amount: amount('ai.amount'), tradePassword: tradePasswordField },
  output: robotOrderView,
});

export const stockAiOrderExit = defineMoneyCall({
  method: 'POST',
  path: '/stock/ai/order/exit',
  auth: 'user',
  tag: 'robot',
  summary:
    'Asks for an early exit after the lock-in, where the product allows it: the units are redeemed at the next close the book has the cash for (bill "AI return").',
  input: { id: rowIdField, tradePassword: tradePasswordField },
  output: robotOrderView,
});

export const stockAiOrderList = defineCall({
  method: 'POST',
  path: '/stock/ai/order/list',
  auth: 'user',
  tag: 'robot',
  summary: 'The investor’s subscriptions, newest first, optionally in one state.',
  input: { state: z.enum(robotOrderStates, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(robotOrderView),
});

export const stockAiOrderDetails = defineCall({
  method: 'POST',
  path: '/stock/ai/order/details',
  auth: 'user',
  tag: 'robot',
  summary:
    'One subscription with its daily record: the P&L booked at each close (bill "AI profit") and the NAV.',
  input: { id: rowIdField },
  output: z.object({ order: robotOrderView, record: z.array(robotProfitLine) }),
});
