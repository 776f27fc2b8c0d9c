import type { BookWire } from '@piazza/contract/market';
import type { FeeSchedule } from '@piazza/core/trading/fees';
import { previewTicket, type TicketInput, type TicketInstrument } from './ticket-preview';

/** Never more lots than this are searched: a ticket's stepper is for people, not for the whole float. */
const lotsCap = 1_000_000;

/**
 * The most lots a ticket can take (issue 17's "Max"): a sale, the lots of the shares available; a buy, the
 * most whose cost with the fee (previewTicket, the server's rule) is within `cash` and which the visible book
 * fills whole at market. 0 when not even one lot fits.
 */
export function mostLots(
  ticket: TicketInput,
  instrument: TicketInstrument,
  book: BookWire | null,
  schedule: FeeSchedule | null,
  funds: { cash: bigint; availableLots: number },
): number {
  if (ticket.side === 'sell') return Math.max(0, Math.min(funds.availableLots, lotsCap));
  const fits = (lots: number) => {
    const preview = previewTicket({ ...ticket, lots }, instrument, book, schedule);
    return preview !== null && !preview.partial && preview.total <= funds.cash;
  };
  if (!fits(1)) return 0;
  // Grow the bound until a number of lots no longer fits, then halve the gap between what fits and what not.
  let low = 1;
  let high = 2;
  while (high <= lotsCap && fits(high)) {
    low = high;
    high *= 2;
  }
  high = Math.min(high, lotsCap + 1);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}
