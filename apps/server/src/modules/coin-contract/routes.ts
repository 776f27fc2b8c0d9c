import * as calls from '@piazza/contract/calls/coin-contract';
import { formatAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { pagedRows } from '../../kit/paging';
import { valuePositionsWith } from '../../kit/position-worth';
import { balanceOf } from '../../ledger/post';
import { quoteOrNull } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import { marketNow } from '../trading';
import { closePosition } from './close-position';
import { createLiquidationEngine, type LiquidationEngine } from './liquidation-engine';
import {
  addMargin,
  cancelLimitOpening,
  leveragedVerdict,
  openPosition,
  triggerPriceOf,
  userUsdt,
} from './open-position';
import { perpetualWorth } from './perpetual-worth';
import {
  lockUserPosition,
  openState,
  type PositionRow,
  positionColumns,
  positionViewOf,
  restingState,
  userPosition,
} from './positions';
import { contractInstrumentOf, contractTermsNow, marginCurrency, usdt } from './terms';

const engines = new WeakMap<Services, LiquidationEngine>();

/** The liquidation engine registerCoinContract made for this app, if it is mounted. */
export function liquidationEngineOf(services: Services): LiquidationEngine | undefined {
  return engines.get(services);
}

/**
 * USDT-margined perpetual contracts (issue 7). The liquidation engine is rebuilt from the database and runs
 * on its own once the server listens; tests step it by hand.
 */
export async function registerCoinContract(
  app: FastifyInstance,
  services: Services,
): Promise<LiquidationEngine> {
  // The transaction password of an opening is asked before its transaction opens (security/pin-guard.ts).
  // The transaction password, asked before the money transaction opens (security/pin-guard.ts).
  const tradePin = tradePinGuard(services);
  const { clock, market } = services;
  const engine = createLiquidationEngine(services);
  engines.set(services, engine);
  app.addHook('onListen', async () => {
    await engine.load();
    engine.start();
  });
  app.addHook('onClose', () => engine.stop());
  // The open P&L counts in the investor's total wealth (/user/assets).
  valuePositionsWith(services, perpetualWorth(services));

  /** The last price of a pair, or null when the feed cannot answer (the view then shows no live P&L). */
  const lastPrice = async (symbol: string): Promise<bigint | null> =>
    (await quoteOrNull(market, symbol, clock.now()))?.last ?? null;
  const viewOf = async (row: PositionRow) =>
    positionViewOf(
      row,
      contractInstrumentOf(services, row.symbol),
      row.state === openState ? await lastPrice(row.symbol) : null,
    );
  /** Re-arms the engine and tells the app once the answer (and so the transaction) has gone out. */
  const afterReply = (
    ctx: { reply: Parameters<typeof publishAfterReply>[1] },
    row: PositionRow,
    view: object,
  ) => {
    ctx.reply.raw.once('finish', () => engine.track(row));
    publishAfterReply(services, ctx.reply, row.userId, 'contract', view as Record<string, unknown>);
  };

  implement(app, services, calls.coinContractOrderMultiple, async (ctx) => {
    const user = userOf(ctx);
    const instrument = contractInstrumentOf(services, ctx.input.symbol);
    const terms = await contractTermsNow(ctx.db);
    return {
      symbol: instrument.symbol,
      name: instrument.name,
      currency: marginCurrency,
      leverageMax: terms.leverageMax,
      choices: terms.choices,
      maintenanceRateBp: terms.maintenanceRateBp,
      feeRateBp: terms.feeRateBp,
      marginMin: usdt(terms.marginMin),
      available: usdt(await balanceOf(ctx.db, userUsdt(user.id, 'contract'))),
      lastPrice: await lastPrice(instrument.symbol).then((p) =>
        p === null ? null : formatAmount(p, instrument.priceScale),
      ),
      priceScale: instrument.priceScale,
      quantityScale: instrument.quantityScale,
      appropriateness: await leveragedVerdict(ctx.db, user.id),
    };
  });

  implement(
    app,
    services,
    calls.coinContractAdd,
    async (ctx) => {
      const user = userOf(ctx);
      // The password itself was verified by the route's guard option, before this transaction opened.
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const { tradePassword: _verified, ...ticket } = ctx.input;
      const {
        row,
        instrument,
        lastPrice: last,
      } = await openPosition(ctx.q, services, {
        userId: user.id,
        ...ticket,
        nowMs: clock.now(),
      });
      const view = positionViewOf(row, instrument, last);
      afterReply(ctx, row, view);
      return view;
    },
    { guard: tradePin },
  );

  implement(app, services, calls.coinContractList, async (ctx) => {
    const userId = userOf(ctx).id;
    const page = ctx.input.page ?? 1;
    const size = ctx.input.size ?? 20;
    const where = ctx.input.state ? 'user_id = $1 and state = $2' : 'user_id = $1';
    const params: unknown[] = ctx.input.state ? [userId, ctx.input.state] : [userId];
    const { rows, total } = await pagedRows<PositionRow>(
      ctx.db,
      { columns: positionColumns, from: 'coin_contract_positions', where, orderBy: 'id desc', params },
      { page, size },
    );
    const list = [];
    for (const row of rows) list.push(await viewOf(row));
    return { list, total, page, size };
  });

  implement(app, services, calls.coinContractListActive, async (ctx) => {
    const userId = userOf(ctx).id;
    const rows = await activeRows(ctx.db, userId, ctx.input.symbol);
    const list = [];
    for (const row of rows) list.push(await viewOf(row));
    return { list };
  });

  implement(app, services, calls.coinContractQuery, async (ctx) =>
    viewOf(await userPosition(ctx.db, userOf(ctx).id, ctx.input.id)),
  );

  /** Closes one locked position of the user at market, in the call's transaction. */
  const closeAtMarket = async (q: Queryable, row: PositionRow, nowMs: number) => {
    const instrument = contractInstrumentOf(services, row.symbol);
    // A limit opening still resting is cancelled: nothing was traded, everything it froze returns.
    if (row.state === restingState) {
      await cancelLimitOpening(q, row, nowMs);
      return positionViewOf(row, instrument, null);
    }
    if (row.state !== openState) throw new Refusal('coinContract.notOpen');
    const { quote, book } = await marketNow(services, row.symbol, nowMs);
    if (quote.status !== 'open') throw new Refusal('coinContract.noLiquidity');
    await closePosition(q, row, {
      instrument,
      book,
      markPrice: quote.last,
      reason: 'user',
      nowMs,
      actor: { type: 'user', id: String(row.userId) },
    });
    return positionViewOf(row, instrument, null);
  };
  const closeOne = async (
    ctx: Parameters<Parameters<typeof implement<typeof calls.coinContractClose>>[3]>[0],
  ) => {
    const user = userOf(ctx);
    const row = await lockUserPosition(ctx.q, user.id, ctx.input.id);
    const view = await closeAtMarket(ctx.q, row, clock.now());
    afterReply(ctx, row, view);
    return view;
  };
  implement(app, services, calls.coinContractClose, closeOne);
  implement(app, services, calls.coinContractLiquidate, closeOne);

  implement(app, services, calls.coinContractLiquidateAll, async (ctx) => {
    const user = userOf(ctx);
    const nowMs = clock.now();
    const rows = await ctx.q.query<PositionRow>(
      `select ${positionColumns} from coin_contract_positions
        where user_id = $1 and state in ('${restingState}', '${openState}')
          and ($2::text is null or symbol = $2)
        order by id for update`,
      [user.id, ctx.input.symbol ?? null],
    );
    const list = [];
    for (const row of rows) {
      const view = await closeAtMarket(ctx.q, row, nowMs);
      afterReply(ctx, row, view);
      list.push(view);
    }
    return { list };
  });

  const setTrigger =
    (kind: 'takeProfit' | 'stopLoss') =>
    async (ctx: {
      input: { id: number; price?: string | undefined };
      user: Parameters<typeof userOf>[0]['user'];
      db: Services['db'];
      reply: Parameters<typeof publishAfterReply>[1];
    }) => {
      const user = userOf(ctx);
      const nowMs = clock.now();
      const { row, instrument } = await ctx.db.tx(async (q) => {
        const row = await lockUserPosition(q, user.id, ctx.input.id);
        if (row.state === restingState) throw new Refusal('coinContract.notFilled');
        if (row.state !== openState) throw new Refusal('coinContract.notOpen');
        const instrument = contractInstrumentOf(services, row.symbol);
        let price: bigint | null = null;
        if (ctx.input.price !== undefined) {
          const { quote } = await marketNow(services, row.symbol, nowMs);
          price = triggerPriceOf(ctx.input.price, kind, row.side, quote.last, instrument);
        }
        if (kind === 'takeProfit') row.takeProfit = price;
        else row.stopLoss = price;
        await q.query(
          `update coin_contract_positions set ${kind === 'takeProfit' ? 'take_profit' : 'stop_loss'} = $2,
                updated_at = $3 where id = $1`,
          [row.id, price, new Date(nowMs)],
        );
        return { row, instrument };
      });
      const view = positionViewOf(row, instrument, await lastPrice(row.symbol));
      afterReply(ctx, row, view);
      return view;
    };
  implement(app, services, calls.coinContractSetProfit, setTrigger('takeProfit'));
  implement(app, services, calls.coinContractSetLoss, setTrigger('stopLoss'));

  implement(app, services, calls.coinContractAddMargin, async (ctx) => {
    const user = userOf(ctx);
    const row = await lockUserPosition(ctx.q, user.id, ctx.input.id);
    const instrument = contractInstrumentOf(services, row.symbol);
    await addMargin(ctx.q, row, instrument, ctx.input.amount, clock.now());
    const view = positionViewOf(row, instrument, await lastPrice(row.symbol));
    afterReply(ctx, row, view);
    return view;
  });

  return engine;
}

async function activeRows(q: Queryable, userId: number, symbol: string | undefined) {
  return q.query<PositionRow>(
    `select ${positionColumns} from coin_contract_positions
      where user_id = $1 and state in ('${restingState}', '${openState}') and ($2::text is null or symbol = $2)
      order by id desc`,
    [userId, symbol ?? null],
  );
}
