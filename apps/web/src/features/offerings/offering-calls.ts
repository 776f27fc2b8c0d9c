import { userAssets } from '@piazza/contract/calls/assets';
import { offeringCallsByKind } from '@piazza/contract/calls/primary-kinds';
import type { OfferingKind } from '@piazza/contract/calls/primary-shapes';

/*
 * The calls and pages of each kind of offering (issue 12): IPOs and offline placements under stockIPO, ICOs
 * under coinICO. A page names its kind; everything else is the same.
 */

export const offeringCallsOf = offeringCallsByKind;

/** What an application or a payment changes: read again after one, and when the socket says money moved. */
export function offeringRefreshCalls(kind: OfferingKind) {
  const c = offeringCallsOf[kind];
  return [c.list, c.today, c.coming, c.info, c.mine, userAssets] as const;
}

const stockPages = {
  list: '/pages/stockIPO/ipoList',
  detail: '/pages/stockIPO/ipoDetail',
  order: '/pages/stockIPO/ipoOrder',
  mine: '/pages/stockIPO/list',
};
const coinPages = {
  list: '/pages/coinICO/icoList',
  detail: '/pages/coinICO/icoDetail',
  order: '/pages/coinICO/icoOrder',
  mine: '/pages/coinICO/applyList',
};

/** The pages of a kind; an offline placement opens the IPO pages with `kind=offline`. */
export function offeringPaths(kind: OfferingKind) {
  const pages = kind === 'ico' ? coinPages : stockPages;
  const tail = kind === 'offline' ? '&kind=offline' : '';
  return {
    list: pages.list,
    mine: kind === 'offline' ? `${pages.mine}?kind=offline` : pages.mine,
    detail: (id: number) => `${pages.detail}?id=${id}${tail}`,
    order: (id: number) => `${pages.order}?id=${id}${tail}`,
    positions: kind === 'ico' ? '/pages/coin/index' : '/pages/tabbar/position',
    kyc: '/pages/user/kyc',
  };
}

/** The kind a stockIPO page was opened for: an IPO unless the address says offline. */
export function stockKindOf(search: URLSearchParams): 'ipo' | 'offline' {
  return search.get('kind') === 'offline' ? 'offline' : 'ipo';
}
