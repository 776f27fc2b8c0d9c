import { mulDiv } from '@piazza/core/money';
import { capitalGainsRates, type GainKind, rateOn } from '@piazza/core/tax/rates';
import { type CarriedLoss, lastYearUsable, offsetGain, taxMinor } from '@piazza/core/tax/zainetto';
import type { Queryable } from '../../db/db';
import { postEntry } from '../../ledger/post';
import { isoRomeDay, taxYearOf } from './tax-days';

/*
 * Capital gains under the regime amministrato (issue 19 item 1, decision 048). Every sale or close that
 * realises a gain or a loss calls `withholdOnSale` in its own transaction: the result (proceeds less fees less
 * the weighted average cost) is recorded; a loss goes to the zainetto of its year and currency; a gain first
 * uses the usable losses, oldest first, and the rate of its kind on the rest is withheld at once from the
 * investor's account to the platform's `tax-payable` account of the sale's currency (bill tax_gains). Under the
 * regime dichiarativo the result is recorded and nothing is withheld or carried.
 */

export type TaxRegime = 'amministrato' | 'dichiarativo';

export interface SaleResult {
  userId: number;
  /** What realised it ('stock_fill', 'coin_fill', 'stock_contract', 'option', 'bond', …) and its id: once each. */
  source: string;
  sourceRef: string;
  kind: GainKind;
  /** The symbol or asset sold or closed. */
  instrument: string;
  /** The sale's currency: the tax is withheld in it. */
  currency: string;
  /** What the sale brought in (a close's result when there is no cost to release, with cost 0). */
  proceeds: bigint;
  fees: bigint;
  /** The weighted average cost released by the sale, fees of the purchases included. */
  cost: bigint;
  nowMs: number;
  actor: { type: 'user' | 'operator' | 'job' | 'system'; id?: string };
  /** The investor's account the tax is taken from (spot unless the proceeds land elsewhere). */
  account?: 'spot' | 'contract';
}

export interface Withholding {
  id: bigint;
  regime: TaxRegime;
  gain: bigint;
  lossUsed: bigint;
  taxable: bigint;
  rateBp: number;
  withheld: bigint;
}

/** Whether the user is a managed product's book rather than an investor. */
export async function isBook(q: Queryable, userId: number): Promise<boolean> {
  const [row] = await q.query<{ book: boolean }>('select book from users where id = $1', [userId]);
  return row?.book === true;
}

/** The investor's regime, their row created (amministrato) and locked: their sales take the zainetto in turn. */
export async function lockRegime(q: Queryable, userId: number): Promise<TaxRegime> {
  await q.query('insert into tax_regimes (user_id) values ($1) on conflict (user_id) do nothing', [userId]);
  const [row] = await q.query<{ regime: TaxRegime }>(
    'select regime from tax_regimes where user_id = $1 for update',
    [userId],
  );
  return row?.regime ?? 'amministrato';
}

export async function regimeOf(q: Queryable, userId: number): Promise<TaxRegime> {
  const [row] = await q.query<{ regime: TaxRegime }>('select regime from tax_regimes where user_id = $1', [
    userId,
  ]);
  return row?.regime ?? 'amministrato';
}

/** The losses of a currency still usable in `year`, oldest first. */
export async function usableLosses(
  q: Queryable,
  userId: number,
  currency: string,
  year: number,
): Promise<CarriedLoss[]> {
  const rows = await q.query<{ year: number; remaining: bigint }>(
    `select year, carried - used as remaining from tax_losses
      where user_id = $1 and currency = $2 and used < carried and year <= $3 and year >= $4
      order by year`,
    [userId, currency, year, year - lastYearUsable(0)],
  );
  return rows.map((r) => ({ year: Number(r.year), remainingMinor: BigInt(r.remaining) }));
}

