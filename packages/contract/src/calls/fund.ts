import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, pageFields, rowIdField, tradePasswordField } from '../fields';
import { listOf } from '../wire';
import {
  fundHolding,
  fundInfo,
  fundOrderStates,
  fundOrderView,
  fundProfitLine,
  fundTrade,
  fundView,
  managerView,
} from './fund-shapes';

/*
 * Copy-trading funds (issue 13 item 5, SPEC §7 `/fund/*`, decision 033): fund managers, their funds, following
 * a fund by buying units of its book at the NAV marked now, adding to them, and the followers' profit. All
 * POST, as SPEC lists them. `/fund/order/redeem` is beyond SPEC's list: a follower may always leave, at the
 * next close.
 */

export const fundManagerSearch = defineCall({
  method: 'POST',
  path: '/fund/manager/search',
  auth: 'guest',
  tag: 'fund',
  summary: 'Fund managers whose name contains the text (all without one), most liked first.',
  input: { q: z.string().trim().max(60, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(managerView),
});

export const fundManagerInfo = defineCall({
  method: 'POST',
  path: '/fund/manager/info',
  auth: 'guest',
  tag: 'fund',
  summary: 'One manager with the funds they run.',
  input: { id: rowIdField },
  output: z.object({ manager: managerView, funds: z.array(fundView) }),
});

export const fundManagerLike = defineCall({
  method: 'POST',
  path: '/fund/manager/like',
  auth: 'user',
  tag: 'fund',
  summary: 'Likes a manager (like = 1) or takes the like back (like = 0); answers the count.',
  input: { id: rowIdField, like: flagField() },
  output: z.object({ liked: z.boolean(), likes: z.number().int() }),
});

export const fundManagerLikeIds = defineCall({
  method: 'POST',
  path: '/fund/manager/like/ids',
  auth: 'user',
  tag: 'fund',
  summary: 'The ids of the managers the investor likes.',
  input: {},
  output: z.object({ ids: z.array(z.number().int()) }),
});

export const fundList = defineCall({
  method: 'POST',
  path: '/fund/list',
  auth: 'guest',
  tag: 'fund',
  summary: 'Active funds, optionally one manager’s, most followed first.',
  input: { managerId: rowIdField.optional(), ...pageFields },
  output: listOf(fundView),
});

export const fundInfoCall = defineCall({
  method: 'POST',
  path: '/fund/info',
  auth: 'guest',
  tag: 'fund',
  summary:
    'One fund with its manager and its live record since launch (NAV at each close, the book’s fills).',
  input: { id: rowIdField },
  output: fundInfo,
});

export const fundRecordStocks = defineCall({
  method: 'POST',
  path: '/fund/record/stocks',
  auth: 'guest',
  tag: 'fund',
  summary: 'The fund’s holdings now and its executed trades, newest first.',
  input: { id: rowIdField, ...pageFields },
  output: z.object({
    cash: z.string(),
    holdings: z.array(fundHolding),
    list: z.array(fundTrade),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

export const fundApply = defineMoneyCall({
  method: 'POST',
  path: '/fund/apply',
  auth: 'user',
  tag: 'fund',
  summary:
    'Follows a fund: buys units of its book at the NAV marked now (bill "Fund buy"), at least the fund’s minimum, while the market is open; KYC and appropriateness as the AI products.',
  input: {
    id: rowIdField,
    amount: decimalField(2, 'fund.amount'),
    acknowledgeRisk: flagField().optional(),
    tradePassword: tradePasswordField,
  },
  output: fundOrderView,
});

export const fundOrderIncr = defineMoneyCall({
  method: 'POST',
  path: '/fund/order/incr',
  auth: 'user',
  tag: 'fund',
  summary: 'Adds to an active following: more units at the NAV marked now.',
  input: { id: rowIdField, amount: decimalField(2, 'fund.amount'), tradePassword: tradePasswordField },
  output: fundOrderView,
});

export const fundOrderRedeem = defineMoneyCall({
  method: 'POST',
  path: '/fund/order/redeem',
  auth: 'user',
  tag: 'fund',
  summary:
    'Stops following: the units are redeemed at the next close the book has the cash for (bill "Fund redeem").',
  input: { id: rowIdField, tradePassword: tradePasswordField },
  output: fundOrderView,
});

export const fundOrderList = defineCall({
  method: 'POST',
  path: '/fund/order/list',
  auth: 'user',
  tag: 'fund',
  summary: 'The investor’s followings, newest first, optionally in one state.',
  input: { state: z.enum(fundOrderStates, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(fundOrderView),
});

export const fundOrderProfitList = defineCall({
  method: 'POST',
  path: '/fund/order/profit/list',
  auth: 'user',
  tag: 'fund',
  summary:
    'The investor’s profit per following: unrealised at the last NAV while held, realised once returned.',
  input: { ...pageFields },
  output: listOf(fundProfitLine),
});
