import * as calls from './primary';
import type { OfferingKind } from './primary-shapes';

/** The seven investor calls of each kind of offering, for the server that mounts them and the app that makes them. */
export const offeringCallsByKind = {
  ipo: {
    list: calls.stockNewList,
    today: calls.stockNewToday,
    coming: calls.stockNewListComing,
    info: calls.stockNewInfo,
    apply: calls.stockOrderNewApply,
    pay: calls.stockOrderNewPay,
    mine: calls.stockOrderNewList,
  },
  offline: {
    list: calls.stockOfflineList,
    today: calls.stockOfflineToday,
    coming: calls.stockOfflineListComing,
    info: calls.stockOfflineInfo,
    apply: calls.stockOrderOfflineApply,
    pay: calls.stockOrderOfflinePay,
    mine: calls.stockOrderOfflineList,
  },
  ico: {
    list: calls.coinNewList,
    today: calls.coinNewToday,
    coming: calls.coinNewListComing,
    info: calls.coinNewInfo,
    apply: calls.coinOrderNewApply,
    pay: calls.coinOrderNewPay,
    mine: calls.coinOrderNewList,
  },
} as const satisfies Record<OfferingKind, unknown>;
