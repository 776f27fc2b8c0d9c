import { userAssets } from '@piazza/contract/calls/assets';
import {
  stockContractAccount,
  stockContractInfo,
  stockContractList,
} from '@piazza/contract/calls/stock-contract';

/** The reads a contract opened, closed or funded changes: refreshed after each of those. */
export const stockContractCalls = [
  stockContractList,
  stockContractAccount,
  stockContractInfo,
  userAssets,
] as const;

/** Pages the contract features link to. */
export const stockContractPaths = {
  /** Moves a currency between the spot and the contract account. */
  transfer: '/pages/exchange/stock',
} as const;
