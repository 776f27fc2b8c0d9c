import type { Queryable } from '../../db/db';
import { taxYearSummary } from '../taxes';
import { feesAndTaxes } from './statement';

/*
 * The yearly tax certificate: gains and losses realised, the zainetto used and carried forward (from the taxes
 * module's face), and the taxes withheld — capital gains tax, Tobin tax and bollo — as the ledger holds them:
 * what the investor's accounts paid in entries of those bills in the year. The capital gains tax is counted in
 * the currency it was computed in (what the platform's tax-payable account received, a ledger check ties the
 * two): a dollar share's tax is in euros though its dollars paid it (decision 065). ETF gains, redditi di
 * capitale, have their own table.
 */

export interface TaxCurrencyFigures {
  currency: string;
  scale: number;
  /** Redditi diversi: gains other than ETFs'. */
  gains: bigint;
  losses: bigint;
  lossUsed: bigint;
  /** Redditi di capitale: ETF gains, and the tax withheld on them (part of `withheld`). */
  capitalIncome: bigint;
  capitalIncomeTax: bigint;
  withheld: bigint;
  transactionTax: bigint;
  stampDuty: bigint;
}

export interface TaxFigures {
  regime: 'amministrato' | 'dichiarativo';
  currencies: TaxCurrencyFigures[];
  zainetto: {
    currency: string;
    scale: number;
    year: number;
    carried: bigint;
    used: bigint;
    remaining: bigint;
    usableUntil: number;
    expired: boolean;
  }[];
  /** Currencies whose results were converted to euros at the day's rates. */
  convertedFrom: string[];
}

export async function taxFigures(
  q: Queryable,
  userId: number,
  year: number,
  fromMs: number,
  toMs: number,
): Promise<TaxFigures> {
  const summary = await taxYearSummary(q, userId, year);
  const paid = await feesAndTaxes(q, userId, fromMs, toMs);
  const scales = new Map(
    (await q.query<{ code: string; scale: number }>('select code, scale from assets')).map((a) => [
      a.code,
      Number(a.scale),
    ]),
  );
  const scaleOf = (c: string) => scales.get(c) ?? 2;
  const currencies = new Map<string, TaxCurrencyFigures>();
  const of = (currency: string) => {
    let c = currencies.get(currency);
    if (!c) {
      c = {
        currency,
        scale: scaleOf(currency),
        gains: 0n,
        losses: 0n,
        lossUsed: 0n,
        capitalIncome: 0n,
        capitalIncomeTax: 0n,
        withheld: 0n,
        transactionTax: 0n,
        stampDuty: 0n,
      };
      currencies.set(currency, c);
    }
    return c;
  };
  for (const s of summary.byCurrency) {
    const c = of(s.currency);
    c.gains = s.gains - s.capitalIncome;
    c.losses = s.losses;
    c.lossUsed = s.lossUsed;
    c.capitalIncome = s.capitalIncome;
    c.capitalIncomeTax = s.capitalIncomeTax;
    c.withheld = s.withheld;
  }
  for (const p of paid) {
    if (p.taxFtt === 0n && p.taxStamp === 0n) continue;
    const c = of(p.asset);
    c.transactionTax = p.taxFtt;
    c.stampDuty = p.taxStamp;
  }
  return {
    regime: summary.regime,
    currencies: [...currencies.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    zainetto: summary.zainetto.map((z) => ({ ...z, scale: scaleOf(z.currency) })),
    convertedFrom: summary.convertedFrom,
  };
}
