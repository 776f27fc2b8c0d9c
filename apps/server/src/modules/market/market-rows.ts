import type { Instrument } from '../../market/instrument';
import type { MarketService } from '../../market/market-service';
import type { Quoted } from '../../market/quote-snapshot';
import { instrumentToWire, quoteToWire } from '../../market/to-wire';

export type { Quoted };

/**
 * The quotes of several instruments, all read at the same instant, straight from the market: how every list
 * was made before the snapshots (decision 067), kept as the reference the snapshot's lists are tested
 * against. If any cannot be read, the failure of the first in list order is thrown.
 */
export async function quoteAll(
  market: MarketService,
  instruments: readonly Instrument[],
  atMs: number,
): Promise<Quoted[]> {
  const settled = await Promise.allSettled(instruments.map((i) => market.quote(i.symbol, atMs)));
  return settled.map((s, k) => {
    if (s.status === 'rejected') throw s.reason;
    return { instrument: instruments[k]!, quote: s.value };
  });
}

/** A list row: the instrument with its quote laid flat beside it (the contract's market row). */
export function marketRow({ instrument, quote }: Quoted) {
  const { symbol: _symbol, ...price } = quoteToWire(instrument, quote);
  return { ...instrumentToWire(instrument), ...price };
}
