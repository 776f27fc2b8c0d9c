import { rateOn, transactionTaxRates } from '@piazza/core/tax/rates';
import { transactionTaxMinor } from '@piazza/core/tax/transaction-tax';
import type { Queryable } from '../../db/db';
import { postEntry } from '../../ledger/post';
import { dayOfIso } from '../../market/calendar/civil-date';
import { zonedInstant } from '../../market/calendar/zoned-time';
import type { Instrument } from '../../market/instrument';
import { taxZone } from './tax-days';

/*
 * The Italian financial transaction tax (Tobin tax, L. 228/2012 c.491; issue 19 item 2, decision 049): 0.1% of
 * each investor's net daily purchase balance of each Italian share on a regulated market, charged by the day's
 * job after the day ends in Rome. Shares on the operator's exempt list for the year (issuers below €500 million)
 * and ETFs pay nothing; a day's round trip nets to zero and pays nothing.
 */

/** Whether buying the instrument may bear the Tobin tax: an Italian share (not an ETF) on Borsa Italiana. */
export function subjectToFtt(instrument: Instrument | undefined): instrument is Instrument {
  if (instrument?.kind !== 'stock' || instrument.country !== 'IT' || instrument.calendar !== 'XMIL')
    return false;
  const assetClass = (instrument as { assetClass?: string }).assetClass;
  return assetClass === undefined || assetClass === 'share' || assetClass === 'equity';
}

export async function isExempt(q: Queryable, symbol: string, year: number): Promise<boolean> {
  const rows = await q.query('select 1 from tax_ftt_exempt where symbol = $1 and year = $2', [symbol, year]);
  return rows.length > 0;
}

export const fttRateOn = (isoDay: string): number => rateOn(transactionTaxRates, isoDay);

/** The UTC instants a Rome calendar day runs between. */
export function romeDayBounds(isoDay: string): { from: Date; to: Date } {
  const day = dayOfIso(isoDay);
  return { from: new Date(zonedInstant(taxZone, day, 0)), to: new Date(zonedInstant(taxZone, day + 1, 0)) };
}

/** What an investor bought and sold of a share during a Rome day, in the currency's minor units. */
export async function dayBalance(
  q: Queryable,
  userId: number,
  symbol: string,
  isoDay: string,
): Promise<{ purchases: bigint; sales: bigint }> {
  const { from, to } = romeDayBounds(isoDay);
  const [row] = await q.query<{ purchases: bigint; sales: bigint }>(
    `select coalesce(sum(value) filter (where side = 'buy'), 0) as purchases,
            coalesce(sum(value) filter (where side = 'sell'), 0) as sales
       from stock_fills where user_id = $1 and symbol = $2 and created_at >= $3 and created_at < $4`,
    [userId, symbol, from, to],
  );
  return { purchases: BigInt(row?.purchases ?? 0n), sales: BigInt(row?.sales ?? 0n) };
}

/**
 * Charges one investor's Tobin tax on one share for a day, once (the row's unique key): answers the tax, or
 * null when it was already charged.
 */
export async function chargeFtt(
  q: Queryable,
  c: { userId: number; symbol: string; currency: string; isoDay: string; exempt: boolean },
): Promise<bigint | null> {
  const { purchases, sales } = await dayBalance(q, c.userId, c.symbol, c.isoDay);
  const rateBp = c.exempt ? 0 : fttRateOn(c.isoDay);
  const tax = transactionTaxMinor(purchases, sales, rateBp);
  const [row] = await q.query<{ id: bigint }>(
    `insert into tax_ftt_charges (user_id, day, symbol, currency, purchases, sales, rate_bp, tax)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (user_id, day, symbol) do nothing returning id`,
    [c.userId, c.isoDay, c.symbol, c.currency, purchases, sales, rateBp, tax],
  );
  if (!row) return null;
  if (tax > 0n) {
    await postEntry(q, {
      billType: 'tax_ftt',
      actor: { type: 'job' },
      ref: { type: 'tax_ftt', id: String(row.id) },
      idempotencyKey: `tax:ftt:${c.userId}:${c.isoDay}:${c.symbol}`,
      memo: `${c.symbol} ${c.isoDay}`,
      postings: [
        {
          account: { ownerType: 'user', ownerId: c.userId, purpose: 'spot', asset: c.currency },
          amount: -tax,
        },
        {
          account: { ownerType: 'platform', ownerId: 0, purpose: 'tax-payable', asset: c.currency },
          amount: tax,
        },
      ],
    });
  }
  return tax;
}
