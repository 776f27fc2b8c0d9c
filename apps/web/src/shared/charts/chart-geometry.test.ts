import { describe, expect, it } from 'vitest';
import { chartGeometry } from './chart-geometry';

const box = { width: 100, height: 50, pad: 5 };
const day = 86_400_000;

describe('chartGeometry', () => {
  it('puts the first day left, the last right, the high at the top and the low at the bottom', () => {
    const g = chartGeometry(
      [
        { t: 0, v: '1.000000' },
        { t: day, v: '1.100000' },
        { t: 3 * day, v: '0.900000' },
      ],
      box,
    );
    expect(g).toMatchObject({ low: 0.9, high: 1.1, first: 1, last: 0.9 });
    // x: 5 + (t / 3 days) × 90; y: 5 + 40 − (v − 0.9) / 0.2 × 40.
    expect(g?.path).toBe('M5 25 L35 5 L95 45');
    expect(g?.breakEvenY).toBe(25);
  });

  it('spaces points by time, not by index', () => {
    const g = chartGeometry(
      [
        { t: 0, v: '1' },
        { t: 9 * day, v: '2' },
        { t: 10 * day, v: '3' },
      ],
      box,
    );
    expect(g?.path).toBe('M5 45 L86 25 L95 5');
    expect(g?.breakEvenY).toBe(45);
  });

  it('draws a flat series across the middle, and a single point as a level line', () => {
    expect(
      chartGeometry(
        [
          { t: 0, v: '1.05' },
          { t: day, v: '1.05' },
        ],
        box,
      )?.path,
    ).toBe('M5 25 L95 25');
    expect(chartGeometry([{ t: 0, v: '1.05' }], box)?.path).toBe('M5 25 L95 25');
  });

  it('leaves out the break-even line when the series never reaches 1, and draws nothing for no data', () => {
    expect(
      chartGeometry(
        [
          { t: 0, v: '1.2' },
          { t: day, v: '1.3' },
        ],
        box,
      )?.breakEvenY,
    ).toBeNull();
    expect(chartGeometry([], box)).toBeNull();
    expect(chartGeometry([{ t: 0, v: 'x' }], box)).toBeNull();
  });
});
