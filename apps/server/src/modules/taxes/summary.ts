import { lastYearUsable } from '@piazza/core/tax/zainetto';
import type { Queryable } from '../../db/db';
import { regimeOf, type TaxRegime } from './gains';

/*
 * Readers of an investor's tax year (the tax page, and the documents' annual certificate and statements):
 * every figure from the rows that moved the money, in minor units of each currency.
 */

export interface TaxYearCurrency {
  currency: string;
  /** Positive results of the year, before the zainetto. */
  gains: bigint;
  /** Of `gains`, those that are redditi di capitale (harmonised ETFs): taxed in full, no zainetto. */
  capitalIncome: bigint;
  /** Of `withheld`, the tax on `capitalIncome`. */
  capitalIncomeTax: bigint;
  /** Negative results of the year, as a positive amount. */
  losses: bigint;
  /** What of the zainetto the year's gains used. */
  lossUsed: bigint;
  taxable: bigint;
  withheld: bigint;
  transactionTax: bigint;
  stampDuty: bigint;
}

export interface ZainettoLoss {
  currency: string;
  year: number;
  carried: bigint;
  used: bigint;
  remaining: bigint;
  usableUntil: number;
  /** Past its last usable year at `year`: what remained is lost. */
  expired: boolean;
}

export interface TaxYearSummary {
  userId: number;
  year: number;
  regime: TaxRegime;
  byCurrency: TaxYearCurrency[];
  /** Losses carried into the year after `year` (usable then), and those that expired at its end or before. */
  zainetto: ZainettoLoss[];
  /** The currencies of the year's sales whose results were converted to euros (decision 065). */
  convertedFrom: string[];
}

const zero = (currency: string): TaxYearCurrency => ({
  currency,
  gains: 0n,
  capitalIncome: 0n,
  capitalIncomeTax: 0n,
  losses: 0n,
  lossUsed: 0n,
  taxable: 0n,
  withheld: 0n,
  transactionTax: 0n,
  stampDuty: 0n,
});

/** The zainetto as it stands in `year`: each year's loss, what is left, until when, and whether it expired. */
export async function zainettoOf(q: Queryable, userId: number, year: number): Promise<ZainettoLoss[]> {
  const rows = await q.query<{ currency: string; year: number; carried: bigint; used: bigint }>(
    `select currency, year, carried, used from tax_losses where user_id = $1 and year <= $2
      order by year, currency`,
    [userId, year],
  );
  return rows.map((r) => {
    const usableUntil = lastYearUsable(Number(r.year));
    return {
      currency: r.currency,
      year: Number(r.year),
      carried: BigInt(r.carried),
      used: BigInt(r.used),
      remaining: BigInt(r.carried) - BigInt(r.used),
      usableUntil,
      expired: usableUntil < year,
    };
  });
}

/**
 * An investor's tax year: gains, losses, the zainetto used, tax withheld, Tobin tax and stamp duty per currency,
 * and the zainetto at the year's end (`expired` marks losses whose last usable year is before `year`).
 */
export async function taxYearSummary(q: Queryable, userId: number, year: number): Promise<TaxYearSummary> {
  const byCurrency = new Map<string, TaxYearCurrency>();
  const of = (currency: string) => {
    let row = byCurrency.get(currency);
    if (!row) {
      row = zero(currency);
      byCurrency.set(currency, row);
    }
    return row;
  };
  const gains = await q.query<{
    currency: string;
    gains: bigint;
    losses: bigint;
    used: bigint;
    taxable: bigint;
    withheld: bigint;
    capitalIncome: bigint;
    capitalIncomeTax: bigint;
  }>(
    `select currency, coalesce(sum(greatest(gain, 0)), 0) as gains, coalesce(sum(greatest(-gain, 0)), 0) as losses,
            coalesce(sum(loss_used), 0) as used, coalesce(sum(taxable), 0) as taxable,
            coalesce(sum(withheld), 0) as withheld,
            coalesce(sum(greatest(gain, 0)) filter (where kind = 'etf'), 0) as "capitalIncome",
            coalesce(sum(withheld) filter (where kind = 'etf'), 0) as "capitalIncomeTax"
       from tax_realisations where user_id = $1 and tax_year = $2 group by currency`,
    [userId, year],
  );
  for (const g of gains) {
    Object.assign(of(g.currency), {
      gains: BigInt(g.gains),
      losses: BigInt(g.losses),
      lossUsed: BigInt(g.used),
      taxable: BigInt(g.taxable),
      withheld: BigInt(g.withheld),
      capitalIncome: BigInt(g.capitalIncome),
      capitalIncomeTax: BigInt(g.capitalIncomeTax),
    });
  }
  const ftt = await q.query<{ currency: string; tax: bigint }>(
    `select currency, coalesce(sum(tax), 0) as tax from tax_ftt_charges
      where user_id = $1 and extract(year from day) = $2 group by currency`,
    [userId, year],
  );
  for (const f of ftt) of(f.currency).transactionTax = BigInt(f.tax);
  const bollo = await q.query<{ currency: string; amount: bigint }>(
    `select currency, coalesce(sum(amount), 0) as amount from tax_bollo_charges
      where user_id = $1 and period like $2 group by currency`,
    [userId, `${year}-%`],
  );
  for (const b of bollo) of(b.currency).stampDuty = BigInt(b.amount);
  return {
    userId,
    year,
    regime: await regimeOf(q, userId),
    byCurrency: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    zainetto: await zainettoOf(q, userId, year),
    convertedFrom: (
      await q.query<{ currency: string }>(
        `select distinct sale_currency as currency from tax_realisations
          where user_id = $1 and tax_year = $2 and sale_currency is not null order by 1`,
        [userId, year],
      )
    ).map((r) => r.currency),
  };
}

export interface RealisationRow {
  id: bigint;
  createdAt: Date;
  kind: string;
  instrument: string;
  currency: string;
  proceeds: bigint;
  fees: bigint;
  cost: bigint;
  gain: bigint;
  lossUsed: bigint;
  rateBp: number;
  withheld: bigint;
}

/** The year's sales and closes, newest first. */
export async function realisationsOf(
  q: Queryable,
  userId: number,
  year: number,
  limit = 100,
): Promise<RealisationRow[]> {
  return q.query<RealisationRow>(
    `select id, created_at as "createdAt", kind, instrument, currency, proceeds, fees, cost, gain,
            loss_used as "lossUsed", rate_bp as "rateBp", withheld
       from tax_realisations where user_id = $1 and tax_year = $2 order by id desc limit $3`,
    [userId, year, limit],
  );
}
