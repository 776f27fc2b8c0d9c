/** Whole seconds a quote has left at `nowMs`, rounded up so "0" shows only once it has expired. */
export function secondsLeft(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}
