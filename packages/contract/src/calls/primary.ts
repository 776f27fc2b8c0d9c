import { z } from 'zod';
import { defineCall, defineMoneyCall, type HttpMethod } from '../define';
import { flagField, intField, pageFields, rowIdField, tradePasswordField } from '../fields';
import { listOf } from '../wire';
import {
  allotmentLine,
  type OfferingKind,
  offeringView,
  subscriptionStates,
  subscriptionView,
} from './primary-shapes';

/*
 * The investor's calls of the primary market (issue 12, SPEC §7, DESIGN.md §8, decision 032): for each kind of
 * offering the same seven — the list, those open today, those coming, one offering, apply, pay, and the
 * investor's own subscriptions. IPOs are SPEC's `/stock/new/*` and `/stock/order/new/*`; offline placements
 * its `/stock/offline/*` and `/stock/order/offline/*`; ICOs its `/coin/new/*` and `/coin/order/new/*` (all
 * POST, as SPEC lists the coin calls). Paying, and for offline placements the info and coming calls, are
 * beyond SPEC's list, so every kind has the same pages.
 */

interface KindTerms {
  kind: OfferingKind;
  /** 'IPOs', 'offline placements', 'ICOs': how the summaries name them. */
  plural: string;
  /** Where the reads live ('/stock/new') and where the investor's own calls do ('/stock/order/new'). */
  reads: string;
  orders: string;
  readMethod: HttpMethod;
  /** What a subscription receives and pays in, for the summaries. */
  delivers: string;
}

function offeringCalls(k: KindTerms) {
  return {
    list: defineCall({
      method: k.readMethod,
      path: `${k.reads}/list`,
      auth: 'guest',
      tag: 'primary',
      summary: `Published ${k.plural}, those open or coming first, then the rest newest first; a signed-in investor sees their own subscription on each.`,
      input: { ...pageFields },
      output: listOf(offeringView),
    }),
    today: defineCall({
      method: k.readMethod,
      path: `${k.reads}/today`,
      auth: 'guest',
      tag: 'primary',
      summary: `${k.plural[0]?.toUpperCase()}${k.plural.slice(1)} whose subscription window is open now.`,
      input: {},
      output: z.object({ list: z.array(offeringView) }),
    }),
    coming: defineCall({
      method: k.readMethod,
      path: `${k.reads}/list/coming`,
      auth: 'guest',
      tag: 'primary',
      summary: `Published ${k.plural} whose subscription window has not opened yet, soonest first.`,
      input: {},
      output: z.object({ list: z.array(offeringView) }),
    }),
    info: defineCall({
      method: k.readMethod,
      path: `${k.reads}/info`,
      auth: 'guest',
      tag: 'primary',
      summary:
        'One offering with its terms, its document, the allotment commitment (and once allotted the revealed seed and every line by display id), and the caller’s subscription.',
      input: { id: rowIdField },
      output: z.object({ offering: offeringView, lines: z.array(allotmentLine) }),
    }),
    apply: defineMoneyCall({
      method: 'POST',
      path: `${k.orders}/apply`,
      auth: 'user',
      tag: 'primary',
      summary: `Applies for whole lots inside the window: KYC approved, the product appropriate (or its warning accepted), within the lots allowed, once per offering; the balance must cover the amount (frozen at once when the offering says so). ${k.delivers}`,
      input: {
        id: rowIdField,
        lots: intField('ipo.lots').pipe(z.number().min(1, { error: 'ipo.lots' })),
        /** Required when the product is appropriate only with a warning: the investor read it. */
        acknowledgeRisk: flagField().optional(),
        tradePassword: tradePasswordField,
      },
      output: subscriptionView,
    }),
    pay: defineMoneyCall({
      method: 'POST',
      path: `${k.orders}/pay`,
      auth: 'user',
      tag: 'primary',
      summary:
        'Pays what was allotted to a subscription before the payment deadline; the delivery follows at listing.',
      input: { id: rowIdField, tradePassword: tradePasswordField },
      output: subscriptionView,
    }),
    mine: defineCall({
      method: k.readMethod,
      path: `${k.orders}/list`,
      auth: 'user',
      tag: 'primary',
      summary: `The investor's subscriptions to ${k.plural}, newest first, optionally in one state.`,
      input: { state: z.enum(subscriptionStates, { error: 'field.invalid' }).optional(), ...pageFields },
      output: listOf(subscriptionView),
    }),
  };
}

const ipo = offeringCalls({
  kind: 'ipo',
  plural: 'IPOs',
  reads: '/stock/new',
  orders: '/stock/order/new',
  readMethod: 'GET',
  delivers: 'Shares are delivered at listing, locked until settlement.',
});
const offline = offeringCalls({
  kind: 'offline',
  plural: 'offline placements',
  reads: '/stock/offline',
  orders: '/stock/order/offline',
  readMethod: 'GET',
  delivers: 'An operator allots each application by hand.',
});
const ico = offeringCalls({
  kind: 'ico',
  plural: 'ICOs',
  reads: '/coin/new',
  orders: '/coin/order/new',
  readMethod: 'POST',
  delivers: 'Paid in USDT; the coins reach the spot account at listing.',
});

export const stockNewList = ipo.list;
export const stockNewToday = ipo.today;
export const stockNewListComing = ipo.coming;
export const stockNewInfo = ipo.info;
export const stockOrderNewApply = ipo.apply;
export const stockOrderNewPay = ipo.pay;
export const stockOrderNewList = ipo.mine;

export const stockOfflineList = offline.list;
export const stockOfflineToday = offline.today;
export const stockOfflineListComing = offline.coming;
export const stockOfflineInfo = offline.info;
export const stockOrderOfflineApply = offline.apply;
export const stockOrderOfflinePay = offline.pay;
export const stockOrderOfflineList = offline.mine;

export const coinNewList = ico.list;
export const coinNewToday = ico.today;
export const coinNewListComing = ico.coming;
export const coinNewInfo = ico.info;
export const coinOrderNewApply = ico.apply;
export const coinOrderNewPay = ico.pay;
export const coinOrderNewList = ico.mine;
