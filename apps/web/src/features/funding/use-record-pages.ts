import type { ListOf } from '@piazza/contract/wire';
import { useInfiniteQuery } from '@tanstack/react-query';
import { usePersisted } from '../../shared/storage/persisted';

export const recordPageSize = 20;

/**
 * A funding record list read a page at a time, newest first. The key starts with the call's path, like every
 * read of use-api-query.ts, so useMoneyEvents([call]) refreshes it when the server tells of a change.
 */
export function useRecordPages<T>(
  path: string,
  filter: Record<string, string | undefined>,
  fetchPage: (page: number) => Promise<ListOf<T>>,
) {
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  return useInfiniteQuery({
    queryKey: [path, filter, lang, token, 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
