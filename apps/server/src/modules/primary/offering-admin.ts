import { randomBytes } from 'node:crypto';
import type { adminOfferingSave } from '@piazza/contract/calls/primary-admin';
import type { CallInput } from '@piazza/contract/define';
import { parseAmount } from '@piazza/core/money';
import { seedCommitment } from '@piazza/core/primary/allotment';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { postEntry } from '../../ledger/post';
import { isValidIsin } from '../../market/catalogue/isin';
import type { MarketService } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import {
  type OfferingRow,
  offeringById,
  offeringColumns,
  type SubscriptionRow,
  scaleOf,
  subscriptionColumns,
} from './offering-rows';
import { offeringsAccount, subscriptionRef, userAccount } from './subscriptions';

/*
 * The back office's side of an offering (issue 12 item 1): drafts, publication (the seed is drawn and its
 * SHA-256 fixed) and cancellation (everything held or paid goes back). Each runs in the caller's transaction
 * and writes its audit line there.
 */

type SaveInput = CallInput<typeof adminOfferingSave>;

const marketTerms = {
  XMIL: { suffix: '.MI', currency: 'EUR', isinCountry: 'IT' },
  XNYS: { suffix: '.US', currency: 'USD', isinCountry: 'US' },
} as const;

/** The issue price less the discount, rounded up to the minor unit so the issuer never gets less than offered. */
export function offerPriceOf(issuePrice: bigint, discountBps: number): bigint {
  const numerator = issuePrice * BigInt(10_000 - discountBps);
  return (numerator + 9_999n) / 10_000n;
}

interface Terms {
  kind: SaveInput['kind'];
  symbol: string;
  instrument: string;
  name: string;
  isin: string | null;
  market: 'XMIL' | 'XNYS' | 'CRYPTO';
  currency: string;
  issuePrice: bigint;
  discountBps: number;
  offerPrice: bigint;
  lotSize: number;
  minLots: number;
  maxLots: number;
  lotsOffered: number;
  opensAt: Date;
  closesAt: Date;
  allotsAt: Date;
  payBy: Date;
  listsAt: Date;
  documentUrl: string;
  description: string;
  vipOnly: boolean;
  freezeOnApply: boolean;
}

/** The draft's terms checked one rule at a time, each refusal naming its field. */
function termsOf(input: SaveInput, market: MarketService): Terms {
  if (input.kind !== 'ico' && input.market === undefined) throw new Refusal('offering.market');
  const m = input.kind !== 'ico' && input.market ? marketTerms[input.market] : null;
  const instrument = m ? `${input.symbol}${m.suffix}` : `${input.symbol}USDT`;
  const currency = m ? m.currency : 'USDT';
  const issuePrice = parseAmount(input.issuePrice, scaleOf(currency));
  if (issuePrice === null || issuePrice <= 0n) throw new Refusal('offering.issuePrice');
  const discount = parseAmount(input.discountPercent ?? '0', 2);
  if (discount === null || discount < 0n || discount > 5000n) throw new Refusal('offering.discount');
  const isin = m && input.isin ? input.isin : null;
  if (m && (!isin || !isValidIsin(isin) || !isin.startsWith(m.isinCountry)))
    throw new Refusal('offering.isin');
  // A coin is an asset of its own: its code must not be one the ledger already knows (USDT, BTC, …).
  if (!m && market.instruments.some((i) => i.baseAsset === input.symbol || i.currency === input.symbol)) {
    throw new Refusal('offering.symbolTaken', [input.symbol]);
  }
  if (input.maxLots < input.minLots) throw new Refusal('offering.maxLots');
  if (input.lotsOffered < input.maxLots) throw new Refusal('offering.lotsOffered');
  if (input.closesAt <= input.opensAt) throw new Refusal('offering.closesAt');
  if (input.allotsAt < input.closesAt) throw new Refusal('offering.allotsAt');
  if (input.payBy <= input.allotsAt) throw new Refusal('offering.payBy');
  if (input.listsAt < input.payBy) throw new Refusal('offering.listsAt');
  if (input.documentUrl !== '' && !/^https:\/\/[^\s]+$/.test(input.documentUrl)) {
    throw new Refusal('offering.documentUrl');
  }
  if (market.instrument(instrument)) throw new Refusal('offering.symbolTaken', [instrument]);
  return {
    kind: input.kind,
    symbol: input.symbol,
    instrument,
    name: input.name,
    isin,
    market: m ? (input.market ?? 'XMIL') : 'CRYPTO',
    currency,
    issuePrice,
    discountBps: Number(discount),
    offerPrice: offerPriceOf(issuePrice, Number(discount)),
    lotSize: input.lotSize,
    minLots: input.minLots,
    maxLots: input.maxLots,
    lotsOffered: input.lotsOffered,
    opensAt: new Date(input.opensAt),
    closesAt: new Date(input.closesAt),
    allotsAt: new Date(input.allotsAt),
    payBy: new Date(input.payBy),
    listsAt: new Date(input.listsAt),
    documentUrl: input.documentUrl,
    description: input.description ?? '',
    vipOnly: input.vipOnly ?? false,
    freezeOnApply: input.freezeOnApply ?? false,
  };
}

