import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField } from '../fields';
import {
  adminBondDetail,
  adminBondRow,
  bondKinds,
  bondMovementView,
  bondPositionView,
  bondSides,
  bondTicketView,
  bondTradeView,
  bondView,
  etfAssetClasses,
  etfFundCurrencies,
  etfView,
} from './bonds-shapes';

/*
 * ETFs on ETFplus and Italian government bonds on MOT (issue 20 items 1–2, decisions 052 and 053). ETFs trade on
 * the share path (/stock/order/*) by their symbol; these calls list them with their facts. Bonds are bought and
 * sold here at the dealer's quote, in multiples of €1.000 nominal, accrued interest added. Only calls are
 * exported (the registry walks this module).
 */

const tradePasswordField = z
  .string({ error: 'trade.pin.format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'trade.pin.format' })
  .optional();

const isinField = z
  .string({ error: 'bond.isin' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z0-9]{9}\d$/, { error: 'bond.isin' });

const nominalField = decimalField(2, 'bond.nominal');

export const etfList = defineCall({
  method: 'GET',
  path: '/etf/list',
  auth: 'guest',
  tag: 'etf',
  summary:
    'The ETFs and ETCs on ETFplus with their facts (ISIN, TER, replication, distribution, KID) and quotes, cheapest TER first; filtered by asset class, highest TER (per cent, "0.20") and fund currency.',
  input: {
    assetClass: z.enum(etfAssetClasses, { error: 'etf.assetClass' }).optional(),
    maxTer: decimalField(2, 'etf.maxTer').optional(),
    currency: z.enum(etfFundCurrencies, { error: 'etf.currency' }).optional(),
  },
  output: z.object({ list: z.array(etfView) }),
});

export const etfInfo = defineCall({
  method: 'GET',
  path: '/etf/info',
  auth: 'guest',
  tag: 'etf',
  summary: 'One ETF by its symbol ("SWDA.MI") with its facts and quote.',
  input: {
    symbol: z
      .string({ error: 'field.required' })
      .trim()
      .toUpperCase()
      .min(1, { error: 'field.required' })
      .max(32, { error: 'etf.notFound' }),
  },
  output: etfView,
});

export const bondList = defineCall({
  method: 'GET',
  path: '/bonds/list',
  auth: 'guest',
  tag: 'bonds',
  summary:
    "BTPs and BOTs on MOT not yet matured with today's dealer quote (clean bid and ask per cent of par), accrued interest and yield to maturity gross and net of 12.5%, nearest maturity first.",
  input: { kind: z.enum(bondKinds, { error: 'bond.kind' }).optional() },
  output: z.object({ list: z.array(bondView) }),
});

export const bondTicket = defineCall({
  method: 'GET',
  path: '/bonds/ticket',
  auth: 'guest',
  tag: 'bonds',
  summary:
    'What buying or selling a nominal (a multiple of €1.000) costs or brings today: clean price, clean amount, accrued interest (ACT/ACT ICMA) to the value date two business days on (T+2) and total. Refused as the trade would be for the nominal.',
  input: { isin: isinField, side: z.enum(bondSides, { error: 'bond.side' }), nominal: nominalField },
  output: bondTicketView,
});

export const userBondBuy = defineMoneyCall({
  method: 'POST',
  path: '/user/bonds/buy',
  auth: 'user',
  tag: 'bonds',
  summary:
    "Buys a nominal (a multiple of €1.000) at today's ask: clean amount plus accrued interest leave the EUR spot account at once.",
  input: { isin: isinField, nominal: nominalField, tradePassword: tradePasswordField },
  output: bondTradeView,
});

export const userBondSell = defineMoneyCall({
  method: 'POST',
  path: '/user/bonds/sell',
  auth: 'user',
  tag: 'bonds',
  summary:
    "Sells a nominal held and delivered (bought at least two business days before: T+2) at today's bid: clean amount plus accrued interest come into the EUR spot account.",
  input: { isin: isinField, nominal: nominalField, tradePassword: tradePasswordField },
  output: bondTradeView,
});

export const userBondPositions = defineCall({
  method: 'GET',
  path: '/user/bonds/positions',
  auth: 'user',
  tag: 'bonds',
  summary: "The investor's government bonds with their value at today's bid and the accrued interest.",
  input: {},
  output: z.object({ list: z.array(bondPositionView) }),
});

export const userBondMovements = defineCall({
  method: 'GET',
  path: '/user/bonds/movements',
  auth: 'user',
  tag: 'bonds',
  summary: "The investor's bond trades, coupons (net of the 12.5% withheld) and redemptions, newest first.",
  input: {},
  output: z.object({ list: z.array(bondMovementView) }),
});

/* The back office (decision 064): finance reads the bonds, their holders and what they were and will be paid. */

export const adminBonds = defineCall({
  method: 'GET',
  path: '/admin/bonds',
  auth: 'operator',
  roles: ['finance'],
  tag: 'admin-bonds',
  summary:
    "Every government bond of the catalogue with today's clean price, accrued interest, yields gross and net, and the investors holding it and their nominal, nearest maturity first.",
  input: {},
  output: z.object({ list: z.array(adminBondRow) }),
});

export const adminBond = defineCall({
  method: 'GET',
  path: '/admin/bond',
  auth: 'operator',
  roles: ['finance'],
  tag: 'admin-bonds',
  summary:
    'One government bond by ISIN: its holders and nominal, the coupons and redemptions paid (totals per date, gross, withheld, net), and what the next coupon or the redemption will pay on today’s holdings.',
  input: { isin: isinField },
  output: adminBondDetail,
});
