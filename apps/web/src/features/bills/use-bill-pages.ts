import { userTxRecord } from '@piazza/contract/calls/funding';
import type { CallParams } from '@piazza/contract/define';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { usePersisted } from '../../shared/storage/persisted';

export const billPageSize = 20;

export type BillFilter = Omit<CallParams<typeof userTxRecord>, 'page' | 'size'>;

/**
 * The user's bills a page at a time, newest first. The key starts with the call's path like every read of
 * use-api-query.ts, so useMoneyEvents([userTxRecord]) reads them again when the server reports a movement.
 */
export function useBillPages(filter: BillFilter) {
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  return useInfiniteQuery({
    queryKey: [userTxRecord.path, filter, lang, token, 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api(userTxRecord, { ...filter, page: pageParam, size: billPageSize }),
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
