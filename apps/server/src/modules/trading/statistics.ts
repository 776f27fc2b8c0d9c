import type { CurrencyStatisticsView, StatisticsPeriod } from '@piazza/contract/calls/trading-shapes';
import { formatAmount } from '@piazza/core/money';
import { tradeValue } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf, scalesOf } from './order-fills';
import { type ReplayFill, replayFills, winRateBasisPoints } from './statistics-replay';

/*
 * /stock/order/statistics (SPEC §7): the user's results per currency from the executed fills of their
 * stock orders, replayed in order (statistics-replay.ts); nothing of it is stored. EUR and USD are never
 * added together: each currency is its own line.
 */

const dayMs = 86_400_000;
const periodDays: Record<StatisticsPeriod, number | null> = { all: null, '30d': 30 };

const restingStates = new Set(['open', 'partial']);

export async function userStatistics(
  q: Queryable,
  services: Services,
  userId: number,
  period: StatisticsPeriod,
  nowMs: number,
): Promise<CurrencyStatisticsView[]> {
  const days = periodDays[period];
  const fromMs = days === null ? null : nowMs - days * dayMs;
  const isStock = (symbol: string) => services.market.instrument(symbol)?.kind === 'stock';

  const fills = await q.query<ReplayFill & { currency: string; state: string; at: Date }>(
    `select f.order_id as "orderId", f.symbol, f.side, f.quantity, f.value, f.fee, f.created_at as at,
            o.currency, o.state
       from stock_fills f join stock_orders o on o.id = f.order_id
      where f.user_id = $1 order by f.id`,
    [userId],
  );
  // Shares delivered by an offering or a block trade: acquisitions the sells may draw on (migration 191).
  const deliveries = await q.query<{ symbol: string; quantity: bigint; cost: bigint; at: Date }>(
    `select symbol, quantity, coalesce(cost, 0) as cost, coalesce(delivered_at, settles_at) as at
       from stock_lots where user_id = $1 and source <> 'fill' order by id`,
    [userId],
  );
  const orders = await q.query<{ symbol: string; currency: string; n: bigint }>(
    `select symbol, currency, count(*) as n from stock_orders
      where user_id = $1 and created_at >= $2 group by symbol, currency`,
    [userId, new Date(fromMs ?? 0)],
  );

  const byCurrency = new Map<string, { fills: ReplayFill[]; closedSells: Set<bigint>; orders: number }>();
  const of = (currency: string) => {
    let c = byCurrency.get(currency);
    if (!c) {
      c = { fills: [], closedSells: new Set(), orders: 0 };
      byCurrency.set(currency, c);
    }
    return c;
  };
  for (const f of fills) {
    if (!isStock(f.symbol)) continue;
    const c = of(f.currency);
    c.fills.push({ ...f, atMs: f.at.getTime() });
    if (f.side === 'sell' && !restingStates.has(f.state)) c.closedSells.add(f.orderId);
  }
  // A delivery goes in before the first fill after it; the fills keep the order they were made in.
  for (const d of deliveries) {
    const instrument = services.market.instrument(d.symbol);
    if (instrument?.kind !== 'stock') continue;
    const { fills: list } = of(instrument.currency);
    const atMs = d.at.getTime();
    const before = list.findIndex((f) => f.atMs > atMs);
    const delivery = {
      orderId: 0n,
      symbol: d.symbol,
      side: 'delivery' as const,
      quantity: d.quantity,
      value: d.cost,
      fee: 0n,
      atMs,
    };
    list.splice(before === -1 ? list.length : before, 0, delivery);
  }
  for (const o of orders) if (isStock(o.symbol)) of(o.currency).orders += Number(o.n);

  const list: CurrencyStatisticsView[] = [];
  for (const currency of [...byCurrency.keys()].sort()) {
    const c = of(currency);
    const scale = await currencyScaleOf(q, currency);
    const replay = replayFills(c.fills, fromMs);
    let unrealised = 0n;
    for (const [symbol, holding] of replay.holdings) {
      if (holding.quantity === 0n) continue;
      const instrument = services.market.instrument(symbol);
      if (!instrument) continue;
      const quote = await services.market.quote(symbol, nowMs).catch((err: unknown) => {
        if (err instanceof MarketUnavailable) throw new Refusal('market.unavailable', [err.symbol]);
        throw err;
      });
      unrealised += tradeValue(quote.last * holding.quantity, scalesOf(instrument, scale)) - holding.cost;
    }
    // A sell closed in the window: it no longer rests and some of its fills fall in the window.
    const closed = [...c.closedSells].filter((id) => replay.sellPnl.has(id));
    const wins = closed.filter((id) => (replay.sellPnl.get(id) ?? 0n) > 0n).length;
    const winRate = winRateBasisPoints(wins, closed.length);
    const money = (v: bigint) => formatAmount(v, scale);
    list.push({
      currency,
      realisedPnl: money(replay.realisedPnl),
      unrealisedPnl: money(unrealised),
      fees: money(replay.fees),
      boughtValue: money(replay.boughtValue),
      soldValue: money(replay.soldValue),
      orders: c.orders,
      fills: replay.fills,
      closedSells: closed.length,
      winningSells: wins,
      winRate: winRate === null ? null : formatAmount(winRate, 2),
    });
  }
  return list;
}
