import { userAssets } from '@piazza/contract/calls/assets';
import {
  stockOptionRule,
  stockOrderOptionList,
  stockOrderOptionStatistics,
} from '@piazza/contract/calls/options';

/** The reads a purchase, a close or a settlement changes: refreshed after each and on user socket events. */
export const optionsCalls = [
  userAssets,
  stockOptionRule,
  stockOrderOptionList,
  stockOrderOptionStatistics,
] as const;

/** The pages the option screens lead to. */
export const optionsPaths = {
  trade: '/pages/tabbar/trade',
  position: '/pages/tabbar/position',
  kyc: '/pages/user/kyc',
} as const;
