import type { Queryable } from '../../db/db';
import { taxYearSummary } from '../taxes';
import { feesAndTaxes } from './statement';

/*
 * The yearly tax certificate: gains and losses realised, the zainetto used and carried forward (from the taxes
 * module's face), and the taxes withheld — capital gains tax, Tobin tax and bollo — as the ledger holds them:
 * what the investor's accounts paid in entries of those bills in the year.
 */

export interface TaxCurrencyFigures {
  currency: string;
  scale: number;
  gains: bigint;
  losses: bigint;
  lossUsed: bigint;
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
    c.gains = s.gains;
    c.losses = s.losses;
    c.lossUsed = s.lossUsed;
  }
  for (const p of paid) {
    if (p.taxGains === 0n && p.taxFtt === 0n && p.taxStamp === 0n) continue;
    const c = of(p.asset);
    c.withheld = p.taxGains;
    c.transactionTax = p.taxFtt;
    c.stampDuty = p.taxStamp;
  }
  return {
    regime: summary.regime,
    currencies: [...currencies.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    zainetto: summary.zainetto.map((z) => ({ ...z, scale: scaleOf(z.currency) })),
  };
}
