/* The face of the trading module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { tradingChecks } from './ledger-checks';
import { registerTrading } from './routes';
import { tradingSettingsChecks } from './settings-checks';
import { tpslChecks } from './tpsl-checks';

export const tradingModule: ServerModule = {
  name: 'trading',
  register: registerTrading,
  ledgerChecks: [...tradingChecks, ...tradingSettingsChecks, ...tpslChecks],
};

export { type Actor, currencyScaleOf, ensureSecurityAsset, settleState } from './order-fills';
export { lockOrder, restingStates } from './order-rows';
export { orderFills, orderViewOf, userOrder, userOrders } from './order-views';
export { marketNow, placeOrder } from './place-order';
export { spotEngineOf } from './routes';
export { type TradingSettings, tradingSettingsFor, tradingSettingsOf } from './settings';
export { leverageCapOf, optionAmountMinOf, type PerpetualTerms, perpetualTermsOf } from './settings-terms';
export { lockDeliveredShares } from './stock-lots';
