import type { adminFundManagerSave, adminFundSave } from '@piazza/contract/calls/fund-admin';
import type { CallInput } from '@piazza/contract/define';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf, placeOrder } from '../trading';
import { type ManagerRow, managerColumns } from './fund-views';
import { type ProductRow, productById, productColumns } from './product-rows';
import { basketOf, createBookUser } from './robot-admin';

/*
 * Copy trading in the back office (issue 13 items 5 and 6): managers' profiles, funds and the manager's trade
 * ticket. A fund's terms are set here; its results never are.
 */

const currency = 'EUR';

export async function saveManager(
  q: Queryable,
  input: CallInput<typeof adminFundManagerSave>,
  operatorId: number | null,
  nowMs: number,
): Promise<ManagerRow> {
  const now = new Date(nowMs);
  const photo = input.photoUrl === undefined || input.photoUrl === '' ? null : input.photoUrl;
  if (input.id === undefined) {
    const [row] = await q.query<ManagerRow>(
      `insert into fund_managers (name, bio, photo_url, created_at, updated_at) values ($1, $2, $3, $4, $4)
       returning ${managerColumns}`,
      [input.name, input.bio, photo, now],
    );
    const created = row as ManagerRow;
    await audit(q, {
      operatorId,
      action: 'fundManager.create',
      targetType: 'fundManager',
      targetId: created.id,
      before: null,
      after: { ...created },
    });
    return created;
  }
  const [before] = await q.query<ManagerRow>(
    `select ${managerColumns} from fund_managers where id = $1 for update`,
    [input.id],
  );
  if (!before) throw new Refusal('fund.managerNotFound');
  const [row] = await q.query<ManagerRow>(
    `update fund_managers set name = $2, bio = $3, photo_url = $4, updated_at = $5 where id = $1
     returning ${managerColumns}`,
    [input.id, input.name, input.bio, photo, now],
  );
  await audit(q, {
    operatorId,
    action: 'fundManager.update',
    targetType: 'fundManager',
    targetId: input.id,
    before: { ...before },
    after: { ...row },
  });
  return row as ManagerRow;
}

export async function saveFund(
  q: Queryable,
  services: Services,
  input: CallInput<typeof adminFundSave>,
  operatorId: number | null,
  nowMs: number,
): Promise<ProductRow> {
  const scale = await currencyScaleOf(q, currency);
  const minAmount = parseAmount(input.minAmount, scale);
  if (minAmount === null || minAmount <= 0n) throw new Refusal('robot.minAmount');
  const feeBps = parseAmount(input.managementFeePercent, 2);
  if (feeBps === null || feeBps > 500n) throw new Refusal('robot.fee');
  if (input.mode === 'strategy' && input.strategy === undefined) throw new Refusal('fund.strategyRequired');
  const strategy = input.mode === 'strategy' ? (input.strategy ?? null) : null;
  const basket = basketOf(services, input.basket);
  const [manager] = await q.query('select 1 from fund_managers where id = $1', [input.managerId]);
  if (!manager) throw new Refusal('fund.managerNotFound');
  const now = new Date(nowMs);
  const terms = { name: input.name, minAmount, feeBps: Number(feeBps) };

  if (input.id === undefined) {
    const bookUserId = await createBookUser(q, nowMs);
    const [row] = await q.query<ProductRow>(
      `insert into products (kind, name, mode, strategy, manager_id, basket, level, currency, period_days, lock_days,
                             early_exit, min_amount, max_amount, fee_bps, book_user_id, launched_at, created_at,
                             updated_at)
       values ('fund', $1, $2, $3, $4, $5, 1, $6, null, 0, true, $7, null, $8, $9, $10, $10, $10)
       returning ${productColumns}`,
      [
        terms.name,
        input.mode,
        strategy,
        input.managerId,
        basket,
        currency,
        minAmount,
        terms.feeBps,
        bookUserId,
        now,
      ],
    );
    const created = row as ProductRow;
    await audit(q, {
      operatorId,
      action: 'fund.create',
      targetType: 'fund',
      targetId: created.id,
      before: null,
      after: { ...terms, mode: input.mode, strategy, basket, managerId: input.managerId },
    });
    return created;
  }
  const before = await productById(q, input.id, 'for update');
  if (before?.kind !== 'fund') throw new Refusal('fund.notFound');
  if (
    before.managerId !== input.managerId ||
    before.mode !== input.mode ||
    before.strategy !== strategy ||
    before.basket.join(',') !== basket.join(',')
  ) {
    throw new Refusal('fund.fixed');
  }
  const [row] = await q.query<ProductRow>(
    `update products set name = $2, min_amount = $3, fee_bps = $4, updated_at = $5 where id = $1
     returning ${productColumns}`,
    [before.id, terms.name, terms.minAmount, terms.feeBps, now],
  );
  await audit(q, {
    operatorId,
    action: 'fund.update',
    targetType: 'fund',
    targetId: before.id,
    before: { ...before },
    after: { ...terms },
  });
  return row as ProductRow;
}

/**
 * The manager's ticket: a market order for the fund's book through the investors' order path, in the caller's
 * transaction with the fund's row locked (a subscription's NAV never sees half an order). Sells are of
 * settled shares; a buy the book's cash does not cover is the ledger's refusal.
 */
export async function fundTicket(
  q: Queryable,
  services: Services,
  t: {
    fundId: number;
    symbol: string;
    side: 'buy' | 'sell';
    quantity: number;
    operatorId: number | null;
    nowMs: number;
  },
) {
  const r = await productById(q, t.fundId, 'for update');
  if (r?.kind !== 'fund') throw new Refusal('fund.notFound');
  if (r.mode !== 'manual') throw new Refusal('fund.notManual');
  if (!r.basket.includes(t.symbol)) throw new Refusal('fund.symbolNotInBasket', [t.symbol]);
  const order = await placeOrder(q, services, {
    userId: r.bookUserId,
    side: t.side,
    symbol: t.symbol,
    type: 'market',
    quantity: String(t.quantity),
    nowMs: t.nowMs,
  });
  await audit(q, {
    operatorId: t.operatorId,
    action: 'fund.order',
    targetType: 'fund',
    targetId: r.id,
    before: null,
    after: { orderId: String(order.id), symbol: t.symbol, side: t.side, quantity: t.quantity },
  });
  const scale = await currencyScaleOf(q, r.currency);
  const instrument = services.market.instrument(t.symbol);
  const filled = order.filledQuantity > 0n ? order.filledQuantity : 1n;
  return {
    at: t.nowMs,
    symbol: t.symbol,
    side: t.side,
    quantity: order.filledQuantity.toString(),
    price: formatAmount(order.notional / filled, instrument?.priceScale ?? 2),
    value: formatAmount(order.value, scale),
    fee: formatAmount(order.fee, scale),
  };
}
