import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * The sales take profit and stop loss made (decision 013): every order the system placed for a holding is
 * a sell of that user's shares recorded with the level that fired it, and every record names such an order.
 * Their fills are checked with every other fill (ledger-checks.ts).
 */

const firesMatchOrders: LedgerCheck = {
  name: 'stock-tpsl-fires',
  rule: 'every system-close stock order was placed by a take profit or stop loss of the same user and symbol, and each one placed a system-close sell',
  async find(q) {
    const rows = await q.query<{ orderId: bigint; detail: string }>(
      `select o.id as "orderId", 'system close without its level' as detail
         from stock_orders o left join stock_tpsl_fires f on f.order_id = o.id
        where o.state = 'system_close' and o.product = 'stock' and f.order_id is null
       union all
       select f.order_id, 'level fired into an order that is not a system-close sell of its holding'
         from stock_tpsl_fires f join stock_orders o on o.id = f.order_id
        where o.state <> 'system_close' or o.side <> 'sell' or o.user_id <> f.user_id or o.symbol <> f.symbol
       order by 1`,
    );
    return rows.map((r) => ({ subject: `stock order ${r.orderId}`, detail: r.detail }));
  },
};

export const tpslChecks: LedgerCheck[] = [firesMatchOrders];
