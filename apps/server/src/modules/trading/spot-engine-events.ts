import { randomBytes } from 'node:crypto';
import { one } from '../../db/db';
import type { Services } from '../../services';
import { type OrderRow, orderColumns } from './order-rows';
import type { SpotEngine } from './spot-engine';
import type { TpslRow } from './tpsl-rows';

/*
 * Resting orders and take-profit / stop-loss levels across instances (decision 018). Each instance runs its
 * own spot engine over its own in-memory indexes; what one instance files (an order placed, a level set) is
 * announced on the bus, and every other instance files the same from the database row, so an order placed
 * on instance A is watched by B at once, not only after B restarts. The row locks of the fill transaction
 * keep two engines from filling the same rest twice; the database stays the truth, the events only keep
 * the indexes current. An event that is lost (a Redis hiccup) costs a delay, never money: the order is
 * still in A's index, and every instance rebuilds its indexes from the database when it starts.
 */

export const spotEngineTopic = 'engine:spot';

type EngineEvent =
  | { op: 'track'; id: string }
  | { op: 'untrack'; id: string }
  | { op: 'levels'; owner: { userId: number; symbol: string } | null; replacedId: string | null };

/** Its untrack takes a cancelled order out of every instance's indexes. */
export type SharedSpotEngine = SpotEngine;

/**
 * The engine with its filing announced to the other instances, and theirs applied here once the server
 * listens (`load` subscribes first, so nothing announced while the indexes load is missed).
 */
export function shareSpotEngine(
  inner: SpotEngine,
  services: Pick<Services, 'bus' | 'db' | 'log'>,
): SharedSpotEngine {
  const { bus, db, log } = services;
  const origin = randomBytes(6).toString('hex');
  let unsubscribe: (() => Promise<void>) | undefined;

  const announce = (event: EngineEvent) => {
    bus.publish(spotEngineTopic, { origin, ...event }).catch((err: unknown) => {
      log.warn({ err, event }, 'spot engine event not published');
    });
  };

  async function apply(event: EngineEvent): Promise<void> {
    if (event.op === 'track') {
      const row = await one<OrderRow>(db, `select ${orderColumns} from stock_orders where id = $1`, [
        BigInt(event.id),
      ]);
      if (row) inner.track(row);
    } else if (event.op === 'untrack') {
      inner.untrack(event.id);
    } else {
      if (event.replacedId !== null) inner.arm(undefined, { id: BigInt(event.replacedId) });
      if (event.owner) await inner.rearm(event.owner.userId, event.owner.symbol);
    }
  }

  async function listen(): Promise<void> {
    if (unsubscribe) return;
    unsubscribe = await bus.subscribe(spotEngineTopic, (payload) => {
      const event = payload as EngineEvent & { origin?: string };
      if (event.origin === origin) return;
      apply(event).catch((err: unknown) => log.warn({ err, event }, 'spot engine event not applied'));
    });
  }

  return {
    ...inner,
    async load() {
      await listen();
      await inner.load();
    },
    track(order) {
      inner.track(order);
      announce({ op: 'track', id: String(order.id) });
    },
    untrack(id) {
      inner.untrack(id);
      announce({ op: 'untrack', id });
    },
    arm(armed, replaced) {
      inner.arm(armed, replaced);
      if (!armed && !replaced) return;
      // A level set names its holding; one only taken out (cleared) may name just its row.
      const owner = armed ?? (replaced && 'userId' in replaced ? (replaced as TpslRow) : undefined);
      announce({
        op: 'levels',
        owner: owner ? { userId: owner.userId, symbol: owner.symbol } : null,
        replacedId: replaced ? String(replaced.id) : null,
      });
    },
    async rearm(userId, symbol) {
      await inner.rearm(userId, symbol);
      announce({ op: 'levels', owner: { userId, symbol }, replacedId: null });
    },
    async stop() {
      await inner.stop();
      const off = unsubscribe;
      unsubscribe = undefined;
      await off?.();
    },
  };
}
