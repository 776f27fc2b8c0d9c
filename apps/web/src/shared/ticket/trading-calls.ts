import { userAssets } from '@piazza/contract/calls/assets';
import {
  stockHoldInfo,
  stockHoldList,
  stockOrderInfo,
  stockOrderList,
  stockOrderStatistics,
} from '@piazza/contract/calls/trading';

/** The reads an order or a fill changes: refreshed after a submission and on every `user` socket event. */
export const tradingCalls = [
  userAssets,
  stockHoldInfo,
  stockHoldList,
  stockOrderInfo,
  stockOrderList,
  stockOrderStatistics,
] as const;
