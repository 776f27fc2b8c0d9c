import * as calls from '@piazza/contract/calls/stock-contract';
import { verdictFor } from '@piazza/core/appropriateness';
import { formatAmount } from '@piazza/core/money';
import { leverageChoices } from '@piazza/core/trading/leverage';
import type { FastifyInstance } from 'fastify';
import { one } from '../../db/db';
import { type CallContext, implement, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { valuePositionsWith } from '../../kit/position-worth';
import { guardContractWithdrawals, onContractBalanceMoved } from '../../kit/transfer-guards';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { readProfile } from '../kyc';
import { tradePinGuard, tradePinPassed } from '../security';
import { tradingSettingsFor } from '../trading';
import { accountView, freeMargin } from './account-state';
import { type ContractEngine, createContractEngine } from './contract-engine';
import { lockContractAccount, userContract } from './contract-rows';
import {
  addMargin,
  closeContract,
  contractInstrument,
  leverageOf,
  openContract,
  setTrigger,
} from './contract-trade';
import { contractView, readAccountState, userContracts } from './contract-views';
import { contractWorth } from './contract-worth';

const engines = new WeakMap<Services, ContractEngine>();

/** The contract engine registerStockContracts made for this app, if it is mounted. */
export function contractEngineOf(services: Services): ContractEngine | undefined {
  return engines.get(services);
}

/**
 * Leveraged stock contracts (issue 6 item 3). The engine runs once the server listens and stops with it;
 * tests step it by hand. Every call that changes an account re-arms that account's triggers once its
 * answer has gone out (the rows it re-reads have committed), and so does a transfer between spot and
 * contract, which moves the equity the close-out prices depend on.
 */
export async function registerStockContracts(
  app: FastifyInstance,
  services: Services,
): Promise<ContractEngine> {
  const { clock, db, log } = services;
  const engine = createContractEngine(services);
  engines.set(services, engine);
  app.addHook('onListen', async () => {
    await engine.load();
    engine.start();
  });
  app.addHook('onClose', () => engine.stop());
  // The open P&L counts in the investor's total wealth (/user/assets).
  valuePositionsWith(services, contractWorth(services));

  const refreshLater = (
    reply: { raw: { once(e: 'finish', f: () => void): unknown } },
    userId: number,
    currency: string,
  ) =>
    reply.raw.once('finish', () => {
      engine
        .refresh(userId, currency)
        .catch((err: unknown) => log.warn({ err }, 'contract account not re-armed'));
    });

  // The transaction password, checked before the opening's transaction, as spot orders do (verifyPin counts
  // attempts on a connection of its own and must not run inside a money transaction).
  // The transaction password, asked before the money transaction opens (security/pin-guard.ts).
  const tradePin = tradePinGuard(services);

  // Moving money out of the contract account may not take the margin its open positions require. Funding
  // runs this guard inside the transfer's transaction (decision 021): it locks the account row as an opening
  // does, so a transfer and an opening racing for one free margin are served one after the other.
  guardContractWithdrawals(services, async (q, move) => {
    await lockContractAccount(q, move.userId, move.asset);
    const open = await one(
      q,
      `select 1 from stock_contracts where user_id = $1 and currency = $2 and state = 'open' limit 1`,
      [move.userId, move.asset],
    );
    if (!open) return;
    const state = await readAccountState(q, services, move.userId, move.asset, move.nowMs);
    const free = freeMargin(state);
    const movable = free < state.balance ? free : state.balance;
    if (move.amount > movable) {
      throw new Refusal('stockContract.marginInUse', [
        formatAmount(movable > 0n ? movable : 0n, state.currencyScale),
      ]);
    }
  });

  // A transfer between spot and contract changes the equity behind the close-out prices: re-arm after it.
  onContractBalanceMoved(services, ({ userId }) => {
    engine.track(
      engine.refreshUser(userId).catch((err: unknown) => log.warn({ err }, 'contracts not re-armed')),
    );
  });

  implement(
    app,
    services,
    calls.stockContractOpen,
    async (ctx) => {
      const user = userOf(ctx);
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const nowMs = clock.now();
      const { requestId: _r, tradePassword: _p, ...ticket } = ctx.input;
      const row = await openContract(ctx.q, services, { ...ticket, userId: user.id, nowMs });
      const view = await contractView(ctx.q, services, row, nowMs);
      refreshLater(ctx.reply, user.id, row.currency);
      publishAfterReply(services, ctx.reply, user.id, 'stockContract', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(app, services, calls.stockContractClose, async (ctx) => {
    const user = userOf(ctx);
    const nowMs = clock.now();
    const mine = await userContract(ctx.q, user.id, ctx.input.id);
    if (mine.state !== 'open') throw new Refusal('stockContract.notOpen');
    const row = await closeContract(ctx.q, services, mine.id, {
      reason: 'user',
      nowMs,
      actor: { type: 'user', id: String(user.id) },
    });
    if (!row) throw new Refusal('stockContract.notOpen');
    const view = await contractView(ctx.q, services, row, nowMs);
    refreshLater(ctx.reply, user.id, row.currency);
    publishAfterReply(services, ctx.reply, user.id, 'stockContract', view);
    return view;
  });

  implement(app, services, calls.stockContractAddMargin, async (ctx) => {
    const user = userOf(ctx);
    const row = await addMargin(ctx.q, user.id, ctx.input.id, ctx.input.amount, ctx.input.requestId);
    const view = await contractView(ctx.q, services, row, clock.now());
    refreshLater(ctx.reply, user.id, row.currency);
    return view;
  });

  const trigger =
    (which: 'takeProfit' | 'stopLoss') => async (ctx: CallContext<typeof calls.stockContractSetProfit>) => {
      const user = userOf(ctx);
      const nowMs = clock.now();
      const row = await db.tx((q) =>
        setTrigger(q, services, user.id, ctx.input.id, which, ctx.input.price, nowMs),
      );
      refreshLater(ctx.reply, user.id, row.currency);
      return contractView(db, services, row, nowMs);
    };
  implement(app, services, calls.stockContractSetProfit, trigger('takeProfit'));
  implement(app, services, calls.stockContractSetLoss, trigger('stopLoss'));

  implement(app, services, calls.stockContractList, async (ctx) =>
    userContracts(ctx.db, services, userOf(ctx).id, {
      state: ctx.input.state,
      page: ctx.input.page ?? 1,
      size: ctx.input.size ?? 20,
      nowMs: clock.now(),
    }),
  );

  implement(app, services, calls.stockContractInfo, async (ctx) =>
    contractView(ctx.db, services, await userContract(ctx.db, userOf(ctx).id, ctx.input.id), clock.now()),
  );

  implement(app, services, calls.stockContractLeverage, async (ctx) => {
    const instrument = contractInstrument(services, ctx.input.symbol);
    const { leverageClass, leverageMax } = leverageOf(
      await tradingSettingsFor(ctx.db, instrument),
      instrument,
    );
    const profile = await readProfile(ctx.db, userOf(ctx).id);
    return {
      symbol: instrument.symbol,
      currency: instrument.currency,
      leverageClass,
      leverageMax,
      choices: leverageChoices(leverageMax),
      verdict: profile
        ? verdictFor(
            { experience: profile.experience, risk: profile.riskPreference, objective: profile.objective },
            'leveraged',
          )
        : null,
    };
  });

  implement(app, services, calls.stockContractAccount, async (ctx) => {
    const currency = ctx.input.currency ?? 'EUR';
    const known = await one(ctx.db, 'select 1 from assets where code = $1', [currency]);
    if (!known) throw new Refusal('field.invalid', ['currency']);
    return accountView(await readAccountState(ctx.db, services, userOf(ctx).id, currency, clock.now()));
  });

  return engine;
}
