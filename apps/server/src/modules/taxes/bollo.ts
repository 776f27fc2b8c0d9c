import { rateOn, stampDutyRates } from '@piazza/core/tax/rates';
import { stampDutyMinor } from '@piazza/core/tax/transaction-tax';
import { tradeValue } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { postEntry } from '../../ledger/post';
import type { MarketService } from '../../market/market-service';

/*
 * Imposta di bollo on financial products (DPR 642/1972 art. 13 c.2-ter) and its equivalent on crypto-assets
 * (L. 197/2022 c.146), 0.2% a year (issue 19 item 3, decision 049): each day's job values what every investor
 * holds at the day's end (shares and coins, in every account, at the last price, per quote currency) and
 * writes an accrual row; each month's job charges the month's accruals, pro rata: Σ values × rate ÷ days of
 * the year, rounded once. Cash is not a financial product and bears none here.
 */

interface Holding {
  userId: number;
  asset: string;
  kind: 'security' | 'crypto';
  scale: number;
  quantity: bigint;
}

/** Every investor's holdings of shares and coins, all accounts together. */
async function holdings(q: Queryable): Promise<Holding[]> {
  const rows = await q.query<{
    userId: number;
    asset: string;
    kind: 'security' | 'crypto';
    scale: number;
    quantity: bigint;
  }>(
    `select a.owner_id as "userId", a.asset, s.kind, s.scale, sum(a.balance) as quantity
       from accounts a join assets s on s.code = a.asset join users u on u.id = a.owner_id
      where a.owner_type = 'user' and s.kind in ('security', 'crypto') and not u.book
      group by a.owner_id, a.asset, s.kind, s.scale having sum(a.balance) > 0
      order by a.owner_id, a.asset`,
  );
  return rows.map((r) => ({ ...r, scale: Number(r.scale), quantity: BigInt(r.quantity) }));
}

/** Whether anyone holds shares or coins (the accrual job has work). */
export async function anyHoldings(q: Queryable): Promise<boolean> {
  const rows = await q.query(
    `select 1 from accounts a join assets s on s.code = a.asset
      where a.owner_type = 'user' and s.kind in ('security', 'crypto') and a.balance > 0 limit 1`,
  );
  return rows.length > 0;
}

/** The value of a holding in its instrument's quote currency at the last price, or null if it has none. */
async function holdingValue(
  market: MarketService,
  h: Holding,
  currencyScales: Map<string, number>,
  atMs: number,
): Promise<{ currency: string; value: bigint } | null> {
  const instrument =
    h.kind === 'security'
      ? market.instrument(h.asset)
      : market.instruments.find(
          (i) => i.kind === 'crypto' && i.baseAsset === h.asset && i.currency === 'USDT',
        );
  if (!instrument) return null;
  const currencyScale = currencyScales.get(instrument.currency);
  if (currencyScale === undefined) return null;
  let quote: { last: bigint };
  try {
    quote = await market.quote(instrument.symbol, atMs);
  } catch {
    return null;
  }
  // Coins are kept at the asset's scale; the pair quotes quantities at its own.
  const shift = h.kind === 'crypto' ? h.scale - instrument.quantityScale : 0;
  const quantity = shift > 0 ? h.quantity / 10n ** BigInt(shift) : h.quantity;
  const value = tradeValue(quote.last * quantity, {
    priceScale: instrument.priceScale,
    quantityScale: instrument.quantityScale,
    currencyScale,
  });
  return { currency: instrument.currency, value };
}

/** Writes the day's accrual rows (once per investor, day and currency): answers how many. */
export async function accrueBollo(
  q: Queryable,
  market: MarketService,
  isoDay: string,
  atMs: number,
): Promise<number> {
  const scales = new Map(
    (
      await q.query<{ code: string; scale: number }>(
        `select code, scale from assets where kind = 'fiat' or code = 'USDT'`,
      )
    ).map((r) => [r.code, Number(r.scale)] as const),
  );
  const totals = new Map<string, { userId: number; currency: string; value: bigint }>();
  for (const h of await holdings(q)) {
    const v = await holdingValue(market, h, scales, atMs);
    if (!v) continue;
    const key = `${h.userId}:${v.currency}`;
    const t = totals.get(key) ?? { userId: h.userId, currency: v.currency, value: 0n };
    t.value += v.value;
    totals.set(key, t);
  }
  const rateBp = rateOn(stampDutyRates, isoDay);
  let written = 0;
  for (const t of totals.values()) {
    const rows = await q.query(
      `insert into tax_bollo_accruals (user_id, day, currency, value, rate_bp) values ($1, $2, $3, $4, $5)
       on conflict (user_id, day, currency) do nothing returning user_id`,
      [t.userId, isoDay, t.currency, t.value, rateBp],
    );
    written += rows.length;
  }
  return written;
}

const daysInYear = (year: number) => (new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1 ? 366 : 365);

/** What a month's accruals of an investor in a currency come to (the charge, before it is booked). */
export async function bolloOfMonth(
  q: Queryable,
  userId: number,
  currency: string,
  month: string,
): Promise<{ days: number; amount: bigint }> {
  const rows = await q.query<{ value: bigint; rateBp: number }>(
    `select value, rate_bp as "rateBp" from tax_bollo_accruals
      where user_id = $1 and currency = $2 and to_char(day, 'YYYY-MM') = $3 order by day`,
    [userId, currency, month],
  );
  if (rows.length === 0) return { days: 0, amount: 0n };
  const rateBp = Number(rows[0]?.rateBp ?? 0);
  const amount = stampDutyMinor(
    rows.map((r) => BigInt(r.value)),
    rateBp,
    daysInYear(Number(month.slice(0, 4))),
  );
  return { days: rows.length, amount };
}

/** Who accrued stamp duty in a month, in which currencies. */
export function bolloPayers(q: Queryable, month: string): Promise<{ userId: number; currency: string }[]> {
  return q.query<{ userId: number; currency: string }>(
    `select distinct user_id as "userId", currency from tax_bollo_accruals
      where to_char(day, 'YYYY-MM') = $1 order by 1, 2`,
    [month],
  );
}

/** Charges an investor's stamp duty of a month in a currency, once: answers it, or null if already charged. */
export async function chargeBollo(
  q: Queryable,
  userId: number,
  currency: string,
  month: string,
): Promise<bigint | null> {
  const { days, amount } = await bolloOfMonth(q, userId, currency, month);
  const [row] = await q.query<{ id: bigint }>(
    `insert into tax_bollo_charges (user_id, period, currency, days, amount) values ($1, $2, $3, $4, $5)
     on conflict (user_id, period, currency) do nothing returning id`,
    [userId, month, currency, days, amount],
  );
  if (!row) return null;
  if (amount > 0n)
    await postEntry(q, {
      billType: 'tax_stamp',
      actor: { type: 'job' },
      ref: { type: 'tax_bollo', id: String(row.id) },
      idempotencyKey: `tax:bollo:${userId}:${month}:${currency}`,
      memo: month,
      postings: [
        {
          account: { ownerType: 'user', ownerId: userId, purpose: 'spot', asset: currency },
          amount: -amount,
        },
        { account: { ownerType: 'platform', ownerId: 0, purpose: 'tax-payable', asset: currency }, amount },
      ],
    });
  return amount;
}
