import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, intField, pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import {
  fundHolding,
  fundModes,
  fundOrderView,
  fundStatuses,
  fundTrade,
  fundView,
  managerView,
} from './fund-shapes';
import { seriesPoint, strategyIds } from './robot-shapes';

/*
 * Copy-trading in the back office (issue 13 item 6): fund managers' profiles, funds (traded by hand or bound to
 * a strategy), their books and followers, and the manager's trade ticket that places the fund's orders through
 * the investors' order path. No input is a figure the follower reads as a result (decision 033).
 */

const text = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });

export const adminFundManagers = defineCall({
  method: 'GET',
  path: '/admin/funds/managers',
  auth: 'operator',
  tag: 'admin-fund',
  summary: 'Every fund manager, newest first.',
  input: { ...pageFields },
  output: listOf(managerView),
});

export const adminFundManagerSave = defineCall({
  method: 'POST',
  path: '/admin/funds/managers/save',
  auth: 'operator',
  tag: 'admin-fund',
  summary: 'Creates a manager’s profile (no id) or changes it. Audited.',
  input: {
    id: rowIdField.optional(),
    name: text('fund.managerName', 60),
    bio: text('fund.bio', 1000),
    photoUrl: z
      .string({ error: 'fund.photoUrl' })
      .trim()
      .max(300, { error: 'fund.photoUrl' })
      .regex(/^(https:\/\/\S+)?$/, { error: 'fund.photoUrl' })
      .optional(),
  },
  output: managerView,
});

export const adminFunds = defineCall({
  method: 'GET',
  path: '/admin/funds',
  auth: 'operator',
  tag: 'admin-fund',
  summary: 'Every fund, paused ones included.',
  input: { ...pageFields },
  output: listOf(fundView),
});

export const adminFundInfo = defineCall({
  method: 'GET',
  path: '/admin/funds/info',
  auth: 'operator',
  tag: 'admin-fund',
  summary: 'One fund’s book (cash, holdings, trades), its NAV history and its followers.',
  input: { id: rowIdField },
  output: z.object({
    fund: fundView,
    cash: z.string(),
    holdings: z.array(fundHolding),
    trades: z.array(fundTrade),
    navs: z.array(
      z.object({ day: z.string(), nav: z.string(), value: z.string(), units: z.string(), fee: z.string() }),
    ),
    navSeries: z.array(seriesPoint),
    orders: z.array(fundOrderView.extend({ investor: z.string() })),
  }),
});

export const adminFundSave = defineCall({
  method: 'POST',
  path: '/admin/funds/save',
  auth: 'operator',
  tag: 'admin-fund',
  summary:
    'Creates a fund (no id) or changes one: its manager, mode, strategy and basket are fixed once created; name, minimum and fee may change. Audited.',
  input: {
    id: rowIdField.optional(),
    managerId: rowIdField,
    name: text('fund.name', 60),
    mode: z.enum(fundModes, { error: 'fund.mode' }),
    strategy: z.enum(strategyIds, { error: 'robot.strategy' }).optional(),
    /** The listed Italian shares the fund may hold, comma-separated, 1 to 10. */
    basket: z.string({ error: 'robot.basket' }).trim().min(1, { error: 'robot.basket' }),
    minAmount: decimalField(2, 'robot.minAmount'),
    managementFeePercent: decimalField(2, 'robot.fee'),
  },
  output: fundView,
});

export const adminFundStatus = defineCall({
  method: 'POST',
  path: '/admin/funds/status',
  auth: 'operator',
  tag: 'admin-fund',
  summary: 'Pauses a fund (no new followers or additions) or resumes it. Audited.',
  input: { id: rowIdField, status: z.enum(fundStatuses, { error: 'field.invalid' }) },
  output: fundView,
});

export const adminFundOrder = defineMoneyCall({
  method: 'POST',
  path: '/admin/funds/order',
  auth: 'operator',
  tag: 'admin-fund',
  summary:
    'The manager’s trade ticket: a market order for the fund’s book on a share of its basket, through the investors’ order path with its fees and refusals. Only for funds traded by hand. Audited.',
  input: {
    id: rowIdField,
    symbol: z.string({ error: 'robot.basket' }).trim().toUpperCase(),
    side: z.enum(['buy', 'sell'], { error: 'fund.side' }),
    quantity: intField('fund.quantity').pipe(z.number().min(1, { error: 'fund.quantity' })),
  },
  output: fundTrade,
});
