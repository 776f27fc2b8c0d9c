import { describe, expect, it } from 'vitest';
import { allocationOf } from './allocation';
import { dailyFlows, dailyValues, eurRate, type HoldingChange, type PricedAsset } from './daily-values';
import { performanceOf, thinned } from './performance';

const dayMs = 86_400_000;
const day = (n: number) => Date.UTC(2026, 10, 1) + n * dayMs;
const noon = (n: number) => day(n) + 12 * 3_600_000;
const eni = (closeMinor: bigint, n: number) => ({
  t: day(n) + 9 * 3_600_000,
  rate: { num: closeMinor, den: 1000n },
});

/** Day 1: deposit €5,000.00. Day 2: buy 100 ENI at €14.000 and €5.00 fee; ENI closes at 14.000. */
const changes: HoldingChange[] = [
  { t: noon(1), asset: 'EUR', deltaMinor: 500_000n },
  { t: noon(2), asset: 'EUR', deltaMinor: -140_000n },
  { t: noon(2), asset: 'EUR', deltaMinor: -500n },
  { t: noon(2), asset: 'ENI.MI', deltaMinor: 100n },
];
/** ENI closes at 14.000 on day 2 and 14.280 (+2 %) on day 3. */
const prices = new Map<string, PricedAsset>([
  ['ENI.MI', { scale: 0, closes: [eni(14_000n, 2), eni(14_280n, 3)] }],
]);

describe('the account from its postings and daily closes', () => {
  it('values each close: cash plus 100 ENI at the close; a deposit counts as money in, not profit', () => {
    const starts = [day(0), day(1), day(2), day(3)];
    const values = dailyValues({ dayStarts: starts, dayMs, changes, prices, eurScale: 2 });
    // Day 0 nothing; day 1 €5,000.00; day 2 €3,595.00 + 100 × 14.00 = €4,995.00; day 3 €3,595.00 + €1,428.00.
    expect(values.map((v) => v.valueMinor)).toEqual([0n, 500_000n, 499_500n, 502_300n]);
    const flows = dailyFlows(starts, dayMs, [{ t: noon(1), eurMinor: 500_000n }]);
    expect(flows).toEqual([0n, 500_000n, 0n, 0n]);

    // Today (day 3) against yesterday's close €4,995.00: +€28.00, 28 / 4,995 = +0.5606 %.
    const today = performanceOf({ t: day(2), valueMinor: 499_500n }, [
      { t: day(3), valueMinor: 502_300n, flowMinor: 0n },
    ]);
    expect(today.pnlMinor).toBe(2_800n);
    expect(today.returnFraction).toBe('0.005606');

    // Since the start: €5,023.00 − €5,000.00 deposited = +€23.00 (the fee is a loss); 5,023 / 5,000 − 1 = +0.46 %.
    const all = performanceOf(
      { t: day(0), valueMinor: 0n },
      values
        .slice(1)
        .map((v, i) => ({ t: v.t, valueMinor: v.valueMinor, flowMinor: flows[i + 1] as bigint })),
    );
    expect(all.pnlMinor).toBe(2_300n);
    expect(all.flowMinor).toBe(500_000n);
    expect(all.returnFraction).toBe('0.004600');
    // The deposit day is flat: the growth of 1 stays 1 when €5,000 arrive.
    expect(all.points.map((p) => p.growth)).toEqual(['1.000000', '1.000000', '0.999000', '1.004600']);
    expect(all.points.map((p) => p.pnlMinor)).toEqual([0n, 0n, -500n, 2_300n]);
  });

  it('a second deposit of €5,000 on day 3 changes the value, not the return or the profit', () => {
    const withDeposit = [...changes, { t: noon(3), asset: 'EUR', deltaMinor: 500_000n }];
    const starts = [day(2), day(3)];
    const values = dailyValues({ dayStarts: starts, dayMs, changes: withDeposit, prices, eurScale: 2 });
    expect(values.map((v) => v.valueMinor)).toEqual([499_500n, 1_002_300n]);
    const perf = performanceOf({ t: day(2), valueMinor: 499_500n }, [
      { t: day(3), valueMinor: 1_002_300n, flowMinor: 500_000n },
    ]);
    // €10,023.00 − €4,995.00 − €5,000.00 deposited = +€28.00, as without the deposit.
    expect(perf.pnlMinor).toBe(2_800n);
    // 10,023 / (4,995 + 5,000) − 1 = +0.2801 %: the deposit counted from the day's start, not as a gain.
    expect(perf.returnFraction).toBe('0.002801');
  });

  it('a withdrawal is money out, not a loss', () => {
    const perf = performanceOf({ t: day(0), valueMinor: 500_000n }, [
      { t: day(1), valueMinor: 300_000n, flowMinor: -200_000n },
    ]);
    expect(perf.pnlMinor).toBe(0n);
    expect(perf.returnFraction).toBe('0.000000');
  });

  it('names an asset held before its first close and leaves it out of the value', () => {
    const values = dailyValues({
      dayStarts: [day(1)],
      dayMs,
      changes: [{ t: noon(1), asset: 'AAPL.US', deltaMinor: 3n }],
      prices: new Map([['AAPL.US', { scale: 0, closes: [eni(200_000n, 5)] }]]),
      eurScale: 2,
    });
    expect(values).toEqual([{ t: day(1), valueMinor: 0n, unvalued: ['AAPL.US'] }]);
    expect(eurRate).toEqual({ num: 1n, den: 1n });
  });

  it('thins a year of points to a drawable few, keeping the first and the last', () => {
    const year = Array.from({ length: 366 }, (_, i) => i);
    const few = thinned(year, 61);
    expect(few).toHaveLength(61);
    expect(few[0]).toBe(0);
    expect(few.at(-1)).toBe(365);
    expect(thinned([1, 2, 3], 61)).toEqual([1, 2, 3]);
  });
});

describe('allocation by asset class', () => {
  it('sums each class, drops empty and negative ones, and gives each its share', () => {
    const slices = allocationOf([
      { assetClass: 'cash', eurMinor: 359_500n },
      { assetClass: 'shares', eurMinor: 142_800n },
      { assetClass: 'crypto', eurMinor: 0n },
      { assetClass: 'contracts', eurMinor: -1_000n },
      { assetClass: 'cash', eurMinor: 500n },
    ]);
    // €3,600.00 cash and €1,428.00 shares of €5,028.00: 71.5991 % and 28.4010 %.
    expect(slices).toEqual([
      { assetClass: 'cash', eurMinor: 360_000n, fraction: '0.715990' },
      { assetClass: 'shares', eurMinor: 142_800n, fraction: '0.284010' },
    ]);
  });
});
