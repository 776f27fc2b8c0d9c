import type { CallDef, CallOutput, CallParams } from '@piazza/contract/define';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { usePersisted } from '../storage/persisted';
import { api } from './api';

type Extra<C extends CallDef> = Omit<UseQueryOptions<CallOutput<C>>, 'queryKey' | 'queryFn'>;

/**
 * A read through TanStack Query. The key holds the call's path, its params, the language (answers are
 * localised) and the token (answers are per user), so switching either fetches anew.
 */
export function useApiQuery<C extends CallDef>(call: C, params: CallParams<C>, options: Extra<C> = {}) {
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  return useQuery<CallOutput<C>>({
    queryKey: [call.path, params, lang, token],
    queryFn: () => api(call, params),
    ...options,
  });
}
