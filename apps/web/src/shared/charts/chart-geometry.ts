/*
 * The geometry of the small line charts of the managed products (AI Multiplier, funds): a daily series of the
 * value of 1 invested ({t, v}) scaled into an SVG box. Time runs left to right, the value bottom to top; the
 * break-even level (v = 1) is drawn as a reference line when it falls inside the range.
 */

export interface ChartBox {
  width: number;
  height: number;
  /** Space kept free on every side, so the stroke is never cut at the edges. */
  pad: number;
}

export interface ChartGeometry {
  /** The SVG path of the line ("M x y L x y …"). */
  path: string;
  /** The lowest and highest values of the series, as numbers. */
  low: number;
  high: number;
  first: number;
  last: number;
  /** The y of the break-even level, or null when the series never reaches it. */
  breakEvenY: number | null;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The series drawn in `box`, or null when it has no point that is a number. */
export function chartGeometry(
  series: readonly { t: number; v: string }[],
  box: ChartBox,
): ChartGeometry | null {
  const points = series.map((p) => ({ t: p.t, v: Number(p.v) })).filter((p) => Number.isFinite(p.v));
  const head = points[0];
  const tail = points.at(-1);
  if (!head || !tail) return null;
  const values = points.map((p) => p.v);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // A flat series sits in the middle of the box instead of dividing by a zero range.
  const spread = high - low || Math.abs(high) * 0.02 || 1;
  const bottom = high === low ? low - spread / 2 : low;
  const span = tail.t - head.t;
  const innerWidth = box.width - 2 * box.pad;
  const innerHeight = box.height - 2 * box.pad;
  const x = (p: { t: number }, i: number) =>
    box.pad +
    (span > 0
      ? ((p.t - head.t) / span) * innerWidth
      : points.length > 1
        ? (i / (points.length - 1)) * innerWidth
        : 0);
  const y = (v: number) => box.pad + innerHeight - ((v - bottom) / spread) * innerHeight;
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${round(x(p, i))} ${round(y(p.v))}`)
    .concat(points.length === 1 ? [`L${round(box.width - box.pad)} ${round(y(head.v))}`] : [])
    .join(' ');
  const breakEvenY = low <= 1 && high >= 1 ? round(y(1)) : null;
  return { path, low, high, first: head.v, last: tail.v, breakEvenY };
}
