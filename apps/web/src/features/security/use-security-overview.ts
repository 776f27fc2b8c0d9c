import { securityOverview } from '@piazza/contract/calls/security';
import { queryClient } from '../../shared/api/query-client';
import { useApiQuery } from '../../shared/api/use-api-query';

/** The security centre's state (both 6-digit passwords, email, two-factor, score, IPO switch), fresh each visit. */
export function useSecurityOverview() {
  return useApiQuery(securityOverview, {}, { staleTime: 0 });
}

/** After a change: every screen reading the overview reads it again. */
export function refreshSecurityOverview(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [securityOverview.path] });
}