/** What a result would use of the zainetto and withhold, read only (the ticket's estimate). */
export function settle(
  losses: readonly CarriedLoss[],
  gain: bigint,
  year: number,
  regime: TaxRegime,
  rateBp: number,
): { lossUsed: bigint; taxable: bigint; withheld: bigint; losses: CarriedLoss[] } {
  if (gain <= 0n) return { lossUsed: 0n, taxable: 0n, withheld: 0n, losses: [...losses] };
  if (regime === 'dichiarativo') return { lossUsed: 0n, taxable: gain, withheld: 0n, losses: [...losses] };
  const settled = offsetGain(losses, gain, year);
  return {
    lossUsed: settled.offsetMinor,
    taxable: settled.taxableMinor,
    withheld: taxMinor(settled.taxableMinor, rateBp),
    losses: settled.losses,
  };
}

export const gainRateOn = (kind: GainKind, nowMs: number): number =>
  rateOn(capitalGainsRates[kind], isoRomeDay(nowMs));

/**
 * Records a sale's result, carries or uses the zainetto and withholds the tax, in the caller's transaction.
 * A managed product's book (users.book) is no taxpayer: a fund or robot is taxed on its investors' redemptions,
 * not on its own trades, so nothing is recorded or withheld for it (id 0).
 */
export async function withholdOnSale(q: Queryable, s: SaleResult): Promise<Withholding> {
  if (s.fees < 0n) throw new RangeError('fees are ≥ 0');
  if (await isBook(q, s.userId))
    return { id: 0n, regime: 'dichiarativo', gain: 0n, lossUsed: 0n, taxable: 0n, rateBp: 0, withheld: 0n };
  const regime = await lockRegime(q, s.userId);
  const year = taxYearOf(s.nowMs);
  const rateBp = gainRateOn(s.kind, s.nowMs);
  const gain = s.proceeds - s.fees - s.cost;
  let lossUsed = 0n;
  let taxable = 0n;
  let withheld = 0n;
  if (gain < 0n && regime === 'amministrato') {
    await q.query(
      `insert into tax_losses (user_id, currency, year, carried) values ($1, $2, $3, $4)
       on conflict (user_id, currency, year) do update set carried = tax_losses.carried + $4`,
      [s.userId, s.currency, year, -gain],
    );
  } else if (gain > 0n) {
    const before = await usableLosses(q, s.userId, s.currency, year);
    const settled = settle(before, gain, year, regime, rateBp);
    ({ lossUsed, taxable, withheld } = settled);
    for (const loss of before) {
      const left = settled.losses.find((l) => l.year === loss.year)?.remainingMinor ?? 0n;
      const used = loss.remainingMinor - left;
      if (used > 0n)
        await q.query(
          'update tax_losses set used = used + $4 where user_id = $1 and currency = $2 and year = $3',
          [s.userId, s.currency, loss.year, used],
        );
    }
  }
  const [row] = await q.query<{ id: bigint }>(
    `insert into tax_realisations (user_id, source, source_ref, kind, instrument, currency, tax_year, regime,
       proceeds, fees, cost, gain, loss_used, taxable, rate_bp, withheld, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning id`,
    [
      s.userId,
      s.source,
      s.sourceRef,
      s.kind,
      s.instrument,
      s.currency,
      year,
      regime,
      s.proceeds,
      s.fees,
      s.cost,
      gain,
      lossUsed,
      taxable,
      rateBp,
      withheld,
      new Date(s.nowMs),
    ],
  );
  const id = (row as { id: bigint }).id;
  if (withheld > 0n) {
    await postEntry(q, {
      billType: 'tax_gains',
      actor: s.actor,
      ref: { type: 'tax_realisation', id: String(id) },
      idempotencyKey: `tax:gains:${s.source}:${s.sourceRef}`,
      postings: [
        {
          account: { ownerType: 'user', ownerId: s.userId, purpose: s.account ?? 'spot', asset: s.currency },
          amount: -withheld,
        },
        {
          account: { ownerType: 'platform', ownerId: 0, purpose: 'tax-payable', asset: s.currency },
          amount: withheld,
        },
      ],
    });
  }
  return { id, regime, gain, lossUsed, taxable, rateBp, withheld };
}

/** The average cost `quantity` of a holding releases: in proportion, and all of what is left with the last unit. */
export function costReleased(held: { quantity: bigint; cost: bigint }, quantity: bigint): bigint {
  if (held.quantity <= 0n) return 0n;
  if (quantity >= held.quantity) return held.cost;
  return mulDiv(held.cost, quantity, held.quantity, 'halfEven');
}