const termValues = (t: Terms) => [
  t.kind,
  t.symbol,
  t.instrument,
  t.name,
  t.isin,
  t.market,
  t.currency,
  t.issuePrice,
  t.discountBps,
  t.offerPrice,
  t.lotSize,
  t.minLots,
  t.maxLots,
  t.lotsOffered,
  t.opensAt,
  t.closesAt,
  t.allotsAt,
  t.payBy,
  t.listsAt,
  t.documentUrl,
  t.description,
  t.vipOnly,
  t.freezeOnApply,
];

/** Another live offering of the instrument (the unique index would say it less kindly). */
async function refuseTakenSymbol(q: Queryable, instrument: string, exceptId: bigint | null): Promise<void> {
  const taken = await one<{ id: bigint }>(
    q,
    `select id from offerings where instrument = $1 and status <> 'cancelled' and id is distinct from $2`,
    [instrument, exceptId === null ? null : String(exceptId)],
  );
  if (taken) throw new Refusal('offering.symbolTaken', [instrument]);
}

export async function saveDraft(
  q: Queryable,
  market: MarketService,
  operatorId: number | null,
  input: SaveInput,
  nowMs: number,
): Promise<OfferingRow> {
  const terms = termsOf(input, market);
  const now = new Date(nowMs);
  if (input.id === undefined) {
    await refuseTakenSymbol(q, terms.instrument, null);
    const [row] = await q.query<OfferingRow>(
      `insert into offerings (kind, symbol, instrument, name, isin, market, currency, issue_price, discount_bps,
         offer_price, lot_size, min_lots, max_lots, lots_offered, opens_at, closes_at, allots_at, pay_by, lists_at,
         document_url, description, vip_only, freeze_on_apply, status, created_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
         $23, 'draft', $24, $25, $25)
       returning ${offeringColumns}`,
      [...termValues(terms), operatorId, now],
    );
    const created = row as OfferingRow;
    await audit(q, {
      operatorId,
      action: 'offering.create',
      targetType: 'offering',
      targetId: String(created.id),
      before: null,
      after: { ...terms },
    });
    return created;
  }
  const before = await offeringById(q, input.id, 'for update');
  if (!before) throw new Refusal('ipo.notFound');
  if (before.status !== 'draft') throw new Refusal('offering.notDraft');
  await refuseTakenSymbol(q, terms.instrument, before.id);
  const [row] = await q.query<OfferingRow>(
    `update offerings set kind = $1, symbol = $2, instrument = $3, name = $4, isin = $5, market = $6, currency = $7,
       issue_price = $8, discount_bps = $9, offer_price = $10, lot_size = $11, min_lots = $12, max_lots = $13,
       lots_offered = $14, opens_at = $15, closes_at = $16, allots_at = $17, pay_by = $18, lists_at = $19,
       document_url = $20, description = $21, vip_only = $22, freeze_on_apply = $23, updated_at = $24
     where id = $25 returning ${offeringColumns}`,
    [...termValues(terms), now, String(before.id)],
  );
  await audit(q, {
    operatorId,
    action: 'offering.update',
    targetType: 'offering',
    targetId: String(before.id),
    before: { ...before, seed: undefined },
    after: { ...terms },
  });
  return row as OfferingRow;
}

