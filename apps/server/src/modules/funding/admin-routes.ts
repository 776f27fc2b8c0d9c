import * as calls from '@piazza/contract/calls/funding-admin';
import type { FastifyInstance } from 'fastify';
import { implement, operatorOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { audit } from '../../kit/audit';
import type { Services } from '../../services';
import { channelAdminViewOf, listChannels, saveChannel } from './channels';
import { approveDeposit, depositQueue, processDeposit, rejectDeposit } from './deposits';
import { quoteTtlMs, spreadBp } from './exchange';
import { listRules, ruleAdminViewOf, saveRule } from './withdraw-rules';
import { approveWithdrawal, processWithdrawal, rejectWithdrawal, withdrawalQueue } from './withdrawals';

/** The back office of funding: channels and rules (admin), the deposit and withdrawal queues (finance). */
export function mountFundingAdmin(app: FastifyInstance, services: Services): void {
  const { clock } = services;
  const waiting = ['review', 'processing'] as const;

  implement(app, services, calls.adminFundingChannels, async (ctx) => ({
    list: (await listChannels(ctx.db, { activeOnly: false })).map(channelAdminViewOf),
  }));
  implement(app, services, calls.adminFundingChannelSave, async (ctx) => {
    const op = operatorOf(ctx);
    return channelAdminViewOf(await ctx.db.tx((tx) => saveChannel(tx, ctx.input, op.id, clock.now())));
  });

  implement(app, services, calls.adminFundingDeposits, async (ctx) =>
    depositQueue(ctx.db, {
      userId: ctx.input.userId,
      states: ctx.input.state ? [ctx.input.state] : waiting,
      page: ctx.input.page ?? 1,
      size: ctx.input.size ?? 20,
      oldestFirst: true,
    }),
  );
  implement(app, services, calls.adminFundingDepositProcess, async (ctx) => {
    const op = operatorOf(ctx);
    const row = await ctx.db.tx((tx) => processDeposit(tx, ctx.input.id, op.id, clock.now()));
    publishAfterReply(services, ctx.reply, row.userId, 'deposit', row);
    return row;
  });
  implement(app, services, calls.adminFundingDepositApprove, async (ctx) => {
    const op = operatorOf(ctx);
    const row = await approveDeposit(ctx.q, ctx.input.id, op.id, clock.now());
    publishAfterReply(services, ctx.reply, row.userId, 'deposit', row);
    return row;
  });
  implement(app, services, calls.adminFundingDepositReject, async (ctx) => {
    const op = operatorOf(ctx);
    const row = await rejectDeposit(ctx.q, ctx.input.id, op.id, clock.now(), ctx.input.reason);
    publishAfterReply(services, ctx.reply, row.userId, 'deposit', row);
    return row;
  });

  implement(app, services, calls.adminFundingWithdrawals, async (ctx) =>
    withdrawalQueue(ctx.db, {
      userId: ctx.input.userId,
      states: ctx.input.state ? [ctx.input.state] : waiting,
      page: ctx.input.page ?? 1,
      size: ctx.input.size ?? 20,
      oldestFirst: true,
    }),
  );
  implement(app, services, calls.adminFundingWithdrawalProcess, async (ctx) => {
    const op = operatorOf(ctx);
    const row = await ctx.db.tx((tx) => processWithdrawal(tx, ctx.input.id, op.id, clock.now()));
    publishAfterReply(services, ctx.reply, row.userId, 'withdrawal', row);
    return row;
  });
  implement(app, services, calls.adminFundingWithdrawalApprove, async (ctx) => {
    const op = operatorOf(ctx);
    const row = await approveWithdrawal(ctx.q, ctx.input.id, op.id, clock.now());
    publishAfterReply(services, ctx.reply, row.userId, 'withdrawal', row);
    return row;
  });
  implement(app, services, calls.adminFundingWithdrawalReject, async (ctx) => {
    const op = operatorOf(ctx);
    const row = await rejectWithdrawal(ctx.q, ctx.input.id, op.id, clock.now(), ctx.input.reason);
    publishAfterReply(services, ctx.reply, row.userId, 'withdrawal', row);
    return row;
  });

  implement(app, services, calls.adminFundingWithdrawRules, async (ctx) => ({
    list: (await listRules(ctx.db, { activeOnly: false })).map(ruleAdminViewOf),
  }));
  implement(app, services, calls.adminFundingWithdrawRuleSave, async (ctx) => {
    const op = operatorOf(ctx);
    return ruleAdminViewOf(await ctx.db.tx((tx) => saveRule(tx, ctx.input, op.id, clock.now())));
  });

  implement(app, services, calls.adminFundingExchangeConfig, async (ctx) => ({
    spreadBp: await spreadBp(ctx.db),
    quoteTtlMs,
  }));
  implement(app, services, calls.adminFundingExchangeSave, async (ctx) => {
    const op = operatorOf(ctx);
    return ctx.db.tx(async (tx) => {
      const before = await spreadBp(tx);
      await tx.query(
        `insert into funding_settings (key, value, updated_at) values ('exchange.spreadBp', $1, $2)
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
        [String(ctx.input.spreadBp), new Date(clock.now())],
      );
      await audit(tx, {
        operatorId: op.id,
        action: 'exchange.spread',
        targetType: 'funding_setting',
        targetId: 'exchange.spreadBp',
        before: { spreadBp: before },
        after: { spreadBp: ctx.input.spreadBp },
      });
      return { spreadBp: ctx.input.spreadBp, quoteTtlMs };
    });
  });
}
