import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * The bonds' money rules (decision 053, DESIGN.md §5): each trade, coupon and redemption row has its journal
 * entry moving exactly its amount in or out of the investor's EUR spot account (a coupon also its withholding
 * to tax-payable), each bond entry names its row, and a position's nominal is what its trades and redemption
 * leave.
 */

/** What the investor's spot EUR account (or the platform's `purpose`) received from the entries of a row. */
const moved = (
  refType: string,
  idColumn: string,
  owner: 'user' | 'platform',
  purpose: string,
  userColumn = '',
) =>
  `coalesce((select sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
     join accounts a on a.id = p.account_id
    where e.ref_type = '${refType}' and e.ref_id = ${idColumn}::text and a.owner_type = '${owner}'
      and a.purpose = '${purpose}' and a.asset = 'EUR'${owner === 'user' ? ` and a.owner_id = ${userColumn}` : ''}), 0)`;

const tradeEntries: LedgerCheck = {
  name: 'bond-trade-entries',
  rule: "a bond buy took its total from the investor's spot account, a sale paid its total into it",
  async find(q) {
    const ledger = moved('bond-trade', 't.id', 'user', 'spot', 't.user_id');
    const rows = await q.query<{ id: bigint; side: string; total: bigint; ledger: bigint }>(
      `select t.id, t.side, t.total, ${ledger} as ledger from bond_trades t
        where ${ledger} <> case when t.side = 'buy' then -t.total else t.total end order by t.id`,
    );
    return rows.map((r) => ({
      subject: `bond trade ${r.id}`,
      detail: `${r.side} of ${r.total}: the ledger moved ${r.ledger}`,
    }));
  },
};

const couponEntries: LedgerCheck = {
  name: 'bond-coupon-entries',
  rule: 'a coupon paid its net into spot and its withholding to tax-payable',
  async find(q) {
    const net = moved('bond-coupon', 'c.id', 'user', 'spot', 'c.user_id');
    const tax = moved('bond-coupon', 'c.id', 'platform', 'tax-payable');
    const rows = await q.query<{
      id: bigint;
      net: bigint;
      withheld: bigint;
      ledgerNet: bigint;
      ledgerTax: bigint;
    }>(
      `select c.id, c.net, c.withheld, ${net} as "ledgerNet", ${tax} as "ledgerTax" from bond_coupons c
        where ${net} <> c.net or ${tax} <> c.withheld order by c.id`,
    );
    return rows.map((r) => ({
      subject: `bond coupon ${r.id}`,
      detail: `net ${r.net} and withheld ${r.withheld}: the ledger moved ${r.ledgerNet} and ${r.ledgerTax}`,
    }));
  },
};

const redemptionEntries: LedgerCheck = {
  name: 'bond-redemption-entries',
  rule: 'a redemption paid the nominal at par into spot',
  async find(q) {
    const paid = moved('bond-redemption', 'r.id', 'user', 'spot', 'r.user_id');
    const rows = await q.query<{ id: bigint; nominal: bigint; ledger: bigint }>(
      `select r.id, r.nominal, ${paid} as ledger from bond_redemptions r where ${paid} <> r.nominal order by r.id`,
    );
    return rows.map((r) => ({
      subject: `bond redemption ${r.id}`,
      detail: `nominal ${r.nominal}: the ledger paid ${r.ledger}`,
    }));
  },
};

const positions: LedgerCheck = {
  name: 'bond-positions',
  rule: "a bond position's nominal is its buys less its sales and its redemption",
  async find(q) {
    const traded = `coalesce((select sum(case when t.side = 'buy' then t.nominal else -t.nominal end)
       from bond_trades t where t.user_id = p.user_id and t.isin = p.isin), 0)`;
    const redeemed = `coalesce((select sum(r.nominal) from bond_redemptions r
       where r.user_id = p.user_id and r.isin = p.isin), 0)`;
    const rows = await q.query<{ userId: number; isin: string; nominal: bigint; expected: bigint }>(
      `select p.user_id as "userId", p.isin, p.nominal, ${traded} - ${redeemed} as expected from bond_positions p
        where p.nominal <> ${traded} - ${redeemed} order by p.user_id, p.isin`,
    );
    return rows.map((r) => ({
      subject: `bond position ${r.userId} ${r.isin}`,
      detail: `holds ${r.nominal}, trades and redemption leave ${r.expected}`,
    }));
  },
};

const orphans: LedgerCheck = {
  name: 'bond-orphans',
  rule: 'every bond entry names its trade, coupon or redemption',
  async find(q) {
    const rows = await q.query<{ id: bigint; bill: string; refId: string | null }>(
      `select e.id, e.bill_type as bill, e.ref_id as "refId" from journal_entries e
        where (e.bill_type in ('bond_buy', 'bond_sell')
               and (e.ref_type is distinct from 'bond-trade'
                    or not exists (select 1 from bond_trades t where t.id::text = e.ref_id)))
           or (e.bill_type = 'bond_coupon'
               and (e.ref_type is distinct from 'bond-coupon'
                    or not exists (select 1 from bond_coupons c where c.id::text = e.ref_id)))
           or (e.bill_type = 'bond_redemption'
               and (e.ref_type is distinct from 'bond-redemption'
                    or not exists (select 1 from bond_redemptions r where r.id::text = e.ref_id)))
        order by e.id`,
    );
    return rows.map((r) => ({
      subject: `journal entry ${r.id}`,
      detail: `${r.bill} names ${r.refId ?? 'nothing'}`,
    }));
  },
};

export const bondChecks: readonly LedgerCheck[] = [
  tradeEntries,
  couponEntries,
  redemptionEntries,
  positions,
  orphans,
];