export async function publish(
  q: Queryable,
  operatorId: number | null,
  id: number,
  nowMs: number,
): Promise<OfferingRow> {
  const draft = await offeringById(q, id, 'for update');
  if (!draft) throw new Refusal('ipo.notFound');
  if (draft.status !== 'draft') throw new Refusal('offering.notDraft');
  if (!/^https:\/\/[^\s]+$/.test(draft.documentUrl)) throw new Refusal('offering.documentUrl');
  // A quarter of an hour's grace for a window set to open "now"; beyond it investors could have missed it.
  if (draft.opensAt.getTime() < nowMs - 15 * 60_000) throw new Refusal('offering.openedAlready');
  // 32 random bytes: nobody, the operator included, can choose a seed that favours an applicant, and the
  // digest published now makes it impossible to swap it after the applications are in.
  const seed = randomBytes(32).toString('hex');
  const [row] = await q.query<OfferingRow>(
    `update offerings set status = 'published', seed = $2, seed_commitment = $3, published_at = $4, updated_at = $4
      where id = $1 returning ${offeringColumns}`,
    [String(draft.id), seed, seedCommitment(seed), new Date(nowMs)],
  );
  const published = row as OfferingRow;
  await audit(q, {
    operatorId,
    action: 'offering.publish',
    targetType: 'offering',
    targetId: String(draft.id),
    before: { status: 'draft' },
    after: { status: 'published', seedCommitment: published.seedCommitment },
  });
  return published;
}

/**
 * Cancels an offering before listing: money still frozen by an application or paid for an allotment goes back
 * to the investor's spot account (bill "IPO refund"), and those subscriptions end refunded.
 */
export async function cancel(
  q: Queryable,
  operatorId: number,
  id: number,
  reason: string,
  nowMs: number,
): Promise<{ offering: OfferingRow; refunded: SubscriptionRow[] }> {
  const offering = await offeringById(q, id, 'for update');
  if (!offering) throw new Refusal('ipo.notFound');
  if (offering.status === 'listed' || offering.status === 'cancelled')
    throw new Refusal('offering.notCancellable');
  const subscriptions = await q.query<SubscriptionRow>(
    `select ${subscriptionColumns} from offering_subscriptions
      where offering_id = $1 and status in ('applied', 'allotted', 'paid') order by id for update`,
    [String(offering.id)],
  );
  const billType = offering.kind === 'ico' ? 'ico_refund' : 'ipo_refund';
  const refunded: SubscriptionRow[] = [];
  for (const s of subscriptions) {
    const spot = userAccount(s.userId, 'spot', offering.currency);
    const back =
      s.status === 'paid'
        ? { from: offeringsAccount(offering.currency), amount: s.amountDue ?? 0n }
        : { from: userAccount(s.userId, 'frozen', offering.currency), amount: s.amountFrozen };
    if (back.amount > 0n) {
      await postEntry(q, {
        billType,
        actor: { type: 'operator', id: String(operatorId) },
        ref: subscriptionRef(s.id),
        idempotencyKey: `offering-sub:${s.id}:refund`,
        memo: 'offering cancelled',
        postings: [
          { account: back.from, amount: -back.amount },
          { account: spot, amount: back.amount },
        ],
      });
    }
    await q.query(
      `update offering_subscriptions set status = 'refunded', amount_frozen = 0, refunded_at = $2 where id = $1`,
      [String(s.id), new Date(nowMs)],
    );
    refunded.push(s);
  }
  const [row] = await q.query<OfferingRow>(
    `update offerings set status = 'cancelled', cancelled_at = $2, cancel_reason = $3, updated_at = $2
      where id = $1 returning ${offeringColumns}`,
    [String(offering.id), new Date(nowMs), reason],
  );
  await audit(q, {
    operatorId,
    action: 'offering.cancel',
    targetType: 'offering',
    targetId: String(offering.id),
    before: { status: offering.status },
    after: { status: 'cancelled', refunded: refunded.length },
    reason,
  });
  return { offering: row as OfferingRow, refunded };
}
