import {
  coinTickers,
  stockCollectList,
  stockCountries,
  stockHot,
  stockIndices,
  stockInfo,
  stockList,
  stockSearch,
} from '@piazza/contract/calls/market';
import type { CallParams } from '@piazza/contract/define';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api/api';
import { apiQueryKey, useApiQuery } from '../api/use-api-query';
import { usePersisted } from '../storage/persisted';
import type { MarketRow } from './market-row';
import type { SortOrder } from './sort-rows';

/*
 * The market reads of the pages, each answering MarketRow lists (every list call returns the same flat row
 * of instrument and quote, so live tickers lay over any of them).
 */

const listOf = <T extends { list: MarketRow[] }>(answer: T) => answer.list;

export function useIndexRows() {
  return useApiQuery(stockIndices, {}, { select: listOf });
}

export function useHotRows() {
  return useApiQuery(stockHot, {}, { select: listOf });
}

export function useCoinRows() {
  return useApiQuery(coinTickers, {}, { select: listOf });
}

/** The watchlist of the signed-in investor; nothing is asked for a guest. */
export function useWatchlistRows(signedIn: boolean) {
  return useApiQuery(stockCollectList, {}, { select: listOf, enabled: signedIn, staleTime: 0 });
}

export function useSearchRows(q: string) {
  return useApiQuery(stockSearch, { q }, { select: listOf, enabled: q.trim() !== '' });
}

export function useCountries() {
  return useApiQuery(
    stockCountries,
    {},
    { select: (answer) => answer.list, staleTime: Number.POSITIVE_INFINITY },
  );
}

export function useInstrument(symbol: string) {
  return useApiQuery(stockInfo, { symbol }, { enabled: symbol !== '' });
}

/** Rows a page of a country's list holds. */
export const countryPageSize = 50;

/**
 * A country's shares in the server's order, a page at a time. While a new order loads, the rows of the
 * previous one stay on screen rather than a blank list.
 */
export function useCountryPages(country: string, order: SortOrder) {
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  const params = { country, sort: order.key, order: order.direction, size: countryPageSize };
  return useInfiniteQuery({
    queryKey: apiQueryKey(stockList, params, lang, token),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api(stockList, { ...params, page: pageParam } satisfies CallParams<typeof stockList>),
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}
