import * as calls from '@piazza/contract/calls/alerts';
import { parseAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { pageAt, pagedRows } from '../../kit/paging';
import { quoteOrNull } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { type AlertEngine, createAlertEngine } from './alert-engine';
import { type AlertRow, alertColumns, alertOf, alertViewOf, isMove } from './alert-rows';

/* Price alerts for investors (issue 20 item 4, decision 055). */

/** Armed alerts one investor may have at once. */
export const alertsArmedMax = 50;

const engines = new WeakMap<Services, AlertEngine>();

/** The alert engine this app's module made (tests step it by hand). */
export function alertEngineOf(services: Services): AlertEngine | undefined {
  return engines.get(services);
}

export async function registerPriceAlerts(app: FastifyInstance, services: Services): Promise<void> {
  const engine = createAlertEngine(services);
  engines.set(services, engine);
  app.addHook('onListen', async () => {
    await engine.load();
    engine.start();
  });
  app.addHook('onClose', () => engine.stop());

  implement(app, services, calls.userAlertList, async (ctx) => {
    const at = pageAt(ctx.input);
    const params: unknown[] = [userOf(ctx).id];
    let where = 'user_id = $1';
    if (ctx.input.symbol) {
      params.push(ctx.input.symbol);
      where += ' and symbol = $2';
    }
    const { rows, total } = await pagedRows<AlertRow>(
      ctx.db,
      { columns: alertColumns, from: 'price_alerts', where, orderBy: 'id desc', params },
      at,
    );
    return { list: rows.map((r) => alertViewOf(services, r)), total, ...at };
  });

  implement(app, services, calls.userAlertCreate, async (ctx) => {
    const userId = userOf(ctx).id;
    const { symbol, kind } = ctx.input;
    const instrument = services.market.instrument(symbol);
    if (!instrument) throw new Refusal('alert.unknownSymbol', [symbol]);
    let level: bigint | null = null;
    let moveBp: number | null = null;
    if (isMove(kind)) {
      const bp = ctx.input.percent === undefined ? null : parseAmount(ctx.input.percent, 2);
      if (bp === null || bp < 1n || bp > 10_000n) throw new Refusal('alert.percent');
      moveBp = Number(bp);
    } else {
      level = ctx.input.price === undefined ? null : parseAmount(ctx.input.price, instrument.priceScale);
      if (level === null || level <= 0n) throw new Refusal('alert.price');
      const quote = await quoteOrNull(services.market, symbol);
      if (!quote) throw new Refusal('alert.market', [symbol]);
      // An alert that would fire at once tells the investor nothing they cannot see.
      if (kind === 'above' && quote.last >= level)
        throw new Refusal('alert.alreadyAbove', [ctx.input.price as string]);
      if (kind === 'below' && quote.last <= level)
        throw new Refusal('alert.alreadyBelow', [ctx.input.price as string]);
    }
    const row = await ctx.db.tx(async (q) => {
      // The investor's alerts, counted under a lock on their user row, so two at once cannot pass the cap.
      await q.query('select id from users where id = $1 for update', [userId]);
      const [count] = await q.query<{ n: bigint }>(
        `select count(*) as n from price_alerts where user_id = $1 and state = 'armed'`,
        [userId],
      );
      if (Number(count?.n ?? 0n) >= alertsArmedMax) throw new Refusal('alert.tooMany', [alertsArmedMax]);
      const [inserted] = await q.query<AlertRow>(
        `insert into price_alerts (user_id, symbol, kind, level, move_bp) values ($1, $2, $3, $4, $5)
         returning ${alertColumns}`,
        [userId, instrument.symbol, kind, level, moveBp],
      );
      return inserted as AlertRow;
    });
    await engine.arm(row);
    return alertViewOf(services, row);
  });

  implement(app, services, calls.userAlertCancel, async (ctx) => {
    const userId = userOf(ctx).id;
    const row = await ctx.db.tx(async (q) => {
      const alert = await alertOf(q, BigInt(ctx.input.id), true);
      if (!alert || alert.userId !== userId) throw new Refusal('alert.notFound');
      if (alert.state !== 'armed') throw new Refusal('alert.notArmed');
      await q.query(`update price_alerts set state = 'cancelled' where id = $1`, [alert.id]);
      return { ...alert, state: 'cancelled' as const };
    });
    engine.disarm(row.id);
    return alertViewOf(services, row);
  });
}
