import type { userAssets } from '@piazza/contract/calls/assets';
import type { CallOutput } from '@piazza/contract/define';
import type { Queryable } from '../db/db';
import type { Services } from '../services';

/*
 * A port through which the modules whose positions are worth more (or less) than the ledger shows say by how
 * much (issue 17): a stock contract account's open P&L, a held option's value at the mark, a perpetual's
 * open P&L. The assets module adds them to the investor's totals; it imports none of those modules.
 */

/** Positions whose worth is not a ledger balance (defined on the wire). */
export type PositionKind = CallOutput<typeof userAssets>['positions'][number]['kind'];

/** What one kind of position adds to the balances in one asset, in that asset's minor units (may be < 0). */
export interface PositionWorth {
  kind: PositionKind;
  asset: string;
  minor: bigint;
  scale: number;
}

export interface PositionWorthAnswer {
  worth: PositionWorth[];
  /** What could not be valued now (the feed cannot price it): named, and left out of the totals. */
  unvalued: string[];
}

export type PositionValuer = (q: Queryable, userId: number, nowMs: number) => Promise<PositionWorthAnswer>;

// Per server (services), so that several servers in one process (tests) keep their own.
const valuers = new WeakMap<Services, PositionValuer[]>();

export function valuePositionsWith(services: Services, valuer: PositionValuer): void {
  const list = valuers.get(services) ?? [];
  list.push(valuer);
  valuers.set(services, list);
}

/** Every registered module's positions of the user, valued now. */
export async function positionWorthOf(
  services: Services,
  q: Queryable,
  userId: number,
  nowMs: number,
): Promise<PositionWorthAnswer> {
  const answer: PositionWorthAnswer = { worth: [], unvalued: [] };
  for (const valuer of valuers.get(services) ?? []) {
    const part = await valuer(q, userId, nowMs);
    answer.worth.push(...part.worth);
    answer.unvalued.push(...part.unvalued);
  }
  return answer;
}
