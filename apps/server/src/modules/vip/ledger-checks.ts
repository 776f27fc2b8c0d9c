import type { LedgerCheck } from '../../ledger/ledger-check';

/* "Every business row that moved money has its entry" (DESIGN.md §5) for VIP purchases. */

const spotPaid = `coalesce((select -sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
   join accounts a on a.id = p.account_id
  where e.ref_type = 'vip_purchase' and e.ref_id = v.id::text and e.bill_type = 'vip_purchase'
    and a.owner_type = 'user' and a.owner_id = v.user_id and a.purpose = 'spot' and a.asset = v.currency), 0)`;

const purchasePaid: LedgerCheck = {
  name: 'vip-purchase-paid',
  rule: 'each VIP purchase took exactly its price from the spot account of its currency',
  async find(q) {
    const rows = await q.query<{ id: bigint; price: bigint; paid: bigint }>(
      `select v.id, v.price, ${spotPaid} as paid from vip_purchases v where ${spotPaid} <> v.price order by v.id`,
    );
    return rows.map((r) => ({ subject: `VIP purchase ${r.id}`, detail: `price ${r.price}, paid ${r.paid}` }));
  },
};

const purchaseOrphans: LedgerCheck = {
  name: 'vip-purchase-orphans',
  rule: 'every VIP purchase entry names a purchase',
  async find(q) {
    const rows = await q.query<{ id: bigint; refId: string | null }>(
      `select e.id, e.ref_id as "refId" from journal_entries e
        where e.bill_type = 'vip_purchase'
          and (e.ref_type is distinct from 'vip_purchase'
               or not exists (select 1 from vip_purchases v where v.id::text = e.ref_id))
        order by e.id`,
    );
    return rows.map((r) => ({
      subject: `journal entry ${r.id}`,
      detail: `names purchase ${r.refId ?? 'none'}`,
    }));
  },
};

export const vipChecks: readonly LedgerCheck[] = [purchasePaid, purchaseOrphans];
