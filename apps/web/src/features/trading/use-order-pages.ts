import { stockOrderList } from '@piazza/contract/calls/trading';
import type { OrderState } from '@piazza/contract/calls/trading-shapes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { usePersisted } from '../../shared/storage/persisted';

export const orderPageSize = 20;

/**
 * The user's orders of one state, newest first, a page at a time ("load more"). The key starts with the
 * call's path like every read of use-api-query.ts, so a fill or a cancel told over the socket refreshes it.
 */
export function useOrderPages(state: OrderState) {
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  return useInfiniteQuery({
    queryKey: [stockOrderList.path, { state }, lang, token, 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api(stockOrderList, { state, page: pageParam, size: orderPageSize }),
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
