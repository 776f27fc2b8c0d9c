import { describe, expect, it } from 'vitest';
import { roundTripsOf } from './round-trips';

describe('round trips of executed fills', () => {
  it('closes a trip when the position is back to zero, net of the fees at both ends', () => {
    const trips = roundTripsOf([
      { symbol: 'ENI.MI', side: 'buy', quantity: 100n, value: 100_000n, fee: 295n },
      { symbol: 'ISP.MI', side: 'buy', quantity: 10n, value: 5_000n, fee: 295n },
      { symbol: 'ENI.MI', side: 'sell', quantity: 40n, value: 44_000n, fee: 295n },
      { symbol: 'ENI.MI', side: 'sell', quantity: 60n, value: 66_000n, fee: 295n },
      { symbol: 'ENI.MI', side: 'buy', quantity: 5n, value: 5_000n, fee: 295n },
    ]);
    // ENI: cost 1,000.00 + 2.95; proceeds 440.00 + 660.00 − 2 × 2.95 = 1,094.10 → +9.0827…%. ISP and the
    // second ENI position are still open.
    expect(trips).toHaveLength(1);
    expect(trips[0]?.symbol).toBe('ENI.MI');
    expect(trips[0]?.returnNet).toBeCloseTo(109_410 / 100_295 - 1, 12);
  });

  it('counts a trip that lost only its fees as a loss', () => {
    const [trip] = roundTripsOf([
      { symbol: 'ENI.MI', side: 'buy', quantity: 1n, value: 1_000n, fee: 1n },
      { symbol: 'ENI.MI', side: 'sell', quantity: 1n, value: 1_000n, fee: 1n },
    ]);
    expect(trip?.returnNet).toBeLessThan(0);
  });
});
