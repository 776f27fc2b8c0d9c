import { mulDiv } from '@piazza/core/money';
import {
  capitalGainsRates,
  type GainKind,
  gainKindOfSecurity,
  gainRules,
  rateOn,
  taxCurrency,
} from '@piazza/core/tax/rates';
import { type CarriedLoss, lastYearUsable, offsetGain, taxMinor } from '@piazza/core/tax/zainetto';
import type { Queryable } from '../../db/db';
import { type Posting, postEntry } from '../../ledger/post';
import { euroRateAt, fromEuroUp, rateText, taxedInEuro, taxInstrument, toEuro } from './fx';
import { isoRomeDay, taxYearOf } from './tax-days';

/*
 * Capital gains under the regime amministrato (issue 19 item 1, decision 048). Every sale or close that
 * realises a gain or a loss calls `withholdOnSale` in its own transaction: the result (proceeds less fees less
 * the weighted average cost) is recorded; a loss goes to the zainetto of its year and currency; a gain first
 * uses the usable losses, oldest first, and the rate of its kind on the rest is withheld at once from the
 * investor's account to the platform's `tax-payable` account of the sale's currency (bill tax_gains). Under the
 * regime dichiarativo the result is recorded and nothing is withheld or carried.
 *
 * A result in dollars or USDT is taxed in euros (decision 065): proceeds and fees at the EUR/USD of the sale (USDT
 * as one dollar), the cost at each purchase's (`costEur`, else the sale's), the zainetto and the tax in euros; the
 * investor's dollars (or USDT) pay the tax through the platform's fx account at the same rate, rounded up to the
 * currency's smallest unit. A harmonised ETF's gain is
 * reddito di capitale: taxed in full, the zainetto left untouched (`gainRules`).
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
  /** For a sale in dollars or USDT: that cost in euros, each purchase at its own day's rate (default: the sale's). */
  costEur?: bigint;
  nowMs: number;
  actor: { type: 'user' | 'operator' | 'job' | 'system'; id?: string };
  /** The investor's account the tax is taken from (spot unless the proceeds land elsewhere). */
  account?: 'spot' | 'contract';
}

