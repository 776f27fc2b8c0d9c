import { userAssets } from '@piazza/contract/calls/assets';
import {
  stockAiInfo,
  stockAiList,
  stockAiOrderDetails,
  stockAiOrderList,
  stockAiStocks,
} from '@piazza/contract/calls/robot';

/* The AI Multiplier's pages (SPEC §2 `robot/*`) and what a subscription, an addition or an exit changes. */

export const robotPaths = {
  products: '/pages/robot/doubleList',
  orders: '/pages/robot/list',
  detail: (id: number) => `/pages/robot/detail?id=${id}`,
  order: (id: number) => `/pages/robot/orderDetail?id=${id}`,
  record: (id: number) => `/pages/robot/record?id=${id}`,
};

/** The refusals an amount typed for a product can meet (contract messages/robot.ts). */
export const aiAmountRefusals = {
  amount: 'ai.amount',
  min: 'ai.amountMin',
  max: 'ai.amountMax',
  balance: 'ai.balance',
};

/** Read again after a money call, and whenever the socket says the investor's money moved (a close's P&L). */
export const robotRefreshCalls = [
  stockAiList,
  stockAiInfo,
  stockAiStocks,
  stockAiOrderList,
  stockAiOrderDetails,
  userAssets,
] as const;
