import { randomBytes } from 'node:crypto';
import type { adminRobotSave } from '@piazza/contract/calls/robot-admin';
import type { CallInput } from '@piazza/contract/define';
import { parseAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { asRobot, type ProductRow, productById, productColumns, type RobotRow } from './product-rows';

/*
 * Creating and changing products in the back office (issue 13 item 6). The operator sets the terms — strategy,
 * basket, limits, fees, period — and never a figure the investor reads as a result: those are measured.
 * Creating a product creates its book: a user row marked `book` that never signs in (no password can match,
 * status 0) and whose accounts hold the book's cash and shares.
 */

type SaveInput = CallInput<typeof adminRobotSave>;
const currency = 'EUR';

/** The basket as typed, each symbol a listed Italian share: the books trade one market in one currency. */
export function basketOf(services: Services, typed: string): string[] {
  const symbols = [
    ...new Set(
      typed
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== ''),
    ),
  ];
  if (symbols.length < 1 || symbols.length > 10) throw new Refusal('robot.basket');
  for (const s of symbols) {
    const i = services.market.instrument(s);
    if (i?.kind !== 'stock' || !i.listed || i.calendar !== 'XMIL' || i.currency !== currency) {
      throw new Refusal('robot.basketSymbol', [s]);
    }
  }
  return symbols;
}

async function termsOf(q: Queryable, input: SaveInput) {
  const scale = await currencyScaleOf(q, currency);
  const minAmount = parseAmount(input.minAmount, scale);
  if (minAmount === null || minAmount <= 0n) throw new Refusal('robot.minAmount');
  const maxAmount = parseAmount(input.maxAmount, scale);
  if (maxAmount === null || maxAmount < minAmount) throw new Refusal('robot.maxAmount');
  const feeBps = parseAmount(input.managementFeePercent, 2);
  if (feeBps === null || feeBps > 500n) throw new Refusal('robot.fee');
  if (input.lockDays > input.periodDays) throw new Refusal('robot.lock');
  return {
    name: input.name,
    level: input.level,
    periodDays: input.periodDays,
    lockDays: input.lockDays,
    earlyExit: input.earlyExit,
    minAmount,
    maxAmount,
    feeBps: Number(feeBps),
  };
}

export async function createBookUser(q: Queryable, nowMs: number): Promise<number> {
  const tag = randomBytes(8).toString('hex');
  const [row] = await q.query<{ id: number }>(
    `insert into users (account, account_type, email, password_hash, status, invite_code, book, created_at, updated_at)
     values ($1, 'email', null, '!', 0, $2, true, $3, $3) returning id`,
    [`book-${tag}@books.piazza.invalid`, `BOOK${tag.toUpperCase()}`, new Date(nowMs)],
  );
  if (!row) throw new Error('book user not created');
  return row.id;
}

export async function saveRobot(
  q: Queryable,
  services: Services,
  input: SaveInput,
  /** Null for the server itself (the demo seed). */
  operatorId: number | null,
  nowMs: number,
): Promise<RobotRow> {
  const terms = await termsOf(q, input);
  const basket = basketOf(services, input.basket);
  const now = new Date(nowMs);
  if (input.id === undefined) {
    const bookUserId = await createBookUser(q, nowMs);
    const [row] = await q.query<ProductRow>(
      `insert into products (kind, mode, name, strategy, basket, level, currency, period_days, lock_days, early_exit,
                           min_amount, max_amount, fee_bps, book_user_id, launched_at, created_at, updated_at)
       values ('robot', 'strategy', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $13)
       returning ${productColumns}`,
      [
        terms.name,
        input.strategy,
        basket,
        terms.level,
        currency,
        terms.periodDays,
        terms.lockDays,
        terms.earlyExit,
        terms.minAmount,
        terms.maxAmount,
        terms.feeBps,
        bookUserId,
        now,
      ],
    );
    const created = row as RobotRow;
    await audit(q, {
      operatorId,
      action: 'robot.create',
      targetType: 'robot',
      targetId: created.id,
      before: null,
      after: { ...terms, strategy: input.strategy, basket },
    });
    return created;
  }
  const before = asRobot(await productById(q, input.id, 'for update'));
  if (!before) throw new Refusal('ai.notFound');
  if (before.strategy !== input.strategy || before.basket.join(',') !== basket.join(',')) {
    throw new Refusal('robot.fixed');
  }
  const [row] = await q.query<ProductRow>(
    `update products set name = $2, level = $3, period_days = $4, lock_days = $5, early_exit = $6, min_amount = $7,
            max_amount = $8, fee_bps = $9, updated_at = $10 where id = $1 returning ${productColumns}`,
    [
      before.id,
      terms.name,
      terms.level,
      terms.periodDays,
      terms.lockDays,
      terms.earlyExit,
      terms.minAmount,
      terms.maxAmount,
      terms.feeBps,
      now,
    ],
  );
  await audit(q, {
    operatorId,
    action: 'robot.update',
    targetType: 'robot',
    targetId: before.id,
    before: { ...before },
    after: { ...terms },
  });
  return row as RobotRow;
}

export async function setProductStatus(
  q: Queryable,
  id: number,
  status: 'active' | 'paused',
  operatorId: number,
  nowMs: number,
): Promise<ProductRow> {
  const before = await productById(q, id, 'for update');
  if (!before) throw new Refusal('ai.notFound');
  const [row] = await q.query<ProductRow>(
    `update products set status = $2, updated_at = $3 where id = $1 returning ${productColumns}`,
    [id, status, new Date(nowMs)],
  );
  await audit(q, {
    operatorId,
    action: `${before.kind}.${status === 'paused' ? 'pause' : 'resume'}`,
    targetType: before.kind,
    targetId: id,
    before: { status: before.status },
    after: { status },
  });
  return row as ProductRow;
}
