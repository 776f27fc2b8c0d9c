import { QueryClient } from '@tanstack/react-query';

/*
 * Failures were already shown by the request wrapper, so a silent retry would only repeat a toast; pages
 * offer a refresh instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
