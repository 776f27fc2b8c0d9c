import type { BondTicketView, BondView } from '@piazza/contract/calls/bonds-shapes';
import { tradeAmounts, withheldMinor } from '@piazza/core/bonds/bond-math';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { AccountRef } from '../../ledger/post';
import {
  bondLotMinor,
  type GovernmentBond,
  governmentBondOf,
  governmentBondTaxBpOn,
} from '../../market/catalogue/government-bonds';
import { Refusal } from '../../platform/refusal';
import { accruedDays, type BondQuote, bondQuote, isoDay } from './quotes';

/* Views and amounts of the bond calls (decision 053): euros at 2 decimals, prices per cent at 3. */

export const eur = (minor: bigint): string => formatAmount(minor, 2);
const milli = (m: bigint): string => formatAmount(m, 3);
const percent = (unit: number): string => (Math.round(unit * 10_000) / 100).toFixed(2);

export const userEur = (userId: number): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose: 'spot',
  asset: 'EUR',
});
/** The dealer's book: what investors pay for bonds and what coupons and redemptions are paid from. */
export const dealerAccount: AccountRef = {
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'bonds',
  asset: 'EUR',
};
export const taxPayable: AccountRef = {
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'tax-payable',
  asset: 'EUR',
};

export function bondByIsin(isin: string): GovernmentBond {
  const bond = governmentBondOf(isin);
  if (!bond) throw new Refusal('bond.notFound', [isin]);
  return bond;
}

/** A nominal typed in euros: a multiple of €1.000 from €1.000. */
export function nominalOf(text: string): bigint {
  const minor = parseAmount(text, 2);
  if (minor === null || minor <= 0n || minor % bondLotMinor !== 0n) throw new Refusal('bond.nominal');
  return minor;
}

export function bondViewOf(bond: GovernmentBond, q: BondQuote): BondView {
  return {
    isin: bond.isin,
    kind: bond.kind,
    coupon: formatAmount(BigInt(bond.couponBasisPoints), 2),
    couponsPerYear: bond.frequency,
    issueDate: isoDay(bond.issueDay),
    maturityDate: isoDay(bond.maturityDay),
    nextCoupon: q.nextCoupon === null ? null : isoDay(q.nextCoupon),
    bid: milli(q.bidMilli),
    ask: milli(q.askMilli),
    accruedPer100: formatAmount(BigInt(Math.round(q.accruedPer100 / 1000)), 3),
    yieldGross: percent(q.yieldGross),
    yieldNet: percent(q.yieldNet),
    lot: eur(bondLotMinor),
    settlementDate: isoDay(q.valueDay),
  };
}

export interface TicketAmounts {
  priceMilli: bigint;
  clean: bigint;
  accruedGross: bigint;
  accruedTax: bigint;
  accrued: bigint;
  total: bigint;
}

/**
 * What a side of a nominal comes to at a quote: the dealer's price, the clean amount, the net accrued interest
 * to the trade's value date (T+2, decision 064).
 */
export function ticketAmounts(
  bond: GovernmentBond,
  quote: BondQuote,
  side: 'buy' | 'sell',
  nominal: bigint,
): TicketAmounts {
  const priceMilli = side === 'buy' ? quote.askMilli : quote.bidMilli;
  const a = tradeAmounts(bond, nominal, priceMilli, quote.valueDay);
  const accruedTax = withheldMinor(a.accrued, governmentBondTaxBpOn(quote.valueDay));
  const accrued = a.accrued - accruedTax;
  return {
    priceMilli,
    clean: a.clean,
    accruedGross: a.accrued,
    accruedTax,
    accrued,
    total: a.clean + accrued,
  };
}

export function ticketViewOf(
  bond: GovernmentBond,
  quote: BondQuote,
  side: 'buy' | 'sell',
  nominal: bigint,
  t: TicketAmounts,
): BondTicketView {
  const days = accruedDays(bond, quote.valueDay);
  return {
    bond: bondViewOf(bond, quote),
    side,
    nominal: eur(nominal),
    price: milli(t.priceMilli),
    cleanAmount: eur(t.clean),
    accruedGross: eur(t.accruedGross),
    accruedTax: eur(t.accruedTax),
    accrued: eur(t.accrued),
    accruedDays: days.run,
    periodDays: days.length,
    total: eur(t.total),
    currency: 'EUR',
  };
}

export function ticketOf(isin: string, side: 'buy' | 'sell', nominalText: string, day: number) {
  const bond = bondByIsin(isin);
  const nominal = nominalOf(nominalText);
  const quote = bondQuote(bond, day);
  // A trade settles two business days on: none once it would settle on or after the redemption.
  if (!quote.tradable) throw new Refusal('bond.lastDays', [isoDay(bond.maturityDay)]);
  const amounts = ticketAmounts(bond, quote, side, nominal);
  return { bond, nominal, quote, amounts, view: ticketViewOf(bond, quote, side, nominal, amounts) };
}
