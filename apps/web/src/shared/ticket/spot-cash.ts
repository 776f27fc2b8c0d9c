import { userAssets } from '@piazza/contract/calls/assets';
import { useApiQuery } from '../api/use-api-query';

/** What the investor's spot account holds in `currency`, the cash a ticket may spend ('0' until it is read). */
export function useSpotCash(currency: string): string {
  const assets = useApiQuery(userAssets, {});
  return assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === currency)?.balance ?? '0';
}
