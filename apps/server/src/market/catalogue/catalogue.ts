import type { Instrument } from '../instrument';
import { cryptoPairs } from './crypto-pairs';
import { etfs } from './etfs';
import { eurUsd } from './fx-pairs';
import { indices } from './indices';
import { italianShares } from './italian-shares';
import { usShares } from './us-shares';

/**
 * Every instrument Piazza quotes, in the order the apps list them: indices, Italian shares, US shares,
 * crypto pairs, EUR/USD. This is the one source: it is upserted into the `instruments` table at start.
 */
export const catalogue: readonly Instrument[] = [
  ...indices,
  ...italianShares,
  ...usShares,
  ...etfs,
  ...cryptoPairs,
  eurUsd,
];
