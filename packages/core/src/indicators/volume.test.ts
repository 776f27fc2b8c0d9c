import { SMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { alignRight, expectSeriesClose, randomBars } from './test-bars';
import { vol } from './volume';

describe('VOL', () => {
  it('keeps each volume and averages 5 and 10 bars', () => {
    const volumes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const out = vol(volumes);
    expect(out.volume).toEqual(volumes);
    expect(out.ma5).toEqual([null, null, null, null, 3, 4, 5, 6, 7, 8, 9]);
    expect(out.ma10).toEqual([null, null, null, null, null, null, null, null, null, 5.5, 6.5]);
  });

  it('matches technicalindicators SMA(5) and SMA(10) of 600 random volumes', () => {
    const { volume } = randomBars(5, 600);
    const out = vol(volume);
    expectSeriesClose(out.ma5, alignRight(SMA.calculate({ period: 5, values: volume }), volume.length));
    expectSeriesClose(out.ma10, alignRight(SMA.calculate({ period: 10, values: volume }), volume.length));
  });
});
