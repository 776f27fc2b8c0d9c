import * as calls from '@piazza/contract/calls/options';
import { formatAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { pagedRows } from '../../kit/paging';
import { valuePositionsWith } from '../../kit/position-worth';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import { Refusal } from '../../platform/refusal';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import { currencyScaleOf } from '../trading';
import { optionUnderlyings, optionVerdictOf, seriesOf, underlyingOf } from './option-market';
import { type OptionRow, optionColumns, optionViewOf, optionViews } from './option-rows';
import { buyOption, closeOption, settleExpiredOptions } from './option-trades';
import { optionWorth } from './option-worth';

export interface OptionExpiryJob {
  /** Settles what has expired by `nowMs` (the clock's now by default); answers how many were settled. */
  step(nowMs?: number): Promise<number>;
}

const jobs = new WeakMap<Services, OptionExpiryJob>();

/** The expiry step registerOptions made for this app, if it is mounted (tests step it by hand). */
export function optionExpiryJobOf(services: Services): OptionExpiryJob | undefined {
  return jobs.get(services);
}

function expiryStep(services: Services) {
  return async (nowMs = services.clock.now()) => {
    const { settled, unpriced } = await settleExpiredOptions(services, nowMs);
    // Committed: tell each owner's open screens to read their options and balances again.
    for (const option of settled) {
      await publishUserEvent(services.bus, option.userId, 'option', {
        id: Number(option.id),
        state: option.state,
      }).catch((err: unknown) => services.log.warn({ err }, 'user event not published'));
    }
    return { settled: settled.length, unpriced };
  };
}

/**
 * Option expiry as a job of the runner (issue 11): a period is one expiry instant (third Fridays at the
 * close), run once across instances. An option whose underlying had no price fails the run, to be retried.
 */
function optionExpiryJob(services: Services, step: ReturnType<typeof expiryStep>): JobDefinition {
  return {
    name: 'option-expiry',
    async due(nowMs) {
      const rows = await services.db.query<{ at: Date }>(
        `select distinct expires_at as at from option_orders where state = 'holding' and expires_at <= $1
          order by expires_at limit 100`,
        [new Date(nowMs)],
      );
      return rows.map((r) => r.at.toISOString());
    },
    async run(key) {
      const at = Date.parse(key);
      if (!Number.isFinite(at)) throw new Error(`not an instant: ${key}`);
      const { settled, unpriced } = await step(at);
      if (unpriced > 0)
        throw new Error(`${settled} options settled, ${unpriced} without a price of their underlying`);
      return `${settled} options settled`;
    },
  };
}

/** Options on stocks and indices (issue 6 item 4): series, purchase, close, lists, statistics, expiry job. */
export async function registerOptions(app: FastifyInstance, services: Services): Promise<OptionExpiryJob> {
  const { clock } = services;
  const step = expiryStep(services);
  const job: OptionExpiryJob = { step: async (nowMs) => (await step(nowMs)).settled };
  jobs.set(services, job);
  services.jobs.define(optionExpiryJob(services, step));
  // Held options count in the investor's total wealth at the mark (/user/assets).
  valuePositionsWith(services, optionWorth(services));
  // The transaction password of a purchase or a close, checked before the money transaction opens.
  // The transaction password, asked before the money transaction opens (security/pin-guard.ts).
  const tradePin = tradePinGuard(services);

  implement(app, services, calls.stockOptionRule, async (ctx) => {
    const userId = userOf(ctx).id;
    const underlyings = optionUnderlyings(services).map((i) => ({
      symbol: i.symbol,
      name: i.name,
      kind: i.kind,
      currency: i.currency,
    }));
    if (ctx.input.symbol === undefined) return { underlyings, series: null };
    const instrument = underlyingOf(services, ctx.input.symbol);
    const verdict = await optionVerdictOf(ctx.db, userId);
    return { underlyings, series: await seriesOf(ctx.db, services, instrument, verdict, clock.now()) };
  });

  implement(
    app,
    services,
    calls.stockOrderOptionApply,
    async (ctx) => {
      const user = userOf(ctx);
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const nowMs = clock.now();
      const option = await buyOption(ctx.q, services, {
        userId: user.id,
        symbol: ctx.input.symbol,
        right: ctx.input.right,
        strike: ctx.input.strike,
        expiresAt: ctx.input.expiresAt,
        contracts: ctx.input.contracts,
        acknowledgeRisk: ctx.input.acknowledgeRisk ?? false,
        nowMs,
      });
      const view = await optionViewOf(ctx.q, services, option, nowMs);
      publishAfterReply(services, ctx.reply, user.id, 'option', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(
    app,
    services,
    calls.stockOrderOptionClose,
    async (ctx) => {
      const user = userOf(ctx);
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const nowMs = clock.now();
      const option = await closeOption(ctx.q, services, user.id, ctx.input.id, nowMs);
      const view = await optionViewOf(ctx.q, services, option, nowMs);
      publishAfterReply(services, ctx.reply, user.id, 'option', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(app, services, calls.stockOrderOptionList, async (ctx) => {
    const userId = userOf(ctx).id;
    const page = ctx.input.page ?? 1;
    const size = ctx.input.size ?? 20;
    const where =
      ctx.input.status === 'holding'
        ? `and state = 'holding'`
        : ctx.input.status === 'ended'
          ? `and state <> 'holding'`
          : '';
    const { rows, total } = await pagedRows<OptionRow>(
      ctx.db,
      {
        columns: optionColumns,
        from: 'option_orders',
        where: `user_id = $1 ${where}`,
        orderBy: 'id desc',
        params: [userId],
      },
      { page, size },
    );
    return { list: await optionViews(ctx.db, services, rows, clock.now()), total, page, size };
  });

  implement(app, services, calls.stockOrderOptionStatistics, async (ctx) => {
    const rows = await ctx.db.query<{
      currency: string;
      trades: bigint;
      holding: bigint;
      premiumPaid: bigint;
      proceeds: bigint;
      endedPremium: bigint;
      wins: bigint;
      losses: bigint;
    }>(
      `select currency, count(*) as trades,
              count(*) filter (where state = 'holding') as holding,
              coalesce(sum(premium), 0) as "premiumPaid",
              coalesce(sum(close_value), 0) as proceeds,
              coalesce(sum(premium) filter (where state <> 'holding'), 0) as "endedPremium",
              count(*) filter (where state <> 'holding' and close_value > premium) as wins,
              count(*) filter (where state <> 'holding' and close_value < premium) as losses
         from option_orders where user_id = $1 group by currency order by currency`,
      [userOf(ctx).id],
    );
    const list = [];
    for (const r of rows) {
      const scale = await currencyScaleOf(ctx.db, r.currency);
      list.push({
        currency: r.currency,
        trades: Number(r.trades),
        holding: Number(r.holding),
        ended: Number(r.trades) - Number(r.holding),
        premiumPaid: formatAmount(BigInt(r.premiumPaid), scale),
        proceeds: formatAmount(BigInt(r.proceeds), scale),
        realisedPnl: formatAmount(BigInt(r.proceeds) - BigInt(r.endedPremium), scale),
        wins: Number(r.wins),
        losses: Number(r.losses),
      });
    }
    return { list };
  });

  return job;
}
