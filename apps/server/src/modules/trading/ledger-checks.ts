import type { LedgerCheck } from '../../ledger/ledger-check';
import { lotSettlementKeySql } from './stock-lots';

/*
 * "Every business row that moved money has its entry" (DESIGN.md §5) for spot orders, by the keys the order
 * services post under: stock-order:{id}:fill:{seq} (and :fee), stock-order:{id}:freeze and :release,
 * stock-lot:{fillId}:settle (stock-lot:{source}:{sourceId}:settle for delivered shares).
 */

/** The sum the user's accounts of `asset` received from the entry with key `key`. */
const userLeg = (key: string, asset: string) => `coalesce((select sum(p.amount) from journal_entries e
  join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where e.idempotency_key = ${key} and a.owner_type = 'user' and p.asset = ${asset}), 0)`;

const fillsPosted: LedgerCheck = {
  name: 'stock-fill-entries',
  rule: "every fill moved its shares (or coins, in ledger units) and its fee through the user's accounts: a buy pays value + fee and gains the shares, a sell the reverse",
  async find(q) {
    const rows = await q.query<{ id: bigint; shares: string; cash: string; fee: string }>(
      `select f.id,
              ${userLeg("'stock-order:' || f.order_id || ':fill:' || f.seq", 'coalesce(o.asset, f.symbol)')}::text as shares,
              ${userLeg("'stock-order:' || f.order_id || ':fill:' || f.seq", 'o.currency')}::text as cash,
              ${userLeg("'stock-order:' || f.order_id || ':fill:' || f.seq || ':fee'", 'o.currency')}::text as fee,
              f.quantity, f.value, f.fee as "feeDue", f.side
         from stock_fills f join stock_orders o on o.id = f.order_id
        where ${userLeg("'stock-order:' || f.order_id || ':fill:' || f.seq", 'coalesce(o.asset, f.symbol)')}
                <> case f.side when 'buy' then 1 else -1 end * f.quantity * o.asset_unit
           or ${userLeg("'stock-order:' || f.order_id || ':fill:' || f.seq", 'o.currency')}
                <> case f.side when 'buy' then -f.value else f.value end
           or ${userLeg("'stock-order:' || f.order_id || ':fill:' || f.seq || ':fee'", 'o.currency')} <> -f.fee
        order by f.id`,
    );
    return rows.map((r) => ({
      subject: `stock fill ${r.id}`,
      detail: `user legs: shares ${r.shares}, cash ${r.cash}, fee ${r.fee}`,
    }));
  },
};

const frozenMatches: LedgerCheck = {
  name: 'stock-order-frozen',
  rule: "what an order says it holds frozen is what its entries left in the user's frozen account",
  async find(q) {
    const rows = await q.query<{ id: bigint; frozen: bigint; posted: string }>(
      `select o.id, o.frozen, coalesce((select sum(p.amount) from journal_entries e
                join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
               where e.ref_type = 'stock_order' and e.ref_id = o.id::text
                 and a.owner_type = 'user' and a.purpose = 'frozen'), 0)::text as posted
         from stock_orders o
        where o.frozen <> coalesce((select sum(p.amount) from journal_entries e
                join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
               where e.ref_type = 'stock_order' and e.ref_id = o.id::text
                 and a.owner_type = 'user' and a.purpose = 'frozen'), 0)
        order by o.id`,
    );
    return rows.map((r) => ({
      subject: `stock order ${r.id}`,
      detail: `frozen ${r.frozen}, posted ${r.posted}`,
    }));
  },
};

const lotsSettled: LedgerCheck = {
  name: 'stock-lot-settlement',
  rule: 'a settled lot has its settlement entry moving its shares from locked to spot; an unsettled one has none',
  async find(q) {
    const rows = await q.query<{ id: bigint; settled: boolean }>(
      `select l.id, l.settled_at is not null as settled
         from stock_lots l
        where (l.settled_at is not null) <> exists (
                select 1 from journal_entries e where e.idempotency_key = ${lotSettlementKeySql})
        order by l.id`,
    );
    return rows.map((r) => ({
      subject: `stock lot ${r.id}`,
      detail: r.settled ? 'settled without its entry' : 'entry posted but not marked settled',
    }));
  },
};

const fxPosted: LedgerCheck = {
  name: 'stock-order-fx',
  rule: "every automatic exchange of an order took its euros from the user's spot and paid its dollars into it, and no order has such an entry without its row (decision 057)",
  async find(q) {
    const rows = await q.query<{ id: string; detail: string }>(
      `select x.order_id::text as id,
              'taken ' || (-${userLeg("'stock-order:' || x.order_id || ':fx'", 'x.from_asset')})::text
                || ', paid ' || ${userLeg("'stock-order:' || x.order_id || ':fx'", 'x.to_asset')}::text as detail
         from stock_order_fx x
        where ${userLeg("'stock-order:' || x.order_id || ':fx'", 'x.from_asset')} <> -x.amount_in
           or ${userLeg("'stock-order:' || x.order_id || ':fx'", 'x.to_asset')} <> x.amount_out
       union all
       select e.ref_id, 'entry without its row'
         from journal_entries e
        where e.ref_type = 'stock_order' and e.idempotency_key like 'stock-order:%:fx'
          and not exists (select 1 from stock_order_fx x where x.order_id::text = e.ref_id)`,
    );
    return rows.map((r) => ({ subject: `stock order ${r.id}`, detail: r.detail }));
  },
};

export const tradingChecks: LedgerCheck[] = [fillsPosted, frozenMatches, lotsSettled, fxPosted];
