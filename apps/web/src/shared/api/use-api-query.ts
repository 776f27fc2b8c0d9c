import type { CallDef, CallOutput, CallParams } from '@piazza/contract/define';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { usePersisted } from '../storage/persisted';
import { api } from './api';

type Extra<C extends CallDef, D> = Omit<UseQueryOptions<CallOutput<C>, Error, D>, 'queryKey' | 'queryFn'>;

/** The cache key of a call's answer: its path, its params, the language and the token. */
export function apiQueryKey<C extends CallDef>(call: C, params: CallParams<C>, lang: string, token: string) {
  return [call.path, params, lang, token] as const;
}

/**
 * A read through TanStack Query. The key holds the call's path, its params, the language (answers are
 * localised) and the token (answers are per user), so switching either fetches anew.
 */
export function useApiQuery<C extends CallDef, D = CallOutput<C>>(
  call: C,
  params: CallParams<C>,
  options: Extra<C, D> = {},
) {
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  return useQuery<CallOutput<C>, Error, D>({
    queryKey: apiQueryKey(call, params, lang, token),
    queryFn: () => api(call, params),
    ...options,
  });
}
