import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * "Every business row that moved money has its entry" (DESIGN.md §5) for the AI Multiplier (issue 13 item 7),
 * and the units' rule: at each close the investors' units × NAV add up to the book's value, to the cent per
 * order the roundings keep in the book.
 */

/** What investor accounts of `purposes` received from the entries of order `o` of product `r`. */
const orderNet = (purposes: string) =>
  `coalesce((select sum(p.amount) from journal_entries e
    join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
   where e.ref_type = 'product_order' and e.ref_id = o.id::text and a.owner_type = 'user'
     and a.owner_id = o.user_id and a.purpose in (${purposes}) and p.asset = r.currency), 0)`;

const orderMoney: LedgerCheck = {
  name: 'robot-order-money',
  rule: 'an order of a managed product took exactly what was invested from the spot account and gave back what was returned; its robot (or fund) account holds its claim',
  async find(q) {
    const rows = await q.query<{ id: bigint; spot: bigint; robot: bigint; invested: bigint; claim: bigint }>(
      `select o.id, ${orderNet(`'spot'`)} as spot, ${orderNet('r.kind')} as robot, o.invested, o.claim
         from product_orders o join products r on r.id = o.product_id
        where ${orderNet(`'spot'`)} <> coalesce(o.returned, 0) - o.invested
           or ${orderNet('r.kind')} <> o.claim
        order by o.id`,
    );
    return rows.map((r) => ({
      subject: `managed order ${r.id}`,
      detail: `spot moved ${r.spot} for ${r.invested} invested; robot account holds ${r.robot}, claim ${r.claim}`,
    }));
  },
};

const claimsBalance: LedgerCheck = {
  name: 'robot-claims',
  rule: 'what each product owes its investors is the sum of their orders’ claims',
  async find(q) {
    const rows = await q.query<{ id: number; owed: bigint; claims: bigint }>(
      `select r.id,
              coalesce((select -a.balance from accounts a where a.owner_type = 'platform' and a.owner_id = 0
                          and a.purpose = 'product:' || r.id and a.asset = r.currency), 0) as owed,
              coalesce((select sum(o.claim) from product_orders o where o.product_id = r.id), 0) as claims
         from products r
        where coalesce((select -a.balance from accounts a where a.owner_type = 'platform' and a.owner_id = 0
                          and a.purpose = 'product:' || r.id and a.asset = r.currency), 0)
              <> coalesce((select sum(o.claim) from product_orders o where o.product_id = r.id), 0)
        order by r.id`,
    );
    return rows.map((r) => ({
      subject: `managed product ${r.id}`,
      detail: `owes ${r.owed}, claims add up to ${r.claims}`,
    }));
  },
};

const unitsMatchBook: LedgerCheck = {
  name: 'robot-units-value',
  rule: 'at each close the units booked are the units outstanding, and units × NAV is the book’s value, short by at most a cent an order',
  async find(q) {
    const rows = await q.query<{
      productId: number;
      day: string;
      value: bigint;
      claims: bigint;
      units: bigint;
      booked: bigint;
    }>(
      `select n.product_id as "productId", n.day::text as day, n.value, n.units,
              sum(p.value) as claims, sum(p.units) as booked
         from product_navs n
         join product_orders o on o.product_id = n.product_id
         join product_profits p on p.order_id = o.id and p.day = n.day
        group by n.product_id, n.day, n.value, n.units
       having sum(p.value) > n.value or n.value - sum(p.value) > count(*) + 1 or sum(p.units) <> n.units
        order by n.product_id, n.day`,
    );
    return rows.map((r) => ({
      subject: `managed product ${r.productId} on ${r.day}`,
      detail: `book ${r.value}, claims ${r.claims}; units ${r.units}, booked ${r.booked}`,
    }));
  },
};

export const robotChecks: readonly LedgerCheck[] = [orderMoney, claimsBalance, unitsMatchBook];
