import { formatAmount } from '@piazza/core/money';
import { notifyInvestor } from '../../kit/personal-notice';
import { quoteOrNull } from '../../market/market-service';
import { engineLoop } from '../../platform/engine/engine-loop';
import { engineNews } from '../../platform/engine/engine-news';
import { TriggerIndex } from '../../platform/engine/trigger-index';
import { electLeader, leaseError } from '../../platform/lease';
import type { Services } from '../../services';
import { type AlertRow, type AlertTrigger, alertColumns, alertOf, isMove, triggerOf } from './alert-rows';

/*
 * The alert engine (decision 055): every armed alert is a trigger in a TriggerIndex on the last price, the
 * same index the spot engine keeps holdings' take profit and stop loss in, rebuilt from the database when this
 * instance takes the lease `engine:alerts`. Each step reads the quote of each watched symbol (the market
 * service, not the database) and fires what it reaches: the alert's row is locked and re-read, marked fired
 * with the price, and a personal notice written in the same transaction — which the push job then sends.
 * A move in a day is filed at the previous close moved by its percentage, and filed again when the
 * previous close changes (a new session). Alerts set or cancelled on another instance reach this one as
 * engine news.
 */

export interface AlertEngine {
  readonly triggers: TriggerIndex<AlertTrigger>;
  load(): Promise<void>;
  /** Files an alert just set (its row committed), or takes out one cancelled. */
  arm(alert: AlertRow): Promise<void>;
  disarm(id: bigint): void;
  /** One look at the prices of the watched symbols; answers how many alerts fired. */
  step(nowMs?: number): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

type News = { armed?: string; disarmed?: string };

export function createAlertEngine(services: Services): AlertEngine {
  const { db, market, clock, log } = services;
  const triggers = new TriggerIndex<AlertTrigger>();
  const symbols = new Set<string>();
  // Move alerts by symbol, and the previous close their levels were filed at.
  const moves = new Map<string, Map<string, AlertRow>>();
  const closes = new Map<string, bigint>();

  async function prevCloseOf(symbol: string, nowMs: number): Promise<bigint | null> {
    const known = closes.get(symbol);
    if (known !== undefined) return known;
    const quote = await quoteOrNull(market, symbol, nowMs);
    if (!quote) return null;
    closes.set(symbol, quote.prevClose);
    return quote.prevClose;
  }

  async function file(alert: AlertRow, nowMs: number): Promise<void> {
    const id = String(alert.id);
    triggers.remove(id);
    if (alert.state !== 'armed') return;
    symbols.add(alert.symbol);
    if (isMove(alert.kind)) {
      const list = moves.get(alert.symbol) ?? new Map<string, AlertRow>();
      list.set(id, alert);
      moves.set(alert.symbol, list);
    }
    const trigger = triggerOf(alert, isMove(alert.kind) ? await prevCloseOf(alert.symbol, nowMs) : null);
    if (trigger) triggers.add(trigger);
  }

  function disarm(id: bigint): void {
    triggers.remove(String(id));
    for (const list of moves.values()) list.delete(String(id));
  }

  async function load(): Promise<void> {
    const rows = await db.query<AlertRow>(`select ${alertColumns} from price_alerts where state = 'armed'`);
    triggers.load([]);
    symbols.clear();
    moves.clear();
    closes.clear();
    const nowMs = clock.now();
    for (const row of rows) await file(row, nowMs);
  }

  const news = engineNews<News>(services, 'engine:alerts', async (event) => {
    if (event.disarmed) disarm(BigInt(event.disarmed));
    if (event.armed) {
      const row = await alertOf(db, BigInt(event.armed));
      if (row) await file(row, clock.now());
    }
  });

  /** The previous close moved on (a new session): the symbol's move alerts are filed at the new one. */
  async function refileMoves(symbol: string, prevClose: bigint): Promise<void> {
    if (closes.get(symbol) === prevClose) return;
    closes.set(symbol, prevClose);
    for (const alert of moves.get(symbol)?.values() ?? []) {
      triggers.remove(String(alert.id));
      const trigger = triggerOf(alert, prevClose);
      if (trigger) triggers.add(trigger);
    }
  }

  async function fire(trigger: AlertTrigger, price: bigint, nowMs: number): Promise<boolean> {
    const instrument = market.instrument(trigger.symbol);
    const priceScale = instrument?.priceScale ?? 2;
    return db.tx(async (q) => {
      const alert = await alertOf(q, trigger.alertId, true);
      if (alert?.state !== 'armed') return false;
      await q.query(
        `update price_alerts set state = 'fired', fired_price = $2, fired_at = $3 where id = $1`,
        [alert.id, price, new Date(nowMs)],
      );
      const shown = (v: bigint) => formatAmount(v, priceScale);
      await notifyInvestor(q, {
        userId: alert.userId,
        key: `notice.alert.${alert.kind}`,
        params: [
          alert.symbol,
          shown(price),
          isMove(alert.kind) ? formatAmount(BigInt(alert.moveBp ?? 0), 2) : shown(alert.level ?? 0n),
        ],
        ref: `alert:${alert.id}`,
        nowMs,
      });
      return true;
    });
  }

  async function step(nowMs = clock.now()): Promise<number> {
    let fired = 0;
    for (const symbol of [...symbols]) {
      const near = triggers.nearest(symbol);
      const hasMoves = (moves.get(symbol)?.size ?? 0) > 0;
      if (near.above === undefined && near.below === undefined && !hasMoves) {
        symbols.delete(symbol);
        moves.delete(symbol);
        continue;
      }
      const quote = await quoteOrNull(market, symbol, nowMs);
      if (!quote || quote.last <= 0n) continue;
      if (hasMoves) await refileMoves(symbol, quote.prevClose);
      for (const trigger of triggers.fire(symbol, quote.last)) {
        try {
          if (await fire(trigger, quote.last, nowMs)) fired++;
          // Fired, or found no longer armed: done either way.
          moves.get(symbol)?.delete(trigger.id);
        } catch (err) {
          // Kept armed: tried again on the next step.
          log.warn({ err, alert: trigger.id }, 'price alert not fired');
          if (!triggers.has(trigger.id)) triggers.add(trigger);
        }
      }
    }
    return fired;
  }

  const loop = engineLoop(log, 'alerts engine step failed', () => step(), 1000, {
    elect: () => electLeader(services.bus, { name: 'engine:alerts', onError: leaseError(log) }),
    onLead: load,
  });

  return {
    triggers,
    load,
    async arm(alert) {
      await file(alert, clock.now());
      news.announce({ armed: String(alert.id) });
    },
    disarm(id) {
      disarm(id);
      news.announce({ disarmed: String(id) });
    },
    step,
    start(intervalMs) {
      news.listen().catch((err: unknown) => log.warn({ err }, 'alert news not heard'));
      loop.start(intervalMs);
    },
    async stop() {
      await loop.stop();
      await news.close();
    },
  };
}
