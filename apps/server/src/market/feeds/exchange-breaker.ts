import type { Clock } from '../../services';

const firstPauseMs = 2_000;
const longestPauseMs = 60_000;

/**
 * After an exchange fails, stop asking it for a while (2 s, doubling on each further failure, at most a
 * minute), so an outage costs callers nothing but the fallback instead of a timeout each, and a rate-limit
 * ban is not made longer by more requests. The first call after the pause is the probe.
 */
export class ExchangeBreaker {
  private failures = 0;
  private pausedUntilMs = 0;

  constructor(private readonly clock: Clock) {}

  /** False while the pause after a failure lasts. */
  allowsCalls(): boolean {
    return this.clock.now() >= this.pausedUntilMs;
  }

  succeeded(): void {
    this.failures = 0;
    this.pausedUntilMs = 0;
  }

  failed(): void {
    this.failures += 1;
    const pauseMs = Math.min(firstPauseMs * 2 ** (this.failures - 1), longestPauseMs);
    this.pausedUntilMs = this.clock.now() + pauseMs;
  }
}
