import type {
  OfferingKind,
  OfferingState,
  OfferingView,
  SubscriptionState,
  SubscriptionView,
} from '@piazza/contract/calls/primary-shapes';
import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';

/* Offerings and subscriptions as stored, and as the wire shows them (calls/primary-shapes.ts). */

export type OfferingStatus = 'draft' | 'published' | 'allotted' | 'listed' | 'cancelled';
export type SubscriptionStatus = 'applied' | 'allotted' | 'unallotted' | 'paid' | 'lapsed' | 'refunded';

export interface OfferingRow {
  id: bigint;
  kind: OfferingKind;
  status: OfferingStatus;
  symbol: string;
  instrument: string;
  name: string;
  isin: string | null;
  market: 'XMIL' | 'XNYS' | 'CRYPTO';
  currency: string;
  issuePrice: bigint;
  discountBps: number;
  offerPrice: bigint;
  lotSize: bigint;
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
  seed: string | null;
  seedCommitment: string | null;
  lotsAllotted: number | null;
  oversubscribed: boolean | null;
  allottedAt: Date | null;
  lapsedAt: Date | null;
  listedAt: Date | null;
  cancelledAt: Date | null;
  autoAppliedAt: Date | null;
}

export const offeringColumns = `id, kind, status, symbol, instrument, name, isin, market, currency,
  issue_price as "issuePrice", discount_bps as "discountBps", offer_price as "offerPrice", lot_size as "lotSize",
  min_lots as "minLots", max_lots as "maxLots", lots_offered as "lotsOffered", opens_at as "opensAt",
  closes_at as "closesAt", allots_at as "allotsAt", pay_by as "payBy", lists_at as "listsAt",
  document_url as "documentUrl", description, vip_only as "vipOnly", freeze_on_apply as "freezeOnApply", seed,
  seed_commitment as "seedCommitment", lots_allotted as "lotsAllotted", oversubscribed,
  allotted_at as "allottedAt", lapsed_at as "lapsedAt", listed_at as "listedAt", cancelled_at as "cancelledAt",
  auto_applied_at as "autoAppliedAt"`;

export interface SubscriptionRow {
  id: bigint;
  offeringId: bigint;
  userId: number;
  status: SubscriptionStatus;
  lotsApplied: number;
  amountApplied: bigint;
  amountFrozen: bigint;
  lotsProRata: number | null;
  drawPosition: number | null;
  lotsAllotted: number | null;
  amountDue: bigint | null;
  automatic: boolean;
  createdAt: Date;
  paidAt: Date | null;
  deliveredAt: Date | null;
}

export const subscriptionColumns = `id, offering_id as "offeringId", user_id as "userId", status,
  lots_applied as "lotsApplied", amount_applied as "amountApplied", amount_frozen as "amountFrozen",
  lots_pro_rata as "lotsProRata", draw_position as "drawPosition", lots_allotted as "lotsAllotted",
  amount_due as "amountDue", automatic, created_at as "createdAt", paid_at as "paidAt",
  delivered_at as "deliveredAt"`;

/** The currencies an offering may be in, with their scales (EUR and USD for shares, USDT for coins). */
export const currencyScales: Record<string, number> = { EUR: 2, USD: 2, USDT: 6 };

export function scaleOf(currency: string): number {
  const scale = currencyScales[currency];
  if (scale === undefined) throw new Error(`no scale for ${currency}`);
  return scale;
}

/** Whether a published offering is coming, open or closed is read off the clock. */
export function offeringStateOf(o: OfferingRow, nowMs: number): OfferingState {
  if (o.status !== 'published') return o.status;
  if (nowMs < o.opensAt.getTime()) return 'coming';
  return nowMs < o.closesAt.getTime() ? 'open' : 'closed';
}

export function subscriptionStateOf(s: SubscriptionRow, o: OfferingRow, nowMs: number): SubscriptionState {
  if (s.status !== 'applied') return s.status;
  return o.status === 'published' && nowMs < o.closesAt.getTime() ? 'applying' : 'pending';
}

/** lots × lot size × price, in the currency's minor units (the price is per share, in minor units). */
export const costOf = (o: Pick<OfferingRow, 'lotSize' | 'offerPrice'>, lots: number): bigint =>
  BigInt(lots) * o.lotSize * o.offerPrice;

