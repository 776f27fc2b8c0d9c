import { z } from 'zod';
import { defineCall } from '../define';
import { decimalField, flagField, intField, pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import {
  allotmentLine,
  offeringKinds,
  offeringMarkets,
  offeringView,
  subscriptionView,
} from './primary-shapes';

/*
 * Offerings in the back office (issue 12 item 1): an admin writes a draft, publishes it (the seed's SHA-256 is
 * fixed then), and may cancel it before listing (every subscription is refunded). The allotment, the lapse of
 * unpaid allotments and the listing are jobs of the runner, visible under Jobs. Every change is audited.
 */

const text = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });
const instant = (key: string) => intField(key).pipe(z.number().min(0, { error: key }));

export const adminOfferings = defineCall({
  method: 'GET',
  path: '/admin/offerings',
  auth: 'operator',
  tag: 'admin-primary',
  summary: 'Every offering, drafts included, newest first.',
  input: { kind: z.enum(offeringKinds, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(offeringView),
});

export const adminOfferingInfo = defineCall({
  method: 'GET',
  path: '/admin/offerings/info',
  auth: 'operator',
  tag: 'admin-primary',
  summary: 'One offering with its subscriptions and, once allotted, the allotment lines.',
  input: { id: rowIdField },
  output: z.object({
    offering: offeringView,
    subscriptions: z.array(subscriptionView.extend({ investor: z.string() })),
    lines: z.array(allotmentLine),
  }),
});

export const adminOfferingSave = defineCall({
  method: 'POST',
  path: '/admin/offerings/save',
  auth: 'operator',
  tag: 'admin-primary',
  summary:
    'Creates a draft offering (no id) or replaces a draft (id). Published offerings cannot be edited: cancel and publish anew. Audited.',
  input: {
    id: rowIdField.optional(),
    kind: z.enum(offeringKinds, { error: 'offering.kind' }),
    symbol: z
      .string({ error: 'offering.symbol' })
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z][A-Z0-9]{0,9}$/, { error: 'offering.symbol' })),
    name: text('offering.name', 80),
    isin: z
      .string({ error: 'offering.isin' })
      .trim()
      .transform((s) => s.toUpperCase())
      .optional(),
    /** Where an IPO lists; an ICO's coin trades against USDT around the clock and names none. */
    market: z.enum(offeringMarkets, { error: 'offering.market' }).optional(),
    /** In the offering's currency: at most 2 decimals in EUR or USD, 6 in USDT. */
    issuePrice: decimalField(6, 'offering.issuePrice'),
    discountPercent: decimalField(2, 'offering.discount').optional(),
    lotSize: intField('offering.lotSize').pipe(z.number().min(1, { error: 'offering.lotSize' })),
    minLots: intField('offering.minLots').pipe(z.number().min(1, { error: 'offering.minLots' })),
    maxLots: intField('offering.maxLots').pipe(z.number().min(1, { error: 'offering.maxLots' })),
    lotsOffered: intField('offering.lotsOffered').pipe(z.number().min(1, { error: 'offering.lotsOffered' })),
    opensAt: instant('offering.opensAt'),
    closesAt: instant('offering.closesAt'),
    allotsAt: instant('offering.allotsAt'),
    payBy: instant('offering.payBy'),
    listsAt: instant('offering.listsAt'),
    documentUrl: z
      .string({ error: 'offering.documentUrl' })
      .trim()
      .max(500, { error: 'offering.documentUrl' }),
    description: z.string({ error: 'field.invalid' }).trim().max(2000, { error: 'field.invalid' }).optional(),
    vipOnly: flagField().optional(),
    freezeOnApply: flagField().optional(),
  },
  output: offeringView,
});

export const adminOfferingPublish = defineCall({
  method: 'POST',
  path: '/admin/offerings/publish',
  auth: 'operator',
  tag: 'admin-primary',
  summary:
    'Publishes a draft: its terms are checked again (the document is required, the window must not have opened yet in the past), a seed is drawn and its SHA-256 published. Audited.',
  input: { id: rowIdField },
  output: offeringView,
});

export const adminOfferingCancel = defineCall({
  method: 'POST',
  path: '/admin/offerings/cancel',
  auth: 'operator',
  tag: 'admin-primary',
  summary:
    'Cancels an offering before listing: every frozen or paid amount is refunded (bill "IPO refund"), every subscription ends refunded. Audited.',
  input: { id: rowIdField, reason: text('offering.reason', 500) },
  output: offeringView,
});

export const adminOfferingAllotOne = defineCall({
  method: 'POST',
  path: '/admin/offerings/allot/one',
  auth: 'operator',
  tag: 'admin-primary',
  summary:
    'Allots an application of an offline placement by hand once its window has closed: 0 lots (not allotted) up to what it applied for, never more than the placement has left. Audited.',
  input: {
    id: rowIdField,
    lots: intField('offering.allotLots').pipe(z.number().min(0, { error: 'offering.allotLots' })),
  },
  output: subscriptionView.extend({ investor: z.string() }),
});

export const adminOfferingAllotClose = defineCall({
  method: 'POST',
  path: '/admin/offerings/allot/close',
  auth: 'operator',
  tag: 'admin-primary',
  summary:
    'Ends the hand allotment of an offline placement: applications not allotted by then did not receive an allotment; payment runs to the deadline. Audited.',
  input: { id: rowIdField },
  output: offeringView,
});
