import type { adminBlockSave } from '@piazza/contract/calls/blocks';
import type { BlockPurchaseView, BlockView } from '@piazza/contract/calls/blocks-shapes';
import type { CallInput } from '@piazza/contract/define';
import { verdictFor } from '@piazza/core/appropriateness';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { balanceOf, postEntry } from '../../ledger/post';
import { quoteOrNull } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { readProfile, requireKycVerified } from '../kyc';
import { ensureSecurityAsset, lockDeliveredShares } from '../trading';
import { scaleOf } from './offering-rows';
import { isVip, offeringsAccount, userAccount } from './subscriptions';

/*
 * Block trades (issue 12 item 6, decision 032): a block of a listed share offered at a fixed price or at a
 * discount to the last price; a purchase pays at once (bill "block trade purchase"), the delivery job puts
 * the shares in `locked` on the delivery date until the lock period ends (the settlement job releases them),
 * and a cancellation before delivery refunds every purchase (bill "block trade refund").
 */

const dayMs = 86_400_000;

export interface BlockRow {
  id: bigint;
  symbol: string;
  currency: string;
  pricing: 'fixed' | 'discount';
  price: bigint | null;
  discountBps: number;
  quantity: bigint;
  quantityLeft: bigint;
  minQuantity: bigint;
  lockDays: number;
  opensAt: Date;
  closesAt: Date;
  deliversAt: Date;
  vipOnly: boolean;
  status: 'open' | 'delivered' | 'cancelled';
}

export const blockColumns = `id, symbol, currency, pricing, price, discount_bps as "discountBps", quantity,
  quantity_left as "quantityLeft", min_quantity as "minQuantity", lock_days as "lockDays", opens_at as "opensAt",
  closes_at as "closesAt", delivers_at as "deliversAt", vip_only as "vipOnly", status`;

export interface PurchaseRow {
  id: bigint;
  blockId: bigint;
  userId: number;
  status: 'paid' | 'delivered' | 'refunded';
  quantity: bigint;
  price: bigint;
  amount: bigint;
  createdAt: Date;
  deliveredAt: Date | null;
  unlocksAt: Date | null;
}

export const purchaseColumns = `id, block_id as "blockId", user_id as "userId", status, quantity, price, amount,
  created_at as "createdAt", delivered_at as "deliveredAt", unlocks_at as "unlocksAt"`;

const purchaseRef = (id: bigint) => ({ type: 'block_purchase', id: String(id) });

export async function blockById(q: Queryable, id: number | bigint, lock = ''): Promise<BlockRow | undefined> {
  const [row] = await q.query<BlockRow>(`select ${blockColumns} from block_offers where id = $1 ${lock}`, [
    String(id),
  ]);
  return row;
}

/** The last price in the currency's minor units (rounded down), or null when the market cannot say. */
async function lastPriceOf(services: Services, block: BlockRow, nowMs: number): Promise<bigint | null> {
  const instrument = services.market.instrument(block.symbol);
  if (!instrument) return null;
  const quote = await quoteOrNull(services.market, block.symbol, nowMs);
  if (!quote) return null;
  const shift = instrument.priceScale - scaleOf(block.currency);
  return shift >= 0 ? quote.last / 10n ** BigInt(shift) : quote.last * 10n ** BigInt(-shift);
}

/** A share's price in the block now: fixed, or the last price less the discount rounded up to the cent. */
async function priceNow(services: Services, block: BlockRow, nowMs: number) {
  const last = await lastPriceOf(services, block, nowMs);
  if (block.pricing === 'fixed') return { last, price: block.price };
  const price = last === null ? null : (last * BigInt(10_000 - block.discountBps) + 9_999n) / 10_000n;
  return { last, price };
}

function blockStateOf(b: BlockRow, nowMs: number): BlockView['state'] {
  if (b.status !== 'open') return b.status;
  if (nowMs < b.opensAt.getTime()) return 'coming';
  return nowMs < b.closesAt.getTime() ? 'open' : 'closed';
}

export async function blockViews(
  q: Queryable,
  services: Services,
  blocks: readonly BlockRow[],
  nowMs: number,
  userId?: number,
): Promise<BlockView[]> {
  const views: BlockView[] = [];
  for (const b of blocks) {
    const scale = scaleOf(b.currency);
    const { last, price } = await priceNow(services, b, nowMs);
    const mine =
      userId === undefined
        ? null
        : await one<{ quantity: bigint | null }>(
            q,
            `select sum(quantity) as quantity from block_purchases
              where block_id = $1 and user_id = $2 and status <> 'refunded'`,
            [String(b.id), userId],
          );
    views.push({
      id: Number(b.id),
      state: blockStateOf(b, nowMs),
      symbol: b.symbol,
      name: services.market.instrument(b.symbol)?.name ?? b.symbol,
      currency: b.currency,
      lastPrice: last === null ? null : formatAmount(last, scale),
      price: price === null ? null : formatAmount(price, scale),
      pricing: b.pricing,
      discountPercent: formatAmount(BigInt(b.discountBps), 2),
      quantityOffered: String(b.quantity),
      quantityLeft: String(b.quantityLeft),
      minQuantity: String(b.minQuantity),
      lockDays: b.lockDays,
      opensAt: b.opensAt.getTime(),
      closesAt: b.closesAt.getTime(),
      deliversAt: b.deliversAt.getTime(),
      vipOnly: b.vipOnly,
      mine: mine?.quantity == null ? null : String(mine.quantity),
    });
  }
  return views;
}