export interface Withholding {
  id: bigint;
  regime: TaxRegime;
  /** The currency of gain, lossUsed, taxable and withheld: EUR for a sale in dollars or USDT. */
  currency: string;
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

/** The kind a result is taxed as: a security sold as 'shares' is an ETF or an ETC when the catalogue says so. */
export const kindOfResult = (kind: GainKind, instrument: string): GainKind =>
  kind === 'shares' ? gainKindOfSecurity(taxInstrument(instrument)?.assetClass) : kind;

export interface WithholdingEstimate {
  kind: GainKind;
  regime: TaxRegime;
  rateBp: number;
  gain: bigint;
  lossUsed: bigint;
  taxable: bigint;
  withheld: bigint;
  /** Whether the gain of this kind is set against the zainetto (`gainRules`: an ETF's is taxed in full). */
  gainsUseZainetto: boolean;
}

/**
 * What `withholdOnSale` would withhold on a result already in the tax's currency, read only (the tickets'
 * estimates): the same kind, rate, `gainRules` and usable zainetto, nothing written.
 */
export async function estimateWithholding(
  q: Queryable,
  s: Pick<SaleResult, 'userId' | 'kind' | 'instrument' | 'currency' | 'proceeds' | 'fees' | 'cost' | 'nowMs'>,
): Promise<WithholdingEstimate> {
  const kind = kindOfResult(s.kind, s.instrument);
  const rule = gainRules[kind];
  const regime = await regimeOf(q, s.userId);
  const rateBp = gainRateOn(kind, s.nowMs);
  const year = taxYearOf(s.nowMs);
  const gain = s.proceeds - s.fees - s.cost;
  const losses = rule.gainsUseZainetto && gain > 0n ? await usableLosses(q, s.userId, s.currency, year) : [];
  const settled = settle(losses, gain, year, regime, rateBp);
  return {
    kind,
    regime,
    rateBp,
    gain,
    lossUsed: settled.lossUsed,
    taxable: settled.taxable,
    withheld: settled.withheld,
    gainsUseZainetto: rule.gainsUseZainetto,
  };
}

/**
 * Records a sale's result, carries or uses the zainetto and withholds the tax, in the caller's transaction.
 * A managed product's book (users.book) is no taxpayer: a fund or robot is taxed on its investors' redemptions,
 * not on its own trades, so nothing is recorded or withheld for it (id 0).
 */
export async function withholdOnSale(q: Queryable, s: SaleResult): Promise<Withholding> {
  if (s.fees < 0n) throw new RangeError('fees are ≥ 0');
  if (await isBook(q, s.userId))
    return {
      id: 0n,
      regime: 'dichiarativo',
      currency: s.currency,
      gain: 0n,
      lossUsed: 0n,
      taxable: 0n,
      rateBp: 0,
      withheld: 0n,
    };
  const regime = await lockRegime(q, s.userId);
  const year = taxYearOf(s.nowMs);
  // A security sold as 'shares' is an ETF or an ETC when the catalogue says so (a plan's fractions, too).
  const kind = kindOfResult(s.kind, s.instrument);
  const rateBp = gainRateOn(kind, s.nowMs);
  const rule = gainRules[kind];
  const fx = taxedInEuro(s.currency) ? await euroRateAt(s.currency, s.nowMs) : undefined;
  const currency = fx ? taxCurrency : s.currency;
  const proceeds = fx ? await toEuro(q, s.proceeds, s.currency, fx) : s.proceeds;
  const fees = fx ? await toEuro(q, s.fees, s.currency, fx) : s.fees;
  const cost = fx ? (s.costEur ?? (await toEuro(q, s.cost, s.currency, fx))) : s.cost;
  const gain = proceeds - fees - cost;
  const before = gain > 0n && rule.gainsUseZainetto ? await usableLosses(q, s.userId, currency, year) : [];
  const { lossUsed, taxable, withheld, carried, used } = zainettoMoves(
    gain,
    year,
    regime,
    kind,
    rateBp,
    before,
  );
  if (carried > 0n) {
    await q.query(
      `insert into tax_losses (user_id, currency, year, carried) values ($1, $2, $3, $4)
       on conflict (user_id, currency, year) do update set carried = tax_losses.carried + $4`,
      [s.userId, currency, year, carried],
    );
  }
  for (const u of used) {
    await q.query(
      'update tax_losses set used = used + $4 where user_id = $1 and currency = $2 and year = $3',
      [s.userId, currency, u.year, u.used],
    );
  }
  // What the investor's account pays: the tax itself, or for a sale in dollars (USDT) the tax at the sale's rate.
  const paid = fx && withheld > 0n ? await fromEuroUp(q, withheld, s.currency, fx) : withheld;
  const [row] = await q.query<{ id: bigint }>(
    `insert into tax_realisations (user_id, source, source_ref, kind, instrument, currency, tax_year, regime,
       proceeds, fees, cost, gain, loss_used, taxable, rate_bp, withheld, created_at,
       sale_currency, sale_proceeds, sale_fees, sale_cost, fx_rate, withheld_sale)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
             $18, $19, $20, $21, $22, $23) returning id`,
    [
      s.userId,
      s.source,
      s.sourceRef,
      kind,
      s.instrument,
      currency,
      year,
      regime,
      proceeds,
      fees,
      cost,
      gain,
      lossUsed,
      taxable,
      rateBp,
      withheld,
      new Date(s.nowMs),
      fx ? s.currency : null,
      fx ? s.proceeds : null,
      fx ? s.fees : null,
      fx ? s.cost : null,
      fx ? rateText(fx) : null,
      fx ? paid : null,
    ],
  );
  const id = (row as { id: bigint }).id;
  if (withheld > 0n) {
    const investor = {
      account: {
        ownerType: 'user' as const,
        ownerId: s.userId,
        purpose: s.account ?? 'spot',
        asset: s.currency,
      },
      amount: -paid,
    };
    const postings: Posting[] = fx
      ? [
          investor,
          { account: { ownerType: 'platform', ownerId: 0, purpose: 'fx', asset: s.currency }, amount: paid },
          {
            account: { ownerType: 'platform', ownerId: 0, purpose: 'fx', asset: currency },
            amount: -withheld,
          },
        ]
      : [investor];
    postings.push({
      account: { ownerType: 'platform', ownerId: 0, purpose: 'tax-payable', asset: currency },
      amount: withheld,
    });
    await postEntry(q, {
      billType: 'tax_gains',
      actor: s.actor,
      ref: { type: 'tax_realisation', id: String(id) },
      idempotencyKey: `tax:gains:${s.source}:${s.sourceRef}`,
      ...(fx ? { memo: `${rateText(fx)} ${s.currency} per ${currency}` } : {}),
      postings,
    });
  }
  return { id, regime, currency, gain, lossUsed, taxable, rateBp, withheld };
}

/**
 * What a result does to the zainetto, pure: a loss (regime amministrato, a kind whose losses are carried) is
 * carried into its year; a gain uses `before` (the usable losses, oldest first, read under the regime's lock)
 * where its kind allows, and the rest is taxed at `rateBp`.
 */
export function zainettoMoves(
  gain: bigint,
  year: number,
  regime: TaxRegime,
  kind: GainKind,
  rateBp: number,
  before: readonly CarriedLoss[],
): {
  lossUsed: bigint;
  taxable: bigint;
  withheld: bigint;
  carried: bigint;
  used: { year: number; used: bigint }[];
  /** `before` once this result has used what it used. */
  after: CarriedLoss[];
} {
  const rule = gainRules[kind];
  if (gain < 0n && regime === 'amministrato' && rule.lossesToZainetto) {
    return { lossUsed: 0n, taxable: 0n, withheld: 0n, carried: -gain, used: [], after: [...before] };
  }
  if (gain <= 0n)
    return { lossUsed: 0n, taxable: 0n, withheld: 0n, carried: 0n, used: [], after: [...before] };
  const settled = settle(rule.gainsUseZainetto ? before : [], gain, year, regime, rateBp);
  const used: { year: number; used: bigint }[] = [];
  if (rule.gainsUseZainetto) {
    for (const loss of before) {
      const left = settled.losses.find((l) => l.year === loss.year)?.remainingMinor ?? 0n;
      if (loss.remainingMinor - left > 0n) used.push({ year: loss.year, used: loss.remainingMinor - left });
    }
  }
  return {
    lossUsed: settled.lossUsed,
    taxable: settled.taxable,
    withheld: settled.withheld,
    carried: 0n,
    used,
    after: rule.gainsUseZainetto ? settled.losses : [...before],
  };
}

/** What one sale of shares (in the tax's own currency, no conversion) realises, from reads taken under its locks. */
export interface PlannedSale {
  kind: GainKind;
  year: number;
  rateBp: number;
  gain: bigint;
  lossUsed: bigint;
  taxable: bigint;
  withheld: bigint;
  carried: bigint;
  used: { year: number; used: bigint }[];
}

/**
 * `withholdOnSale` worked out without the database for a result in a currency taxed as it is (not dollars or
 * USDT): the caller read the regime (created and locked) and the usable losses (locked) first, and writes what
 * this answers in the same transaction (trading's market order, decision 072). `losses` is updated in place
 * for the caller's next fill of the same order.
 */
export function planSale(
  s: Pick<SaleResult, 'kind' | 'instrument' | 'currency' | 'proceeds' | 'fees' | 'cost' | 'nowMs'>,
  regime: TaxRegime,
  losses: CarriedLoss[],
): PlannedSale {
  if (s.fees < 0n) throw new RangeError('fees are ≥ 0');
  if (taxedInEuro(s.currency))
    throw new Error(`a sale in ${s.currency} is taxed in euros: use withholdOnSale`);
  const year = taxYearOf(s.nowMs);
  const kind = kindOfResult(s.kind, s.instrument);
  const rateBp = gainRateOn(kind, s.nowMs);
  const gain = s.proceeds - s.fees - s.cost;
  const usable = losses.filter((l) => l.remainingMinor > 0n);
  const moves = zainettoMoves(gain, year, regime, kind, rateBp, usable);
  const after = moves.after.filter((l) => l.remainingMinor > 0n);
  if (moves.carried > 0n) {
    const same = after.find((l) => l.year === year);
    if (same) same.remainingMinor += moves.carried;
    else after.push({ year, remainingMinor: moves.carried });
    after.sort((x, y) => x.year - y.year);
  }
  losses.splice(0, losses.length, ...after);
  return { kind, year, rateBp, gain, ...moves };
}

/**
 * The cost a sale of `quantity` whole shares releases at the average of the shares `held` and a plan's
 * `fractions` together (`step` fraction units a share), and the fractions' cost after it (plan-units.ts).
 */
export function pooledCost(
  held: { quantity: bigint; cost: bigint },
  fractions: { quantity: bigint; cost: bigint } | null,
  quantity: bigint,
  step: bigint,
): { cost: bigint; own: bigint; fractionsCostAfter: bigint | null } {
  const own = costReleased(held, quantity);
  if (!fractions) return { cost: own, own, fractionsCostAfter: null };
  const pool = { quantity: held.quantity * step + fractions.quantity, cost: held.cost + fractions.cost };
  let cost = costReleased(pool, quantity * step);
  // The fractions' cost never goes below zero (the pool can release no more than it has).
  let costAfter = fractions.cost + own - cost;
  if (costAfter < 0n) {
    cost += costAfter;
    costAfter = 0n;
  }
  return { cost, own, fractionsCostAfter: costAfter };
}

/** The average cost `quantity` of a holding releases: in proportion, and all of what is left with the last unit. */
export function costReleased(held: { quantity: bigint; cost: bigint }, quantity: bigint): bigint {
  if (held.quantity <= 0n) return 0n;
  if (quantity >= held.quantity) return held.cost;
  return mulDiv(held.cost, quantity, held.quantity, 'halfEven');
}
