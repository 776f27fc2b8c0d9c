import { userAssets } from '@piazza/contract/calls/assets';
import { stockBulkInfo, stockBulkList, stockOrderBulkList } from '@piazza/contract/calls/blocks';

/** What a purchase changes: read again after one, and when the socket says money moved. */
export const blockCalls = [stockBulkList, stockBulkInfo, stockOrderBulkList, userAssets] as const;

export const blockPaths = {
  list: '/pages/stockBulk/bulkList',
  detail: (id: number) => `/pages/stockBulk/bulkDetail?id=${id}`,
  order: (id: number) => `/pages/stockBulk/bulkOrder?id=${id}`,
  position: '/pages/tabbar/position',
  kyc: '/pages/user/kyc',
} as const;