export function purchaseViewOf(p: PurchaseRow, b: BlockRow, name: string): BlockPurchaseView {
  const scale = scaleOf(b.currency);
  return {
    id: Number(p.id),
    blockId: Number(b.id),
    symbol: b.symbol,
    name,
    currency: b.currency,
    state: p.status,
    quantity: String(p.quantity),
    price: formatAmount(p.price, scale),
    amount: formatAmount(p.amount, scale),
    createdAt: p.createdAt.getTime(),
    deliversAt: b.deliversAt.getTime(),
    deliveredAt: p.deliveredAt?.getTime() ?? null,
    unlocksAt: p.unlocksAt?.getTime() ?? null,
  };
}

export async function buyBlock(
  q: Queryable,
  services: Services,
  a: { userId: number; blockId: number; quantity: number; acknowledgeRisk: boolean; nowMs: number },
): Promise<{ block: BlockRow; purchase: PurchaseRow }> {
  // The block's row is the one counter of what is left: purchases of one block queue on it.
  const block = await blockById(q, a.blockId, 'for update');
  if (!block) throw new Refusal('block.notFound');
  if (block.status === 'cancelled') throw new Refusal('block.cancelled');
  if (blockStateOf(block, a.nowMs) !== 'open') throw new Refusal('block.notOpen');
  const quantity = BigInt(a.quantity);
  if (quantity < block.minQuantity) throw new Refusal('block.quantityMin', [String(block.minQuantity)]);
  if (quantity > block.quantityLeft) throw new Refusal('block.quantityLeft', [String(block.quantityLeft)]);
  await requireKycVerified(q, a.userId);
  const profile = await readProfile(q, a.userId);
  if (!profile) throw new Refusal('ipo.profileRequired');
  const verdict = verdictFor(
    { experience: profile.experience, risk: profile.riskPreference, objective: profile.objective },
    'shares',
  );
  if (verdict === 'warn' && !a.acknowledgeRisk) throw new Refusal('ipo.riskAck');
  if (block.vipOnly && !(await isVip(q, a.userId, a.nowMs))) throw new Refusal('ipo.vipOnly');
  const { price } = await priceNow(services, block, a.nowMs);
  if (price === null) throw new Refusal('block.unpriced', [block.symbol]);
  const amount = price * quantity;
  const spot = userAccount(a.userId, 'spot', block.currency);
  if ((await balanceOf(q, spot)) < amount) {
    throw new Refusal('ipo.balance', [formatAmount(amount, scaleOf(block.currency)), block.currency]);
  }
  const [purchase] = await q.query<PurchaseRow>(
    `insert into block_purchases (block_id, user_id, status, quantity, price, amount, created_at)
     values ($1, $2, 'paid', $3, $4, $5, $6) returning ${purchaseColumns}`,
    [String(block.id), a.userId, quantity, price, amount, new Date(a.nowMs)],
  );
  const bought = purchase as PurchaseRow;
  await postEntry(q, {
    billType: 'block_purchase',
    actor: { type: 'user', id: String(a.userId) },
    ref: purchaseRef(bought.id),
    idempotencyKey: `block-purchase:${bought.id}:pay`,
    postings: [
      { account: spot, amount: -amount },
      { account: offeringsAccount(block.currency), amount },
    ],
  });
  await q.query('update block_offers set quantity_left = quantity_left - $2 where id = $1', [
    String(block.id),
    quantity,
  ]);
  return { block, purchase: bought };
}

type BlockSave = CallInput<typeof adminBlockSave>;

export async function saveBlock(
  q: Queryable,
  services: Services,
  operatorId: number | null,
  input: BlockSave,
  nowMs: number,
): Promise<BlockRow> {
  const instrument = services.market.instrument(input.symbol);
  if (instrument?.kind !== 'stock' || !instrument.listed) throw new Refusal('block.symbol');
  const scale = scaleOf(instrument.currency);
  let price: bigint | null = null;
  let discountBps = 0;
  if (input.pricing === 'fixed') {
    price = parseAmount(input.price ?? '', scale);
    if (price === null || price <= 0n) throw new Refusal('block.price');
  } else {
    const discount = parseAmount(input.discountPercent ?? '', 2);
    if (discount === null || discount <= 0n || discount > 5000n) throw new Refusal('block.discount');
    discountBps = Number(discount);
  }
  if (input.minQuantity > input.quantity) throw new Refusal('block.minQuantity');
  if (input.closesAt <= input.opensAt) throw new Refusal('block.closesAt');
  if (input.deliversAt < input.closesAt) throw new Refusal('block.deliversAt');
  const [row] = await q.query<BlockRow>(
    `insert into block_offers (symbol, currency, pricing, price, discount_bps, quantity, quantity_left, min_quantity,
       lock_days, opens_at, closes_at, delivers_at, vip_only, status, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11, $12, 'open', $13, $14)
     returning ${blockColumns}`,
    [
      instrument.symbol,
      instrument.currency,
      input.pricing,
      price,
      discountBps,
      input.quantity,
      input.minQuantity,
      input.lockDays,
      new Date(input.opensAt),
      new Date(input.closesAt),
      new Date(input.deliversAt),
      input.vipOnly ?? false,
      operatorId,
      new Date(nowMs),
    ],
  );
  const saved = row as BlockRow;
  await audit(q, {
    operatorId,
    action: 'block.create',
    targetType: 'block',
    targetId: String(saved.id),
    before: null,
    after: { ...input },
  });
  return saved;
}

