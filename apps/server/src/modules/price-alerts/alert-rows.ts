import type { AlertKind, AlertView } from '@piazza/contract/calls/alerts-shapes';
import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import type { PriceTrigger } from '../../platform/engine/trigger-index';
import type { Services } from '../../services';

/* A price alert's row, the level that fires it, and its view (issue 20 item 4, decision 055). */

export interface AlertRow {
  id: bigint;
  userId: number;
  symbol: string;
  kind: AlertKind;
  /** Above/below: the price, in the instrument's price minor units. */
  level: bigint | null;
  /** A move in a day: basis points of the previous close. */
  moveBp: number | null;
  state: 'armed' | 'fired' | 'cancelled';
  firedPrice: bigint | null;
  firedAt: Date | null;
  createdAt: Date;
}

export const alertColumns = `id, user_id as "userId", symbol, kind, level, move_bp as "moveBp", state,
  fired_price as "firedPrice", fired_at as "firedAt", created_at as "createdAt"`;

export type AlertTrigger = PriceTrigger & { alertId: bigint; kind: AlertKind };

/**
 * The price that fires an alert: its own for above/below; for a move, the previous close moved by the
 * percentage, rounded away from the close (a 3 % rise of 10.001 fires at 10.302, not 10.301, which is less).
 */
export function levelOf(
  alert: Pick<AlertRow, 'kind' | 'level' | 'moveBp'>,
  prevClose: bigint | null,
): bigint | null {
  if (alert.kind === 'above' || alert.kind === 'below') return alert.level;
  if (prevClose === null || prevClose <= 0n || alert.moveBp === null) return null;
  const bp = BigInt(alert.moveBp);
  if (alert.kind === 'moveUp') return (prevClose * (10_000n + bp) + 9_999n) / 10_000n;
  return (prevClose * (10_000n - bp)) / 10_000n;
}

export function triggerOf(alert: AlertRow, prevClose: bigint | null): AlertTrigger | null {
  const level = levelOf(alert, prevClose);
  if (level === null) return null;
  return {
    id: String(alert.id),
    alertId: alert.id,
    kind: alert.kind,
    symbol: alert.symbol,
    fires: alert.kind === 'above' || alert.kind === 'moveUp' ? 'at-or-above' : 'at-or-below',
    level,
    sequence: alert.id,
  };
}

export const isMove = (kind: AlertKind) => kind === 'moveUp' || kind === 'moveDown';

export async function alertOf(q: Queryable, id: bigint, lock = false): Promise<AlertRow | undefined> {
  const [row] = await q.query<AlertRow>(
    `select ${alertColumns} from price_alerts where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row;
}

export function alertViewOf(services: Services, a: AlertRow): AlertView {
  const instrument = services.market.instrument(a.symbol);
  const priceScale = instrument?.priceScale ?? 2;
  const price = (v: bigint | null) => (v === null ? null : formatAmount(v, priceScale));
  return {
    id: Number(a.id),
    symbol: a.symbol,
    name: instrument?.name ?? a.symbol,
    kind: a.kind,
    price: price(a.level),
    percent: a.moveBp === null ? null : formatAmount(BigInt(a.moveBp), 2),
    currency: instrument?.currency ?? '',
    state: a.state,
    firedPrice: price(a.firedPrice),
    firedAt: a.firedAt ? a.firedAt.toISOString() : null,
    createdAt: a.createdAt.toISOString(),
  };
}
