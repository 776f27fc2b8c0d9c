import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * "Every business row that moved money has its entry" (DESIGN.md §5) for offerings (issue 12 item 8), by the
 * keys the module posts under: offering-sub:{id}:freeze, :pay, :release, :refund and :deliver.
 */

/** What the investor's accounts of `purposes` in `asset` received from the entries of the row `ref`. */
const netOf = (refType: string, refId: string) => (asset: string, purposes: string) =>
  `coalesce((select sum(p.amount) from journal_entries e
    join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
   where e.ref_type = '${refType}' and e.ref_id = ${refId}::text and a.owner_type = 'user'
     and a.purpose in (${purposes}) and p.asset = ${asset}), 0)`;

/** …of subscription `s`. */
const userNet = netOf('offering_subscription', 's.id');

const moneyMatches: LedgerCheck = {
  name: 'offering-subscription-money',
  rule: 'a paid subscription cost its investor exactly the amount due; any other cost nothing; what is frozen for it is its frozen amount',
  async find(q) {
    const rows = await q.query<{ id: bigint; status: string; net: bigint; frozen: bigint }>(
      `select s.id, s.status, ${userNet('o.currency', `'spot', 'frozen'`)} as net,
              ${userNet('o.currency', `'frozen'`)} as frozen
         from offering_subscriptions s join offerings o on o.id = s.offering_id
        where ${userNet('o.currency', `'spot', 'frozen'`)}
                <> case when s.status = 'paid' then -s.amount_due else 0 end
           or ${userNet('o.currency', `'frozen'`)} <> s.amount_frozen
        order by s.id`,
    );
    return rows.map((r) => ({
      subject: `offering subscription ${r.id}`,
      detail: `${r.status}: the investor's accounts moved ${r.net}, frozen ${r.frozen}`,
    }));
  },
};

const allotmentBounded: LedgerCheck = {
  name: 'offering-allotment-bounds',
  rule: 'an allotment gives no more lots than offered, none above an application, and adds up to what the offering says',
  async find(q) {
    const rows = await q.query<{
      id: bigint;
      offered: number;
      recorded: number | null;
      total: bigint;
      over: bigint;
    }>(
      `select o.id, o.lots_offered as offered, o.lots_allotted as recorded,
              coalesce(sum(s.lots_allotted), 0) as total,
              count(*) filter (where s.lots_allotted > s.lots_applied) as over
         from offerings o left join offering_subscriptions s on s.offering_id = o.id
        where o.allotted_at is not null
        group by o.id
       having coalesce(sum(s.lots_allotted), 0) > o.lots_offered
           or coalesce(sum(s.lots_allotted), 0) <> o.lots_allotted
           or count(*) filter (where s.lots_allotted > s.lots_applied) > 0
        order by o.id`,
    );
    return rows.map((r) => ({
      subject: `offering ${r.id}`,
      detail: `${r.total} lots allotted of ${r.offered} offered (recorded ${r.recorded}), ${r.over} above their application`,
    }));
  },
};

const deliveredAsset = `case when o.kind = 'ico' then o.symbol else o.instrument end`;

const deliveries: LedgerCheck = {
  name: 'offering-delivery',
  rule: 'at listing every paid subscription received its allotted shares (in locked) or coins (in spot), by its own entry, and no other did',
  async find(q) {
    const rows = await q.query<{ id: bigint; expected: bigint; received: bigint }>(
      `select s.id,
              case when s.delivered_at is not null then s.lots_allotted * o.lot_size else 0 end as expected,
              ${userNet(deliveredAsset, `'locked', 'spot'`)} as received
         from offering_subscriptions s join offerings o on o.id = s.offering_id
        where (${userNet(deliveredAsset, `'locked', 'spot'`)}
                 <> case when s.delivered_at is not null then s.lots_allotted * o.lot_size else 0 end
               or (o.status = 'listed' and s.status = 'paid' and s.delivered_at is null))
        order by s.id`,
    );
    return rows.map((r) => ({
      subject: `offering subscription ${r.id}`,
      detail: `expected ${r.expected} shares delivered, the delivery entry gave ${r.received}`,
    }));
  },
};

/** …of block purchase `b`. */
const purchaseNet = netOf('block_purchase', 'b.id');

const blockPurchases: LedgerCheck = {
  name: 'block-purchase',
  rule: 'a block purchase cost its investor its amount unless refunded, and a delivered one put its shares in locked',
  async find(q) {
    const rows = await q.query<{ id: bigint; status: string; paid: bigint; shares: bigint }>(
      `select b.id, b.status, ${purchaseNet('o.currency', `'spot'`)} as paid,
              ${purchaseNet('o.symbol', `'locked'`)} as shares
         from block_purchases b join block_offers o on o.id = b.block_id
        where ${purchaseNet('o.currency', `'spot'`)} <> case when b.status = 'refunded' then 0 else -b.amount end
           or ${purchaseNet('o.symbol', `'locked'`)} <> case when b.status = 'delivered' then b.quantity else 0 end
        order by b.id`,
    );
    return rows.map((r) => ({
      subject: `block purchase ${r.id}`,
      detail: `${r.status}: money moved ${r.paid}, shares delivered ${r.shares}`,
    }));
  },
};

const blockQuantities: LedgerCheck = {
  name: 'block-quantity',
  rule: 'what is left of a block is what was offered less every purchase of it',
  async find(q) {
    const rows = await q.query<{ id: bigint; left: bigint; sold: bigint; quantity: bigint }>(
      `select o.id, o.quantity_left as left, o.quantity,
              coalesce((select sum(b.quantity) from block_purchases b where b.block_id = o.id), 0) as sold
         from block_offers o
        where o.quantity_left <> o.quantity - coalesce((select sum(b.quantity) from block_purchases b
                where b.block_id = o.id), 0)
        order by o.id`,
    );
    return rows.map((r) => ({
      subject: `block ${r.id}`,
      detail: `${r.left} left of ${r.quantity}, ${r.sold} bought`,
    }));
  },
};

export const primaryChecks: LedgerCheck[] = [
  moneyMatches,
  allotmentBounded,
  deliveries,
  blockPurchases,
  blockQuantities,
];
