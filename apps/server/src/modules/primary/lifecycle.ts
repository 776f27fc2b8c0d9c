import { allot } from '@piazza/core/primary/allotment';
import type { Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { lockDeliveredShares } from '../trading';
import { announceListing, deliveredAssetOf, recordListing } from './listing';
import {
  costOf,
  type OfferingRow,
  offeringById,
  offeringColumns,
  type SubscriptionRow,
  subscriptionColumns,
} from './offering-rows';
import { apply, offeringsAccount, subscriptionRef, userAccount } from './subscriptions';

/*
 * What happens to an offering by the clock (issue 12 items 3 and 4), each step a job of the runner keyed by
 * the offering, run once across instances and safe to run again: the automatic subscriptions at opening, the
 * allotment at the allotment date, the lapse of unpaid allotments at the deadline, the listing.
 */

const jobActor = (name: string) => ({ type: 'job' as const, id: name });

async function subscriptionsOf(q: Queryable, offeringId: bigint, statuses: readonly string[]) {
  return q.query<SubscriptionRow>(
    `select ${subscriptionColumns} from offering_subscriptions
      where offering_id = $1 and status = any($2::text[]) order by id for update`,
    [String(offeringId), statuses],
  );
}

/**
 * Gives one application its lots: what is due for them, taken from what it froze if the offering froze
 * money (the rest goes back), else payable by the deadline.
 */
async function settleLine(
  q: Queryable,
  offering: OfferingRow,
  s: SubscriptionRow,
  line: { lotsAllotted: number; lotsProRata: number | null; drawPosition: number | null },
  actor: { type: 'job' | 'operator'; id: string },
  nowMs: number,
): Promise<string> {
  const due = costOf(offering, line.lotsAllotted);
  let status = line.lotsAllotted > 0 ? 'allotted' : 'unallotted';
  if (s.amountFrozen > 0n) {
    const frozen = userAccount(s.userId, 'frozen', offering.currency);
    if (due > 0n) {
      await postEntry(q, {
        billType: offering.kind === 'ico' ? 'ico_payment' : 'ipo_payment',
        actor,
        ref: subscriptionRef(s.id),
        idempotencyKey: `offering-sub:${s.id}:pay`,
        postings: [
          { account: frozen, amount: -due },
          { account: offeringsAccount(offering.currency), amount: due },
        ],
      });
      status = 'paid';
    }
    const back = s.amountFrozen - due;
    if (back > 0n) {
      await postEntry(q, {
        billType: offering.kind === 'ico' ? 'ico_refund' : 'ipo_refund',
        actor,
        ref: subscriptionRef(s.id),
        idempotencyKey: `offering-sub:${s.id}:release`,
        memo: 'not allotted',
        postings: [
          { account: frozen, amount: -back },
          { account: userAccount(s.userId, 'spot', offering.currency), amount: back },
        ],
      });
    }
  }
  const now = new Date(nowMs);
  await q.query(
    `update offering_subscriptions set status = $2::text, lots_pro_rata = $3, draw_position = $4,
       lots_allotted = $5, amount_due = $6, amount_frozen = 0, allotted_at = $7::timestamptz,
       paid_at = case when $2::text = 'paid' then $7::timestamptz end
     where id = $1`,
    [String(s.id), status, line.lotsProRata, line.drawPosition, line.lotsAllotted, due, now],
  );
  return status;
}

/**
 * The allotment: whole lots, pro rata by lots when oversubscribed, the lots left over drawn one each in the
 * order of SHA-256(seed:subscription id) (core/primary/allotment.ts). An offering that froze the money takes
 * the allotted amount from it and gives the rest back; otherwise the investor pays by the deadline. Offline
 * placements are allotted by hand (allotByHand), never by this.
 */
export async function allotOffering(q: Queryable, id: bigint, nowMs: number): Promise<string> {
  const offering = await offeringById(q, id, 'for update');
  if (offering?.status !== 'published' || offering.kind === 'offline') return 'nothing to allot';
  if (nowMs < offering.allotsAt.getTime()) return 'not due';
  const applied = await subscriptionsOf(q, offering.id, ['applied']);
  const result = allot({
    lotsOffered: offering.lotsOffered,
    applications: applied.map((s) => ({ id: String(s.id), lotsApplied: s.lotsApplied })),
    seed: offering.seed ?? '',
  });
  const byId = new Map(result.lines.map((l) => [l.id, l]));
  for (const s of applied) {
    const line = byId.get(String(s.id));
    if (!line) throw new Error(`subscription ${s.id} has no allotment line`);
    await settleLine(q, offering, s, line, jobActor('offering-allot'), nowMs);
  }
  await markAllotted(q, offering, result.oversubscribed, nowMs);
  return `${result.lotsAllottedTotal} of ${offering.lotsOffered} lots allotted to ${applied.length} applications`;
}

async function markAllotted(q: Queryable, offering: OfferingRow, oversubscribed: boolean, nowMs: number) {
  await q.query(
    `update offerings set status = 'allotted', oversubscribed = $2, allotted_at = $3, updated_at = $3,
       lots_allotted = (select coalesce(sum(lots_allotted), 0) from offering_subscriptions where offering_id = $1)
     where id = $1`,
    [String(offering.id), oversubscribed, new Date(nowMs)],
  );
}

/** An offline placement whose window has closed, locked for its hand allotment, or a refusal. */
async function offlineForAllotment(q: Queryable, id: bigint, nowMs: number): Promise<OfferingRow> {
  const offering = await offeringById(q, id, 'for update');
  if (!offering) throw new Refusal('ipo.notFound');
  if (offering.kind !== 'offline') throw new Refusal('offering.notOffline');
  if (offering.status !== 'published') throw new Refusal('offering.alreadyAllotted');
  if (nowMs < offering.closesAt.getTime()) throw new Refusal('offering.notClosed');
  return offering;
}

/**
 * An operator allots one application of an offline placement by hand (issue 12 item 5): up to what it applied
 * for and what the placement has left. Audited in the same transaction.
 */
export async function allotByHand(
  q: Queryable,
  operatorId: number,
  subscriptionId: number,
  lots: number,
  nowMs: number,
): Promise<{ offering: OfferingRow; subscription: SubscriptionRow }> {
  const [found] = await q.query<{ offeringId: bigint }>(
    'select offering_id as "offeringId" from offering_subscriptions where id = $1',
    [subscriptionId],
  );
  if (!found) throw new Refusal('ipo.subscriptionNotFound');
  const offering = await offlineForAllotment(q, found.offeringId, nowMs);
  const [s] = await q.query<SubscriptionRow>(
    `select ${subscriptionColumns} from offering_subscriptions where id = $1 for update`,
    [subscriptionId],
  );
  if (!s) throw new Refusal('ipo.subscriptionNotFound');
  if (s.status !== 'applied') throw new Refusal('offering.alreadyAllotted');
  if (lots > s.lotsApplied) throw new Refusal('offering.allotLots');
  const [given] = await q.query<{ lots: bigint }>(
    'select coalesce(sum(lots_allotted), 0) as lots from offering_subscriptions where offering_id = $1',
    [String(offering.id)],
  );
  const left = offering.lotsOffered - Number(given?.lots ?? 0n);
  if (lots > left) throw new Refusal('offering.allotTooMany', [left]);
  const status = await settleLine(
    q,
    offering,
    s,
    { lotsAllotted: lots, lotsProRata: null, drawPosition: null },
    { type: 'operator', id: String(operatorId) },
    nowMs,
  );
  await audit(q, {
    operatorId,
    action: 'offering.allot',
    targetType: 'offering_subscription',
    targetId: String(s.id),
    before: { status: 'applied', lotsApplied: s.lotsApplied },
    after: { status, lotsAllotted: lots },
  });
  const [after] = await q.query<SubscriptionRow>(
    `select ${subscriptionColumns} from offering_subscriptions where id = $1`,
    [subscriptionId],
  );
  return { offering, subscription: after as SubscriptionRow };
}

/** Ends an offline placement's hand allotment: what was not allotted by then was not allotted at all. */
export async function closeHandAllotment(
  q: Queryable,
  operatorId: number,
  offeringId: number,
  nowMs: number,
): Promise<OfferingRow> {
  const offering = await offlineForAllotment(q, BigInt(offeringId), nowMs);
  const rest = await subscriptionsOf(q, offering.id, ['applied']);
  for (const s of rest) {
    await settleLine(
      q,
      offering,
      s,
      { lotsAllotted: 0, lotsProRata: null, drawPosition: null },
      { type: 'operator', id: String(operatorId) },
      nowMs,
    );
  }
  const [applied] = await q.query<{ lots: bigint }>(
    'select coalesce(sum(lots_applied), 0) as lots from offering_subscriptions where offering_id = $1',
    [String(offering.id)],
  );
  await markAllotted(q, offering, Number(applied?.lots ?? 0n) > offering.lotsOffered, nowMs);
  await audit(q, {
    operatorId,
    action: 'offering.allotClose',
    targetType: 'offering',
    targetId: String(offering.id),
    before: { status: 'published' },
    after: { status: 'allotted', notAllotted: rest.length },
  });
  const closed = await offeringById(q, offering.id);
  return closed as OfferingRow;
}

/** Allotments still unpaid at the deadline lapse: nothing was taken, so nothing moves. */
export async function lapseOffering(q: Queryable, id: bigint, nowMs: number): Promise<string> {
  const offering = await offeringById(q, id, 'for update');
  if (offering?.status !== 'allotted' || offering.lapsedAt) return 'nothing to lapse';
  if (nowMs <= offering.payBy.getTime()) return 'not due';
  const lapsed = await q.query<{ id: bigint }>(
    `update offering_subscriptions set status = 'lapsed', lapsed_at = $2
      where offering_id = $1 and status = 'allotted' returning id`,
    [String(offering.id), new Date(nowMs)],
  );
  await q.query('update offerings set lapsed_at = $2, updated_at = $2 where id = $1', [
    String(offering.id),
    new Date(nowMs),
  ]);
  return `${lapsed.length} unpaid allotments lapsed`;
}

/**
 * The listing: what was paid for is delivered (shares to `locked`, settled on the market's cycle like a
 * purchase; coins to `spot`), and the share or the coin's USDT pair joins the catalogue and trades from its
 * issue price.
 */
export async function listOffering(
  services: Services,
  id: bigint,
  nowMs: number,
): Promise<{ summary: string; delivered: SubscriptionRow[] }> {
  const done = await services.db.tx(async (q) => {
    await lapseOffering(q, id, nowMs);
    const offering = await offeringById(q, id, 'for update');
    if (offering?.status !== 'allotted') return undefined;
    if (nowMs < offering.listsAt.getTime()) return undefined;
    const instrument = await recordListing(q, offering);
    const asset = deliveredAssetOf(offering);
    const paid = await subscriptionsOf(q, offering.id, ['paid']);
    for (const s of paid) {
      const quantity = BigInt(s.lotsAllotted ?? 0) * offering.lotSize;
      if (quantity === 0n) continue;
      // Shares wait for settlement in `locked`; coins settle at once, as a crypto purchase does.
      const purpose = offering.kind === 'ico' ? 'spot' : 'locked';
      await postEntry(q, {
        billType: offering.kind === 'ico' ? 'ico_delivery' : 'ipo_delivery',
        actor: jobActor('offering-list'),
        ref: subscriptionRef(s.id),
        idempotencyKey: `offering-sub:${s.id}:deliver`,
        postings: [
          { account: offeringsAccount(asset), amount: -quantity },
          { account: { ownerType: 'user', ownerId: s.userId, purpose, asset }, amount: quantity },
        ],
      });
      if (offering.kind !== 'ico') {
        await lockDeliveredShares(q, {
          source: 'ipo',
          sourceId: s.id,
          userId: s.userId,
          instrument,
          quantity,
          cost: s.amountDue ?? 0n,
          nowMs,
        });
      }
      await q.query('update offering_subscriptions set delivered_at = $2 where id = $1', [
        String(s.id),
        new Date(nowMs),
      ]);
    }
    const [listed] = await q.query<OfferingRow>(
      `update offerings set status = 'listed', listed_at = $2, updated_at = $2 where id = $1
       returning ${offeringColumns}`,
      [String(offering.id), new Date(nowMs)],
    );
    return { offering: listed as OfferingRow, delivered: paid };
  });
  if (!done) return { summary: 'nothing to list', delivered: [] };
  announceListing(services, done.offering);
  return {
    summary: `${done.offering.instrument} listed, shares delivered to ${done.delivered.length} investors`,
    delivered: done.delivered,
  };
}

/**
 * The automatic IPO subscription (issue 12 item 4): at opening, every investor with the switch on (and opened
 * for them by the back office) applies for the minimum lots if their balance covers it. Each application is
 * its own transaction, so one investor's refusal (no KYC, too little money) leaves the others alone; the
 * unique (offering, investor) makes a repeated run harmless.
 */
export async function autoApply(services: Services, id: bigint, nowMs: number): Promise<string> {
  const offering = await offeringById(services.db, id);
  if (offering?.status !== 'published' || offering.kind !== 'ipo' || offering.autoAppliedAt) {
    return 'nothing to apply';
  }
  if (nowMs < offering.opensAt.getTime() || nowMs >= offering.closesAt.getTime()) return 'not open';
  const investors = await services.db.query<{ id: number }>(
    `select u.id from users u
      where u.auto_apply = 1 and u.open_auto_apply = 1
        and not exists (select 1 from offering_subscriptions s where s.offering_id = $1 and s.user_id = u.id)
      order by u.id`,
    [String(offering.id)],
  );
  let applied = 0;
  let skipped = 0;
  for (const investor of investors) {
    try {
      await services.db.tx((q) =>
        apply(q, {
          userId: investor.id,
          offeringId: Number(offering.id),
          lots: offering.minLots,
          acknowledgeRisk: false,
          automatic: true,
          nowMs,
        }),
      );
      applied++;
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      skipped++;
    }
  }
  await services.db.query('update offerings set auto_applied_at = $2 where id = $1', [
    String(offering.id),
    new Date(nowMs),
  ]);
  return `${applied} automatic applications, ${skipped} investors skipped`;
}