export async function cancelBlock(
  q: Queryable,
  operatorId: number,
  id: number,
  reason: string,
  nowMs: number,
): Promise<{ block: BlockRow; refunded: PurchaseRow[] }> {
  const block = await blockById(q, id, 'for update');
  if (!block) throw new Refusal('block.notFound');
  if (block.status !== 'open') throw new Refusal('block.notCancellable');
  const paid = await q.query<PurchaseRow>(
    `select ${purchaseColumns} from block_purchases where block_id = $1 and status = 'paid' order by id for update`,
    [String(block.id)],
  );
  for (const p of paid) {
    await postEntry(q, {
      billType: 'block_refund',
      actor: { type: 'operator', id: String(operatorId) },
      ref: purchaseRef(p.id),
      idempotencyKey: `block-purchase:${p.id}:refund`,
      memo: 'block cancelled',
      postings: [
        { account: offeringsAccount(block.currency), amount: -p.amount },
        { account: userAccount(p.userId, 'spot', block.currency), amount: p.amount },
      ],
    });
    await q.query(`update block_purchases set status = 'refunded', refunded_at = $2 where id = $1`, [
      String(p.id),
      new Date(nowMs),
    ]);
  }
  const [row] = await q.query<BlockRow>(
    `update block_offers set status = 'cancelled', cancelled_at = $2, cancel_reason = $3 where id = $1
     returning ${blockColumns}`,
    [String(block.id), new Date(nowMs), reason],
  );
  await audit(q, {
    operatorId,
    action: 'block.cancel',
    targetType: 'block',
    targetId: String(block.id),
    before: { status: 'open' },
    after: { status: 'cancelled', refunded: paid.length },
    reason,
  });
  return { block: row as BlockRow, refunded: paid };
}

/** The delivery: each paid purchase's shares into `locked`, released when the lock ends (T+n at the least). */
export async function deliverBlock(
  q: Queryable,
  services: Services,
  id: bigint,
  nowMs: number,
): Promise<{ summary: string; delivered: PurchaseRow[] }> {
  const block = await blockById(q, id, 'for update');
  if (block?.status !== 'open') return { summary: 'nothing to deliver', delivered: [] };
  if (nowMs < block.deliversAt.getTime()) return { summary: 'not due', delivered: [] };
  const instrument = services.market.instrument(block.symbol);
  if (!instrument) throw new Error(`${block.symbol} is not in the catalogue`);
  const paid = await q.query<PurchaseRow>(
    `select ${purchaseColumns} from block_purchases where block_id = $1 and status = 'paid' order by id for update`,
    [String(block.id)],
  );
  const lockEnds = block.deliversAt.getTime() + block.lockDays * dayMs;
  // The share may never have been traded here, so the ledger may not know it as an asset yet.
  await ensureSecurityAsset(q, instrument);
  for (const p of paid) {
    await postEntry(q, {
      billType: 'block_delivery',
      actor: { type: 'job', id: 'block-deliver' },
      ref: purchaseRef(p.id),
      idempotencyKey: `block-purchase:${p.id}:deliver`,
      postings: [
        { account: offeringsAccount(block.symbol), amount: -p.quantity },
        {
          account: { ownerType: 'user', ownerId: p.userId, purpose: 'locked', asset: block.symbol },
          amount: p.quantity,
        },
      ],
    });
    const unlocksAt = await lockDeliveredShares(q, {
      source: 'block',
      sourceId: p.id,
      userId: p.userId,
      instrument,
      quantity: p.quantity,
      cost: p.amount,
      nowMs,
      notBeforeMs: lockEnds,
    });
    await q.query(
      `update block_purchases set status = 'delivered', delivered_at = $2, unlocks_at = $3 where id = $1`,
      [String(p.id), new Date(nowMs), new Date(unlocksAt)],
    );
  }
  await q.query(`update block_offers set status = 'delivered', delivered_at = $2 where id = $1`, [
    String(block.id),
    new Date(nowMs),
  ]);
  return { summary: `${paid.length} purchases of ${block.symbol} delivered`, delivered: paid };
}