export function subscriptionViewOf(s: SubscriptionRow, o: OfferingRow, nowMs: number): SubscriptionView {
  const scale = scaleOf(o.currency);
  const money = (v: bigint) => formatAmount(v, scale);
  return {
    id: Number(s.id),
    offeringId: Number(o.id),
    kind: o.kind,
    symbol: o.instrument,
    name: o.name,
    currency: o.currency,
    state: subscriptionStateOf(s, o, nowMs),
    lotsApplied: s.lotsApplied,
    quantityApplied: String(BigInt(s.lotsApplied) * o.lotSize),
    amountApplied: money(s.amountApplied),
    lotsAllotted: s.lotsAllotted,
    quantityAllotted: s.lotsAllotted === null ? null : String(BigInt(s.lotsAllotted) * o.lotSize),
    amountDue: s.amountDue === null ? null : money(s.amountDue),
    amountFrozen: money(s.amountFrozen),
    drawPosition: s.drawPosition,
    automatic: s.automatic,
    createdAt: s.createdAt.getTime(),
    paidAt: s.paidAt?.getTime() ?? null,
    deliveredAt: s.deliveredAt?.getTime() ?? null,
    payBy: o.payBy.getTime(),
  };
}

/** Lots and applications so far (refunded ones included: they were applied for). */
async function demandOf(q: Queryable, offeringIds: readonly bigint[]) {
  const rows = await q.query<{ offeringId: bigint; lots: bigint; applications: bigint }>(
    `select offering_id as "offeringId", coalesce(sum(lots_applied), 0) as lots, count(*) as applications
       from offering_subscriptions where offering_id = any($1::bigint[]) group by offering_id`,
    [offeringIds.map(String)],
  );
  return new Map(
    rows.map((r) => [String(r.offeringId), { lots: Number(r.lots), applications: Number(r.applications) }]),
  );
}

export async function offeringViews(
  q: Queryable,
  offerings: readonly OfferingRow[],
  nowMs: number,
  userId?: number,
): Promise<OfferingView[]> {
  if (offerings.length === 0) return [];
  const ids = offerings.map((o) => o.id);
  const demand = await demandOf(q, ids);
  const mine = new Map<string, SubscriptionRow>();
  if (userId !== undefined) {
    const rows = await q.query<SubscriptionRow>(
      `select ${subscriptionColumns} from offering_subscriptions
        where user_id = $1 and offering_id = any($2::bigint[])`,
      [userId, ids.map(String)],
    );
    for (const r of rows) mine.set(String(r.offeringId), r);
  }
  return offerings.map((o) => {
    const scale = scaleOf(o.currency);
    const d = demand.get(String(o.id)) ?? { lots: 0, applications: 0 };
    const own = mine.get(String(o.id));
    return {
      id: Number(o.id),
      kind: o.kind,
      state: offeringStateOf(o, nowMs),
      symbol: o.instrument,
      name: o.name,
      isin: o.isin,
      market: o.market,
      currency: o.currency,
      issuePrice: formatAmount(o.issuePrice, scale),
      offerPrice: formatAmount(o.offerPrice, scale),
      discountPercent: formatAmount(BigInt(o.discountBps), 2),
      lotSize: String(o.lotSize),
      minLots: o.minLots,
      maxLots: o.maxLots,
      lotsOffered: o.lotsOffered,
      opensAt: o.opensAt.getTime(),
      closesAt: o.closesAt.getTime(),
      allotsAt: o.allotsAt.getTime(),
      payBy: o.payBy.getTime(),
      listsAt: o.listsAt.getTime(),
      documentUrl: o.documentUrl,
      vipOnly: o.vipOnly,
      freezeOnApply: o.freezeOnApply,
      description: o.description,
      allotment: {
        seedCommitment: o.seedCommitment ?? '',
        seed: o.allottedAt ? o.seed : null,
        lotsOffered: o.lotsOffered,
        lotsApplied: d.lots,
        applications: d.applications,
        lotsAllotted: o.lotsAllotted,
        oversubscribed: o.oversubscribed,
        allottedAt: o.allottedAt?.getTime() ?? null,
      },
      mine: own ? subscriptionViewOf(own, o, nowMs) : null,
    };
  });
}

export async function offeringById(
  q: Queryable,
  id: number | bigint,
  lock = '',
): Promise<OfferingRow | undefined> {
  const [row] = await q.query<OfferingRow>(`select ${offeringColumns} from offerings where id = $1 ${lock}`, [
    String(id),
  ]);
  return row;
}
