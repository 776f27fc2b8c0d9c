import { userAssets } from '@piazza/contract/calls/assets';
import {
  fundInfoCall,
  fundList,
  fundManagerInfo,
  fundManagerSearch,
  fundOrderList,
  fundOrderProfitList,
  fundRecordStocks,
} from '@piazza/contract/calls/fund';
import { paths } from '../../shared/navigation/paths';

/* The copy-trading pages (SPEC §2 `follow/*`) and what following, adding, redeeming or a like changes. */

export const followPaths = {
  index: paths.funds,
  mine: `${paths.funds}?tab=mine`,
  search: '/pages/follow/search',
  detail: (id: number) => `/pages/follow/detail?id=${id}`,
  stockList: (id: number) => `/pages/follow/stockList?id=${id}`,
};

/** Read again after a money call, and whenever the socket says the investor's money moved (a close's P&L). */
export const followRefreshCalls = [
  fundList,
  fundInfoCall,
  fundRecordStocks,
  fundManagerInfo,
  fundOrderList,
  fundOrderProfitList,
  userAssets,
] as const;

/** Read again after a like: every answer that carries a manager's likes. */
export const likeRefreshCalls = [fundManagerSearch, fundManagerInfo, fundInfoCall] as const;

/** The refusals an amount typed for a fund can meet (contract messages/fund.ts): a fund has no maximum. */
export const fundAmountRefusals = { amount: 'fund.amount', min: 'fund.amountMin', balance: 'fund.balance' };
