import { userAssets } from '@piazza/contract/calls/assets';
import { coinAssets } from '@piazza/contract/calls/coin';
import {
  coinContractList,
  coinContractListActive,
  coinContractOrderMultiple,
  coinContractQuery,
} from '@piazza/contract/calls/coin-contract';

/** The reads a position change touches: refreshed after each action and on every `user` socket event. */
export const contractCalls = [
  coinContractOrderMultiple,
  coinContractListActive,
  coinContractList,
  coinContractQuery,
  coinAssets,
  userAssets,
] as const;
