/*
 * The investor app's pages (SPEC §2), by group: `/pages/{group}/{page}`. The server checks a banner's target
 * against this list, so a banner never leads outside the app or to a page that does not exist; the web app's
 * routes are this list (apps/web/src/app/planned-routes.ts).
 */
export const appPages: Record<string, readonly string[]> = {
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
    // Not in SPEC §2: the accessibility statement the European Accessibility Act asks for (issue 21).
    'accessibility',
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
    // Not in SPEC §2: the investor's statements, tax certificates and costs reports (issue 19).
    'documents',
    // Not in SPEC §2: the investor's tax position, zainetto and taxes withheld (issue 19, decision 048).
    'taxes',
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
  // Not in SPEC §2: ETFs and government bonds (issue 20).
  etf: ['list', 'detail'],
  bonds: ['list', 'ticket', 'holdings'],
  // Not in SPEC §2: savings plans and price alerts (issue 20).
  plan: ['list', 'edit', 'detail'],
  alert: ['list', 'set'],
};

/** A plain query after the page: names and values of letters, digits and `_ - . %`, joined by `&`. */
const queryPattern = /^[A-Za-z0-9_]+=[A-Za-z0-9_.%-]*(&[A-Za-z0-9_]+=[A-Za-z0-9_.%-]*)*$/;

/** True for `/pages/{group}/{page}` of the app, with or without a plain query (`?id=3`). */
export function isAppPage(target: string): boolean {
  const [path, query, ...rest] = target.split('?');
  if (rest.length > 0 || path === undefined) return false;
  if (query !== undefined && !queryPattern.test(query)) return false;
  const match = /^\/pages\/([A-Za-z]+)\/([A-Za-z]+)$/.exec(path);
  if (!match) return false;
  const [, group, page] = match;
  const pages = Object.hasOwn(appPages, group as string) ? appPages[group as string] : undefined;
  return pages?.includes(page as string) ?? false;
}
