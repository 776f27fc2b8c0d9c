import { adminMe } from '@piazza/contract/calls/admin';
import type { CallOutput } from '@piazza/contract/define';
import { useQuery } from '@tanstack/react-query';
import { request } from './request';
import { useToken } from './session';

export type Me = CallOutput<typeof adminMe>;

/** The signed-in operator (role, demo mode), asked once per session. */
export function useMe() {
  const token = useToken();
  return useQuery({
    queryKey: ['me', token],
    queryFn: () => request(adminMe, {}),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
