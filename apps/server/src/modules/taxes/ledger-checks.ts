import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * The taxes' money rules (DESIGN.md §5): each row that charged a tax has its journal entry, whose credit to the
 * platform's tax-payable account is the row's amount (none for a zero), and every tax entry names its row.
 */

interface Taxed {
  name: string;
  table: string;
  amount: string;
  refType: string;
  bill: string;
}

const taxed: readonly Taxed[] = [
  {
    name: 'tax-gains',
    table: 'tax_realisations',
    amount: 'withheld',
    refType: 'tax_realisation',
    bill: 'tax_gains',
  },
  { name: 'tax-ftt', table: 'tax_ftt_charges', amount: 'tax', refType: 'tax_ftt', bill: 'tax_ftt' },
  {
    name: 'tax-bollo',
    table: 'tax_bollo_charges',
    amount: 'amount',
    refType: 'tax_bollo',
    bill: 'tax_stamp',
  },
];

function rowsHaveEntries(t: Taxed): LedgerCheck {
  const booked = `coalesce((select sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
       join accounts a on a.id = p.account_id
      where e.ref_type = '${t.refType}' and e.ref_id = r.id::text and e.bill_type = '${t.bill}'
        and a.owner_type = 'platform' and a.purpose = 'tax-payable' and a.asset = r.currency), 0)`;
  return {
    name: `${t.name}-entries`,
    rule: `each ${t.table} row's tax is what its entry paid into the platform's tax-payable account`,
    async find(q) {
      const rows = await q.query<{ id: bigint; amount: bigint; booked: bigint }>(
        `select r.id, r.${t.amount} as amount, ${booked} as booked from ${t.table} r
          where ${booked} <> r.${t.amount} order by r.id`,
      );
      return rows.map((r) => ({
        subject: `${t.table} ${r.id}`,
        detail: `charged ${r.amount}, the ledger booked ${r.booked}`,
      }));
    },
  };
}

function entriesHaveRows(t: Taxed): LedgerCheck {
  return {
    name: `${t.name}-orphans`,
    rule: `every ${t.bill} entry names a ${t.table} row`,
    async find(q) {
      const rows = await q.query<{ id: bigint; refId: string | null }>(
        `select e.id, e.ref_id as "refId" from journal_entries e
          where e.bill_type = '${t.bill}'
            and (e.ref_type is distinct from '${t.refType}'
                 or not exists (select 1 from ${t.table} r where r.id::text = e.ref_id))
          order by e.id`,
      );
      return rows.map((r) => ({
        subject: `journal entry ${r.id}`,
        detail: `names ${t.table} ${r.refId ?? 'none'}`,
      }));
    },
  };
}

/** A result in dollars or USDT taxed in euros: what the investor paid in that currency is the row's withheld_sale. */
const paidInSaleCurrency: LedgerCheck = {
  name: 'tax-gains-fx-paid',
  rule: "each tax_realisations row taxed in euros paid its withheld_sale from the investor's account in the sale's currency",
  async find(q) {
    const paid = `coalesce((select -sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
         join accounts a on a.id = p.account_id
        where e.ref_type = 'tax_realisation' and e.ref_id = r.id::text and e.bill_type = 'tax_gains'
          and a.owner_type = 'user' and a.owner_id = r.user_id and a.asset = r.sale_currency), 0)`;
    const rows = await q.query<{ id: bigint; due: bigint; paid: bigint }>(
      `select r.id, coalesce(r.withheld_sale, 0) as due, ${paid} as paid from tax_realisations r
        where r.sale_currency is not null and ${paid} <> coalesce(r.withheld_sale, 0) order by r.id`,
    );
    return rows.map((r) => ({
      subject: `tax_realisations ${r.id}`,
      detail: `paid ${r.due} in the sale's currency, the ledger booked ${r.paid}`,
    }));
  },
};

export const taxChecks: readonly LedgerCheck[] = [
  ...taxed.flatMap((t) => [rowsHaveEntries(t), entriesHaveRows(t)]),
  paidInSaleCurrency,
];
