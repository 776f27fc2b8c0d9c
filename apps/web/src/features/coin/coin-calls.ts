import { userAssets } from '@piazza/contract/calls/assets';
import { coinAssets, coinOrderList, coinOrderQuery } from '@piazza/contract/calls/coin';
import { coinBooks } from '@piazza/contract/calls/market';

/** The reads a coin order or fill changes: refreshed after a submission and on every `user` socket event. */
export const coinCalls = [coinAssets, coinOrderList, coinOrderQuery, userAssets, coinBooks] as const;
