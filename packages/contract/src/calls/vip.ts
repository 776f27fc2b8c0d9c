import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { pageFields, rowIdField, tradePasswordField } from '../fields';
import { listOf } from '../wire';
import { vipNoteKinds, vipNoteView, vipStatusView } from './vip-shapes';

/*
 * VIP membership for investors (issue 14, SPEC §1 and §7 `/user/vip/get`, `/user/vip/buy`, DESIGN.md §9,
 * decision 035): a free trial claimed once, paid plans, expiry, and the VIP notes (IPO notes, short-term trade
 * ideas, block trades) shown to members for whom the operator enabled the strategy service. No perk touches
 * leverage, fees or volumes (ESMA's incentive ban). `/user/vip/get` and `/user/vip/buy` are GET as SPEC lists
 * them; buy is a money call (requestId). Beyond SPEC: `/user/vip/info` and `/user/vip/notes`.
 */

export const userVipInfo = defineCall({
  method: 'GET',
  path: '/user/vip/info',
  auth: 'user',
  tag: 'vip',
  summary:
    'The membership: state, end, whether the trial can be claimed, what to prompt, and the plans on sale.',
  input: {},
  output: vipStatusView,
});

export const userVipGet = defineCall({
  method: 'GET',
  path: '/user/vip/get',
  auth: 'user',
  tag: 'vip',
  summary: 'Claims the free trial, once per investor, for the days the operator set. Moves no money.',
  input: {},
  output: vipStatusView,
});

export const userVipBuy = defineMoneyCall({
  method: 'GET',
  path: '/user/vip/buy',
  auth: 'user',
  tag: 'vip',
  summary:
    'Buys a plan from the spot account of its currency (bill VIP purchase); an active membership is extended from its end.',
  input: { planId: rowIdField, tradePassword: tradePasswordField },
  output: vipStatusView,
});

export const userVipNotes = defineCall({
  method: 'GET',
  path: '/user/vip/notes',
  auth: 'user',
  tag: 'vip',
  summary:
    'VIP notes in the caller’s language, newest first, with the research disclaimer: only for active members for whom the strategy service is on.',
  input: { ...pageFields, kind: z.enum(vipNoteKinds, { error: 'field.invalid' }).optional() },
  output: listOf(vipNoteView).extend({ disclaimer: z.string() }),
});
