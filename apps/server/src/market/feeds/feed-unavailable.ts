/**
 * Why a live feed could not answer:
 * - 'unreachable': the exchange failed (network, timeout, rate limit, maintenance, an error answer), or
 *   failed a moment ago and the feed is waiting before it asks again;
 * - 'unlisted': the exchange has no active market for the symbol;
 * - 'unsupported': the exchange does not offer what was asked (candles at all, or at that interval);
 * - 'bad-data': the exchange answered something that is not a price (missing or negative numbers).
 */
export type FeedFailure = 'unreachable' | 'unlisted' | 'unsupported' | 'bad-data';

/**
 * Thrown by a live feed instead of the exchange's own error, so the market service can tell "fall back to
 * the simulator for this symbol" from a bug. `cause` keeps the exchange's error for the log.
 */
export class FeedUnavailableError extends Error {
  override readonly name = 'FeedUnavailableError';

  constructor(
    readonly feed: string,
    readonly symbol: string,
    readonly reason: FeedFailure,
    options?: { cause?: unknown },
  ) {
    const why = options?.cause instanceof Error ? `: ${options.cause.message}` : '';
    super(`${feed} cannot answer for ${symbol} (${reason})${why}`, options);
  }
}
