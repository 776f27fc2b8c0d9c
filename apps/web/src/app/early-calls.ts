import { type Params, startEarly } from '../shared/api/early-requests';
import { paths } from '../shared/navigation/paths';

/*
 * The first reads of the pages a phone most often opens on, sent by the entry before the page's chunks have
 * arrived (decision 068, amendment): what the page's largest element waits for. The paths are the contract's
 * (`early-calls.test.ts` holds them to it); the contract itself, with zod, is not in the first download.
 */

/** The first calls of a page, by its address: each a GET with the params the page sends, in their order. */
export const earlyCalls: Record<string, (search: URLSearchParams) => { path: string; params: Params }[]> = {
  // The home: its banners (the largest element), the system notice, the indices strip and the hot list.
  [paths.home]: () => [
    { path: '/index/ads', params: {} },
    { path: '/index/notice', params: { page: 1, size: 1 } },
    { path: '/stock/index/indices/list', params: {} },
    { path: '/stock/list/hot', params: {} },
  ],
  // A share's K-line: its header waits for the instrument (the symbol as the page normalises it).
  '/pages/stock/stockKline': (search) => [
    {
      path: '/stock/info',
      params: { symbol: (search.get('symbol') ?? '').trim().toUpperCase() || 'FTSEMIB.IDX' },
    },
  ],
};

const timeoutMs = 60_000;

/** A banner's answer as the home reads it; only the first image is looked at. */
interface AdsAnswer {
  code?: number;
  data?: { list?: { image?: unknown }[] };
}

/**
 * Starts the first reads of the page at this address. On the home, the first banner's image is fetched as
 * soon as the banners' answer names it, at high priority: it is the largest thing the home paints.
 */
export function startEarlyCalls(pathname: string, search: string): void {
  const calls = earlyCalls[pathname]?.(new URLSearchParams(search)) ?? [];
  for (const call of calls) {
    const answer = startEarly(call.path, call.params, timeoutMs);
    if (call.path === '/index/ads') {
      answer
        .then((r) => r.clone().json() as Promise<AdsAnswer>)
        .then((body) => {
          const image = body.code === 0 ? body.data?.list?.[0]?.image : undefined;
          if (typeof image === 'string' && image) preloadImage(image);
        })
        .catch(() => undefined);
    }
  }
}

function preloadImage(src: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
