import { orderFee } from '@piazza/core/trading/fees';
import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * The fee an order paid is the one its pinned schedule (decision 012) charges on what it traded: its fills'
 * fees add up to orderFee of the whole, so the minimum was charged once and nothing past the cap, whatever
 * the operator saved while it rested.
 */
const feeByPinnedSchedule: LedgerCheck = {
  name: 'stock-order-fee',
  rule: 'an order paid exactly the fee its pinned schedule charges on its traded value and quantity',
  async find(q) {
    const rows = await q.query<{
      id: bigint;
      value: bigint;
      quantity: bigint;
      fee: bigint;
      rateBp: number;
      perShare: bigint | null;
      perShareScale: number | null;
      minimum: bigint;
      maximum: bigint | null;
      quantityScale: number;
      currencyScale: number;
    }>(
      `select o.id, o.value, o.filled_quantity as quantity, o.fee, f.fee_rate_bp as "rateBp",
              f.fee_per_share as "perShare", f.fee_per_share_scale as "perShareScale", f.fee_minimum as minimum,
              f.fee_maximum as maximum, i.quantity_scale as "quantityScale", a.scale as "currencyScale"
         from stock_orders o
         join stock_order_fees f on f.order_id = o.id
         join instruments i on i.symbol = o.symbol
         join assets a on a.code = o.currency
        order by o.id`,
    );
    const breaches = [];
    for (const r of rows) {
      const due = orderFee(
        {
          rateBp: Number(r.rateBp),
          perShare: r.perShare === null ? null : { amount: r.perShare, scale: Number(r.perShareScale ?? 0) },
          minimum: r.minimum,
          maximum: r.maximum,
        },
        { value: r.value, quantity: r.quantity },
        { quantityScale: Number(r.quantityScale), currencyScale: Number(r.currencyScale) },
      );
      if (due !== r.fee)
        breaches.push({ subject: `stock order ${r.id}`, detail: `fee ${r.fee}, schedule says ${due}` });
    }
    return breaches;
  },
};

export const tradingSettingsChecks: LedgerCheck[] = [feeByPinnedSchedule];
