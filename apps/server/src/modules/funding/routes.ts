import * as calls from '@piazza/contract/calls/funding';
import { type ChannelKind, cryptoNetworks } from '@piazza/contract/enums';
import type { FastifyInstance } from 'fastify';
import { type CallContext, implement, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { checkContractWithdrawal, contractBalanceMoved } from '../../kit/transfer-guards';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { mountFundingAdmin } from './admin-routes';
import { userBills } from './bills';
import {
  addBinding,
  addCryptoAddress,
  bindingInfo,
  deleteBinding,
  deleteCryptoAddress,
  listBindings,
  listCryptoAddresses,
  walletTypes,
} from './bindings';
import { activeChannel, channelViewOf, listChannels, seedDemoChannels } from './channels';
import { depositAddress, generateDepositAddress } from './deposit-addresses';
import { submitDeposit, userDeposit, userDeposits } from './deposits';
import { confirmQuote, createQuote } from './exchange';
import { transfer } from './transfers';
import { userRuleViews } from './withdraw-rules';
import { pinVerified, withdrawalPinGuard } from './withdrawal-pin';
import { freezeWithdrawal, userWithdrawal, userWithdrawals } from './withdrawals';

/** Money in and out (DESIGN.md §10; the call mapping is decision 010). */
export async function registerFunding(app: FastifyInstance, services: Services): Promise<void> {
  const { clock } = services;
  if (services.config.demoMode) await services.db.tx((tx) => seedDemoChannels(tx, clock.now()));
  const withdrawalPin = withdrawalPinGuard(services);
  const page = (input: { page?: number | undefined; size?: number | undefined }) => ({
    page: input.page ?? 1,
    size: input.size ?? 20,
  });

  implement(app, services, calls.indexBankTmpl, async () => ({
    bankFields: [
      { name: 'name', required: true },
      { name: 'iban', required: true },
      { name: 'bic', required: false },
      { name: 'bankName', required: false },
      { name: 'address', required: false },
      { name: 'routingNumber', required: false },
      { name: 'district', required: false },
      { name: 'branchName', required: false },
      { name: 'pixAccount', required: false },
      { name: 'taxId', required: false },
    ],
    walletTypes: [...walletTypes],
    networks: [...cryptoNetworks],
  }));

  implement(app, services, calls.indexBankRecharge, async (ctx) => {
    const rows = await listChannels(ctx.db, { activeOnly: true });
    const now = clock.now();
    return { list: rows.filter((r) => r.kind !== 'crypto').map((r) => channelViewOf(r, now, ctx.user?.id)) };
  });

  implement(app, services, calls.indexRechargeCoins, async (ctx) => {
    const rows = await listChannels(ctx.db, { activeOnly: true });
    const now = clock.now();
    return { list: rows.filter((r) => r.kind === 'crypto').map((r) => channelViewOf(r, now, ctx.user?.id)) };
  });

  const deposit =
    (kinds: ChannelKind[]) =>
    async (ctx: CallContext<typeof calls.userRechargeAdd> | CallContext<typeof calls.coinRechargeAdd>) => {
      const user = userOf(ctx);
      const view = await submitDeposit(ctx.q, { ...ctx.input, userId: user.id, kinds, nowMs: clock.now() });
      publishAfterReply(services, ctx.reply, user.id, 'deposit', view);
      return view;
    };
  implement(app, services, calls.userRechargeAdd, deposit(['bank', 'wallet', 'offline']));
  implement(app, services, calls.userRechargeBankRequest, deposit(['bank']));
  implement(app, services, calls.coinRechargeAdd, deposit(['crypto']));

  implement(app, services, calls.userRechargeBankRequestInfo, async (ctx) => {
    const user = userOf(ctx);
    const channel = await activeChannel(ctx.db, ctx.input.channelId);
    if (channel.kind !== 'bank') throw new Refusal('funding.channel.kind');
    const view = channelViewOf(channel, clock.now(), user.id);
    return { channel: view, bank: view.bank! };
  });

  implement(app, services, calls.userRechargeOrder, async (ctx) => {
    const user = userOf(ctx);
    return userDeposits(ctx.db, {
      userId: user.id,
      kinds: ctx.input.kind ? [ctx.input.kind] : ['bank', 'wallet', 'offline'],
      states: ctx.input.state ? [ctx.input.state] : undefined,
      ...page(ctx.input),
      oldestFirst: false,
    });
  });

  implement(app, services, calls.coinRechargeOrder, async (ctx) => {
    const user = userOf(ctx);
    return userDeposits(ctx.db, {
      userId: user.id,
      kinds: ['crypto'],
      states: ctx.input.state ? [ctx.input.state] : undefined,
      ...page(ctx.input),
      oldestFirst: false,
    });
  });

  implement(app, services, calls.userRechargeStatus, async (ctx) =>
    userDeposit(ctx.db, userOf(ctx).id, ctx.input.id),
  );

  implement(app, services, calls.coinRechargeAddress, async (ctx) =>
    depositAddress(ctx.db, userOf(ctx).id, ctx.input.network),
  );
  implement(app, services, calls.coinRechargeAddressGenerate, async (ctx) =>
    generateDepositAddress(ctx.db, userOf(ctx).id, ctx.input.network, {
      demoMode: services.config.demoMode,
      nowMs: clock.now(),
    }),
  );

  // Binding ------------------------------------------------------------------------------------------
  implement(app, services, calls.bankAdd, async (ctx) =>
    ctx.db.tx((tx) => addBinding(tx, userOf(ctx).id, ctx.input, clock.now())),
  );
  implement(app, services, calls.bankDel, async (ctx) => {
    await deleteBinding(ctx.db, userOf(ctx).id, ctx.input.id, clock.now());
    return { id: ctx.input.id };
  });
  implement(app, services, calls.bankList, async (ctx) => ({
    list: await listBindings(ctx.db, userOf(ctx).id, ctx.input.kind),
  }));
  implement(app, services, calls.bankInfo, async (ctx) => bindingInfo(ctx.db, userOf(ctx).id, ctx.input.id));

  implement(app, services, calls.coinWithdrawAddress, async (ctx) => ({
    list: await listCryptoAddresses(ctx.db, userOf(ctx).id, ctx.input.network),
  }));
  implement(app, services, calls.coinWithdrawAddressGenerate, async (ctx) =>
    ctx.db.tx((tx) => addCryptoAddress(tx, userOf(ctx).id, ctx.input, clock.now())),
  );
  implement(app, services, calls.coinWithdrawAddressDel, async (ctx) => {
    await deleteCryptoAddress(ctx.db, userOf(ctx).id, ctx.input.id, clock.now());
    return { id: ctx.input.id };
  });

  // Withdrawals --------------------------------------------------------------------------------------
  implement(app, services, calls.userWithdrawRules, async (ctx) => ({
    list: await userRuleViews(ctx.db, userOf(ctx).id, clock.now(), ['bank', 'wallet', 'crypto']),
  }));
  implement(app, services, calls.coinWithdrawRules, async (ctx) => ({
    list: await userRuleViews(ctx.db, userOf(ctx).id, clock.now(), ['crypto']),
  }));

  implement(
    app,
    services,
    calls.userWithdrawAdd,
    async (ctx) => {
      const user = userOf(ctx);
      const { bindingId, asset, amount } = ctx.input;
      if (!pinVerified(ctx.req))
        throw new Error('withdrawal reached its transaction without the password check');
      const view = await freezeWithdrawal(ctx.q, {
        userId: user.id,
        // The binding's own kind decides bank or wallet.
        target: { method: 'bank', bindingId },
        asset,
        amount,
        nowMs: clock.now(),
      });
      publishAfterReply(services, ctx.reply, user.id, 'withdrawal', view);
      return view;
    },
    { guard: withdrawalPin },
  );
  implement(
    app,
    services,
    calls.coinWithdrawAdd,
    async (ctx) => {
      const user = userOf(ctx);
      const { addressId, asset, amount } = ctx.input;
      if (!pinVerified(ctx.req))
        throw new Error('withdrawal reached its transaction without the password check');
      const view = await freezeWithdrawal(ctx.q, {
        userId: user.id,
        target: { method: 'crypto', addressId },
        asset,
        amount,
        nowMs: clock.now(),
      });
      publishAfterReply(services, ctx.reply, user.id, 'withdrawal', view);
      return view;
    },
    { guard: withdrawalPin },
  );

  implement(app, services, calls.userWithdrawOrder, async (ctx) =>
    userWithdrawals(ctx.db, {
      userId: userOf(ctx).id,
      methods: ['bank', 'wallet'],
      states: ctx.input.state ? [ctx.input.state] : undefined,
      ...page(ctx.input),
      oldestFirst: false,
    }),
  );
  implement(app, services, calls.coinWithdrawOrder, async (ctx) =>
    userWithdrawals(ctx.db, {
      userId: userOf(ctx).id,
      methods: ['crypto'],
      states: ctx.input.state ? [ctx.input.state] : undefined,
      ...page(ctx.input),
      oldestFirst: false,
    }),
  );
  implement(app, services, calls.userWithdrawStatus, async (ctx) =>
    userWithdrawal(ctx.db, userOf(ctx).id, ctx.input.id),
  );

  // Exchange and transfers ---------------------------------------------------------------------------
  implement(app, services, calls.userExchangeQuote, async (ctx) =>
    createQuote(ctx.db, services.market, { userId: userOf(ctx).id, ...ctx.input, nowMs: clock.now() }),
  );
  implement(app, services, calls.userExchange, async (ctx) => {
    const user = userOf(ctx);
    const done = await confirmQuote(ctx.q, {
      userId: user.id,
      quoteId: ctx.input.quoteId,
      nowMs: clock.now(),
    });
    publishAfterReply(services, ctx.reply, user.id, 'balance', { reason: 'exchange' });
    return done;
  });
  for (const [call, assetKind] of [
    [calls.userTransfer, 'fiat'],
    [calls.coinTransfer, 'crypto'],
  ] as const) {
    implement(app, services, call, async (ctx) => {
      const user = userOf(ctx);
      const done = await transfer(ctx.q, { userId: user.id, ...ctx.input, assetKind }, (move) =>
        checkContractWithdrawal(services, ctx.q, { ...move, nowMs: clock.now() }),
      );
      publishAfterReply(services, ctx.reply, user.id, 'balance', { reason: 'transfer' });
      if (ctx.input.from === 'contract' || ctx.input.to === 'contract') {
        const move = { userId: user.id, asset: ctx.input.asset };
        ctx.reply.raw.once('finish', () => contractBalanceMoved(services, move));
      }
      return done;
    });
  }

  implement(app, services, calls.userTxRecord, async (ctx) =>
    userBills(ctx.db, {
      userId: userOf(ctx).id,
      billTypes: ctx.input.billTypes,
      asset: ctx.input.asset,
      purpose: ctx.input.purpose,
      fromMs: ctx.input.fromMs,
      toMs: ctx.input.toMs,
      ...page(ctx.input),
    }),
  );

  mountFundingAdmin(app, services);
}
