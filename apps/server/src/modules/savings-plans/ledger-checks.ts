import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * The plans' money rules (decision 054): each executed attempt took its plan fee by one `plan_fee` entry and,
 * when fractional, its units and their value by one `plan_buy` entry, and its fee by a `trade_fee` one (a
 * whole-unit execution's order is checked by the trading module); no plan entry names an attempt that does
 * not exist or did not execute.
 */

/** What the investor's spot accounts of `asset` received from the entry with key `key`. */
const userLeg = (key: string, asset: string) => `coalesce((select sum(p.amount) from journal_entries e
   join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where e.idempotency_key = ${key} and a.owner_type = 'user' and a.purpose = 'spot' and a.asset = ${asset}), 0)`;

const key = (suffix: string) => `'plan-execution:' || x.id || ':${suffix}'`;

const executionEntries: LedgerCheck = {
  name: 'plan-execution-entries',
  rule: 'an executed plan attempt paid its plan fee, and a fractional one its units, value and fee, by its own entries',
  async find(q) {
    const rows = await q.query<{ id: bigint; fee: bigint; units: bigint; value: bigint; tradeFee: bigint }>(
      `select x.id, ${userLeg(key('fee'), "'EUR'")} as fee,
              ${userLeg(key('buy'), "'PAC:' || x.symbol")} as units,
              ${userLeg(key('buy'), "'EUR'")} as value,
              ${userLeg(key('trade-fee'), "'EUR'")} as "tradeFee"
         from plan_executions x
        where ${userLeg(key('fee'), "'EUR'")} <> -x.plan_fee
           or (x.order_id is null and (
                ${userLeg(key('buy'), "'PAC:' || x.symbol")} <> x.quantity
             or ${userLeg(key('buy'), "'EUR'")} <> -x.value
             or ${userLeg(key('trade-fee'), "'EUR'")} <> -x.trade_fee))
        order by x.id`,
    );
    return rows.map((r) => ({
      subject: `plan execution ${r.id}`,
      detail: `the ledger moved fee ${r.fee}, units ${r.units}, value ${r.value}, trade fee ${r.tradeFee}`,
    }));
  },
};

const entriesHaveRows: LedgerCheck = {
  name: 'plan-entries-rows',
  rule: 'every plan entry names an executed plan attempt',
  async find(q) {
    const rows = await q.query<{ id: bigint; key: string }>(
      `select e.id, e.idempotency_key as key from journal_entries e
        where (e.bill_type in ('plan_buy', 'plan_fee') or (e.bill_type = 'trade_fee' and e.ref_type = 'plan_execution'))
          and not exists (select 1 from plan_executions x where x.id::text = e.ref_id and x.state = 'executed')
        order by e.id`,
    );
    return rows.map((r) => ({ subject: `entry ${r.id}`, detail: `${r.key} names no executed plan attempt` }));
  },
};

/* The fractions held and sold (decision 063). */

const fractionsHeld: LedgerCheck = {
  name: 'plan-fractions-held',
  rule: "the plan fractions an investor holds by the plans' rows are their PAC: balance in the ledger",
  async find(q) {
    const rows = await q.query<{ userId: number; symbol: string; held: bigint; ledger: bigint }>(
      `select coalesce(f.user_id, a.owner_id) as "userId", coalesce(f.symbol, substr(a.asset, 5)) as symbol,
              coalesce(f.quantity, 0) as held, coalesce(a.balance, 0) as ledger
         from plan_fractions f
         full join (select owner_id, asset, balance from accounts
                     where owner_type = 'user' and purpose = 'spot' and asset like 'PAC:%') a
           on a.owner_id = f.user_id and a.asset = 'PAC:' || f.symbol
        where coalesce(f.quantity, 0) <> coalesce(a.balance, 0)
        order by 1, 2`,
    );
    return rows.map((r) => ({
      subject: `user ${r.userId} ${r.symbol}`,
      detail: `plan fractions ${r.held}, ledger ${r.ledger}`,
    }));
  },
};

const saleKey = (suffix: string) => `'plan-sale:' || x.id || ':${suffix}'`;

const saleEntries: LedgerCheck = {
  name: 'plan-sale-entries',
  rule: 'a sale of plan fractions moved its units, value and fee by its own entries, and its tax is the one withheld',
  async find(q) {
    const rows = await q.query<{ id: bigint; units: bigint; value: bigint; fee: bigint; tax: bigint }>(
      `select x.id, ${userLeg(saleKey('sell'), "'PAC:' || x.symbol")} as units,
              ${userLeg(saleKey('sell'), "'EUR'")} as value, ${userLeg(saleKey('fee'), "'EUR'")} as fee,
              coalesce((select sum(r.withheld) from tax_realisations r
                         where r.source = 'plan_sale' and r.source_ref = x.id::text), 0) as tax
         from plan_sales x
        where ${userLeg(saleKey('sell'), "'PAC:' || x.symbol")} <> -x.quantity
           or ${userLeg(saleKey('sell'), "'EUR'")} <> x.value
           or ${userLeg(saleKey('fee'), "'EUR'")} <> -x.fee
           or coalesce((select sum(r.withheld) from tax_realisations r
                         where r.source = 'plan_sale' and r.source_ref = x.id::text), 0) <> x.tax
        order by x.id`,
    );
    return rows.map((r) => ({
      subject: `plan sale ${r.id}`,
      detail: `the ledger moved units ${r.units}, value ${r.value}, fee ${r.fee}; tax withheld ${r.tax}`,
    }));
  },
};

const saleEntriesHaveRows: LedgerCheck = {
  name: 'plan-sale-entries-rows',
  rule: 'every entry of a sale of plan fractions names a sale',
  async find(q) {
    const rows = await q.query<{ id: bigint; key: string }>(
      `select e.id, e.idempotency_key as key from journal_entries e
        where (e.bill_type = 'plan_sell' or (e.bill_type = 'trade_fee' and e.ref_type = 'plan_sale'))
          and not exists (select 1 from plan_sales x where x.id::text = e.ref_id)
        order by e.id`,
    );
    return rows.map((r) => ({ subject: `entry ${r.id}`, detail: `${r.key} names no plan sale` }));
  },
};

export const planChecks: readonly LedgerCheck[] = [
  executionEntries,
  entriesHaveRows,
  fractionsHeld,
  saleEntries,
  saleEntriesHaveRows,
];
