import { sma } from './moving-average';
import type { Series } from './series';

export interface VolumeBars {
  volume: readonly number[];
  /** Simple averages of volume over 5 and 10 bars. */
  ma5: Series;
  ma10: Series;
}

/** The VOL pane: each bar's volume with its 5- and 10-bar averages. */
export function vol(volumes: readonly number[]): VolumeBars {
  return { volume: volumes, ma5: sma(volumes, 5), ma10: sma(volumes, 10) };
}
