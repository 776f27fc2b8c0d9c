import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, intField, pageFields, rowIdField, tradePasswordField } from '../fields';
import { listOf } from '../wire';
import { blockPurchaseView, blockView } from './blocks-shapes';

/*
 * Block trades (issue 12 item 6, SPEC §2 stockBulk, DESIGN.md §8): discounted blocks of listed shares an
 * operator offers, at a fixed price or at a discount to the last price, each purchase paid at once (bill
 * "block trade purchase") and its shares delivered on the delivery date into `locked` until the lock period
 * ends; "block trade refund" when the operator cancels before delivery. Not in SPEC's call list: the paths
 * follow its `/stock/…` and `/stock/order/…` pattern.
 */

export const stockBulkList = defineCall({
  method: 'GET',
  path: '/stock/bulk/list',
  auth: 'guest',
  tag: 'primary',
  summary: 'Block trades, open ones first, with the price a share costs in each now.',
  input: { ...pageFields },
  output: listOf(blockView),
});

export const stockBulkInfo = defineCall({
  method: 'GET',
  path: '/stock/bulk/info',
  auth: 'guest',
  tag: 'primary',
  summary: 'One block trade with its terms and the caller’s purchases of it.',
  input: { id: rowIdField },
  output: z.object({ block: blockView, purchases: z.array(blockPurchaseView) }),
});

export const stockOrderBulkApply = defineMoneyCall({
  method: 'POST',
  path: '/stock/order/bulk/apply',
  auth: 'user',
  tag: 'primary',
  summary:
    'Buys shares of an open block at its price now: paid at once, delivered on the delivery date and locked until the lock period ends.',
  input: {
    id: rowIdField,
    quantity: intField('block.quantity').pipe(z.number().min(1, { error: 'block.quantity' })),
    acknowledgeRisk: flagField().optional(),
    tradePassword: tradePasswordField,
  },
  output: blockPurchaseView,
});

export const stockOrderBulkList = defineCall({
  method: 'GET',
  path: '/stock/order/bulk/list',
  auth: 'user',
  tag: 'primary',
  summary: "The investor's block-trade purchases, newest first.",
  input: { ...pageFields },
  output: listOf(blockPurchaseView),
});

export const adminBlocks = defineCall({
  method: 'GET',
  path: '/admin/blocks',
  auth: 'operator',
  tag: 'admin-primary',
  summary: 'Every block trade, newest first, with what was sold of it.',
  input: { ...pageFields },
  output: listOf(blockView),
});

export const adminBlockSave = defineCall({
  method: 'POST',
  path: '/admin/blocks/save',
  auth: 'operator',
  tag: 'admin-primary',
  summary:
    'Offers a block of a listed share: a fixed price or a discount to the last price, the quantity, the minimum purchase, the window, the delivery date, the lock period, VIP-only. Audited.',
  input: {
    symbol: z
      .string({ error: 'block.symbol' })
      .trim()
      .min(1, { error: 'block.symbol' })
      .transform((s) => s.toUpperCase()),
    pricing: z.enum(['fixed', 'discount'], { error: 'block.pricing' }),
    price: decimalField(2, 'block.price').optional(),
    discountPercent: decimalField(2, 'block.discount').optional(),
    quantity: intField('block.quantityOffered').pipe(z.number().min(1, { error: 'block.quantityOffered' })),
    minQuantity: intField('block.minQuantity').pipe(z.number().min(1, { error: 'block.minQuantity' })),
    lockDays: intField('block.lockDays').pipe(
      z.number().min(0, { error: 'block.lockDays' }).max(3650, { error: 'block.lockDays' }),
    ),
    opensAt: intField('block.opensAt'),
    closesAt: intField('block.closesAt'),
    deliversAt: intField('block.deliversAt'),
    vipOnly: flagField().optional(),
  },
  output: blockView,
});

export const adminBlockCancel = defineCall({
  method: 'POST',
  path: '/admin/blocks/cancel',
  auth: 'operator',
  tag: 'admin-primary',
  summary:
    'Cancels a block before delivery: every purchase is refunded (bill "block trade refund"). Audited.',
  input: {
    id: rowIdField,
    reason: z
      .string({ error: 'offering.reason' })
      .trim()
      .min(1, { error: 'offering.reason' })
      .max(500, { error: 'offering.reason' }),
  },
  output: blockView,
});
