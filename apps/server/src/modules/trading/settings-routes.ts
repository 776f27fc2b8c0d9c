import * as calls from '@piazza/contract/calls/trading-admin';
import type { FastifyInstance } from 'fastify';
import { implement, operatorOf } from '../../http/implement';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import {
  listTradingSettings,
  ruleViewOf,
  saveTradingSettings,
  settingsViewOf,
  tradingSettingsFor,
} from './settings';

/** Trading settings: the back office lists and saves them; a ticket reads its instrument's. */
export function mountTradingSettings(app: FastifyInstance, services: Services): void {
  implement(app, services, calls.adminTradingSettings, async (ctx) => ({
    list: (await listTradingSettings(ctx.db)).map(settingsViewOf),
  }));

  implement(app, services, calls.adminTradingSettingsSave, async (ctx) => {
    const op = operatorOf(ctx);
    const saved = await ctx.db.tx((tx) => saveTradingSettings(tx, ctx.input, op.id, services.clock.now()));
    return settingsViewOf(saved);
  });

  implement(app, services, calls.stockOrderRule, async (ctx) => {
    // Stocks and coin pairs trade on the same engine and settings (decision 016).
    const instrument = services.market.instrument(ctx.input.symbol);
    if (instrument?.kind !== 'stock' && instrument?.kind !== 'crypto') {
      throw new Refusal('order.unknownSymbol', [ctx.input.symbol]);
    }
    return ruleViewOf(await tradingSettingsFor(ctx.db, instrument), instrument);
  });
}
