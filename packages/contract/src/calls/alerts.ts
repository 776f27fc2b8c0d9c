import { z } from 'zod';
import { defineCall } from '../define';
import { decimalField, pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import { alertKinds, alertView } from './alerts-shapes';

/* Price alerts' calls (issue 20 item 4, decision 055); their shapes in alerts-shapes.ts. */

export const userAlertList = defineCall({
  method: 'GET',
  path: '/user/alert/list',
  auth: 'user',
  tag: 'alerts',
  summary: "The investor's price alerts, newest first; `symbol` keeps one instrument's.",
  input: {
    ...pageFields,
    symbol: z.string({ error: 'alert.symbol' }).trim().max(30, { error: 'alert.symbol' }).optional(),
  },
  output: listOf(alertView),
});

export const userAlertCreate = defineCall({
  method: 'POST',
  path: '/user/alert/create',
  auth: 'user',
  tag: 'alerts',
  summary:
    'Sets an alert: `price` for above/below (on the instrument’s tick), `percent` (0.01–100) for a move in a day. Refused when an above/below alert would fire at once.',
  input: {
    symbol: z
      .string({ error: 'alert.symbol' })
      .trim()
      .min(1, { error: 'alert.symbol' })
      .max(30, { error: 'alert.symbol' }),
    kind: z.enum(alertKinds, { error: 'alert.kind' }),
    price: decimalField(8, 'alert.price').optional(),
    percent: decimalField(2, 'alert.percent').optional(),
  },
  output: alertView,
});

export const userAlertCancel = defineCall({
  method: 'POST',
  path: '/user/alert/cancel',
  auth: 'user',
  tag: 'alerts',
  summary: 'Cancels an armed alert.',
  input: { id: rowIdField },
  output: alertView,
});
