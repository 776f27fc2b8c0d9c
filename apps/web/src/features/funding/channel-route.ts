import type { ChannelKind } from '@piazza/contract/enums';
import { fundingPaths } from './funding-paths';

/** The page that deposits through a channel of `kind`. */
export function channelRoute(kind: ChannelKind, channelId: number): string {
  const page =
    kind === 'bank'
      ? fundingPaths.bankRecharge
      : kind === 'crypto'
        ? fundingPaths.coinRecharge
        : fundingPaths.offlineRecharge;
  return `${page}?channelId=${channelId}`;
}
