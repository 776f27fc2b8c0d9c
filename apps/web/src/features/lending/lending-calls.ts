import { userAssets } from '@piazza/contract/calls/assets';
import { userCreditScore, userLoan, userLoanOrderList, userLoanSecci } from '@piazza/contract/calls/lending';

/** The loan pages, by the routes of SPEC §2. */
export const lendingPaths = {
  overview: '/pages/user/loan',
  writeInfo: '/pages/loan/writeInfo',
  apply: '/pages/loan/apply',
  record: '/pages/loan/record',
  rates: '/pages/loan/loanRate',
  terms: '/pages/common/loanService',
  creditScore: '/pages/user/creditScore',
} as const;

/** What an application, a repayment or a withdrawal changes: read again after one. */
export const lendingRefreshCalls = [
  userLoan,
  userLoanOrderList,
  userLoanSecci,
  userCreditScore,
  userAssets,
] as const;
