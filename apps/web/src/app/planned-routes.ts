/**
 * Every route of SPEC §2 by group. A route here without its file under src/pages yet shows the shared
 * "not available yet" page, so the tab bar, the drawer and the home entries never lead to a dead end; an
 * address outside this list and the page files is "not found".
 */
export const plannedRoutes: Record<string, readonly string[]> = {
  tabbar: ['home', 'position', 'markets', 'trade', 'mine'],
  common: [
    'start',
    'login',
    'service',
    'serviceJs',
    'lang',
    'companyIntroduction',
    'privacyPolicy',
    'disclaimer',
    'download',
    'androidAPP',
    'iosAPP',
    'loanService',
    'findPasswd',
  ],
  notice: ['list', 'detail'],
  news: ['list', 'detail'],
  account: ['reg', 'login'],
  stockIPO: ['ipoList', 'ipoDetail', 'ipoOrder', 'list'],
  stockBulk: ['bulkList', 'bulkDetail', 'bulkOrder'],
  stock: ['vip', 'list', 'income', 'search', 'index', 'stockKline', 'vote', 'order', 'regulatory'],
  coin: ['coinKline', 'index', 'assetsRecord'],
  coinICO: ['icoList', 'icoOrder', 'icoDetail', 'applyList'],
  user: [
    'about',
    'security',
    'service',
    'serviceJs',
    'userInfo',
    'kyc',
    'loginPassword',
    'tradePassword',
    'ipoSwitch',
    'creditScore',
    'loan',
    'record',
    'exchange',
    'assets',
  ],
  wallet: ['addBank', 'bankList', 'addAdress', 'addressList', 'recordDetail'],
  withdraw: [
    'bankWithdraw',
    'cryptoWithdraw',
    'withdraw',
    'withdrawRecord',
    'recordIndex',
    'cryptoRecordDetail',
    'cryptoRecord',
    // Not in SPEC §2: a bank withdrawal's detail at a route of its own, not a crypto one's (issue 17).
    'bankRecordDetail',
  ],
  recharge: [
    'bankRecharge',
    'recharge',
    'cryptoRecharge',
    'offlineRecharge',
    'rechargeChannel',
    'rechargeRecord',
    'bankRecord',
    'cryptoRecord',
    'coinRecharge',
    'coinRechargeList',
    'rechargeCheck',
  ],
  exchange: ['index', 'stock', 'cryptoConvert', 'cryptoTransfer', 'exchange'],
  fundsDetail: ['index', 'stockFundsDetail', 'cryptoFundsDetail'],
  robot: ['list', 'detail', 'record', 'orderDetail', 'doubleList'],
  follow: ['index', 'detail', 'stockList', 'search'],
  loan: ['apply', 'record', 'loanRate', 'writeInfo'],
};

export function plannedPaths(): string[] {
  return Object.entries(plannedRoutes).flatMap(([group, pages]) => pages.map((p) => `/pages/${group}/${p}`));
}
