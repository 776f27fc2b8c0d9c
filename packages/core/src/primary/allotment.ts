import { sha256Hex } from '../sha256';

/*
 * The allotment of an offering (IPO or ICO, DESIGN.md §8), as anyone can recompute it. Whole lots only.
 * Undersubscribed: everyone gets what they applied for. Oversubscribed: each application gets its pro-rata
 * share of the lots offered, rounded down, and the lots the rounding leaves over are drawn one each among the
 * applications whose share the rounding cut, in the order of SHA-256(seed ":" application id). The seed's digest is
 * published before the window closes and the seed itself at allotment, so the draw could not be chosen after
 * the applications were seen, and the verifier reproduces every result from the published figures.
 */

export interface AllotmentApplication {
  /** The application's public id (the same string the verifier is given). */
  id: string;
  lotsApplied: number;
}

export interface AllotmentLine {
  id: string;
  lotsApplied: number;
  /** lotsApplied × lotsOffered ÷ lotsAppliedTotal, rounded down (everything applied when undersubscribed). */
  lotsProRata: number;
  /** The position in the draw among the applications the rounding cut, from 1; null when not in the draw. */
  drawPosition: number | null;
  /** Whether the draw gave this application one more lot. */
  wonDrawnLot: boolean;
  lotsAllotted: number;
  /** SHA-256(seed ":" id): the draw orders by it. */
  drawKey: string;
}

export interface Allotment {
  lotsOffered: number;
  lotsAppliedTotal: number;
  lotsAllottedTotal: number;
  oversubscribed: boolean;
  /** The lots left over by rounding down, drawn one each. */
  lotsDrawn: number;
  /** One line per application, in the order given. */
  lines: AllotmentLine[];
}

/** What is published before the window closes: the seed's digest, so it cannot be changed afterwards. */
export function seedCommitment(seed: string): string {
  return sha256Hex(seed);
}

export function drawKey(seed: string, applicationId: string): string {
  return sha256Hex(`${seed}:${applicationId}`);
}

function assertWholeLots(value: number, what: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${what} must be whole lots ≥ ${min}`);
}

export function allot(input: {
  lotsOffered: number;
  applications: readonly AllotmentApplication[];
  seed: string;
}): Allotment {
  const { lotsOffered, applications, seed } = input;
  assertWholeLots(lotsOffered, 'the lots offered', 0);
  const ids = new Set<string>();
  for (const a of applications) {
    assertWholeLots(a.lotsApplied, `application ${a.id}`, 1);
    if (ids.has(a.id)) throw new RangeError(`application ${a.id} appears twice`);
    ids.add(a.id);
  }
  const lotsAppliedTotal = applications.reduce((sum, a) => sum + a.lotsApplied, 0);
  const oversubscribed = lotsAppliedTotal > lotsOffered;

  // Products can pass 2^53 with large offerings: the pro-rata share is computed in bigint.
  const offered = BigInt(lotsOffered);
  const total = BigInt(lotsAppliedTotal);
  const cutByRounding = new Set<string>();
  const lines: AllotmentLine[] = applications.map((a) => {
    const share = BigInt(a.lotsApplied) * offered;
    if (oversubscribed && share % total !== 0n) cutByRounding.add(a.id);
    const lotsProRata = oversubscribed ? Number(share / total) : a.lotsApplied;
    return {
      id: a.id,
      lotsApplied: a.lotsApplied,
      lotsProRata,
      drawPosition: null,
      wonDrawnLot: false,
      lotsAllotted: lotsProRata,
      drawKey: drawKey(seed, a.id),
    };
  });

  const lotsDrawn = oversubscribed ? lotsOffered - lines.reduce((sum, l) => sum + l.lotsProRata, 0) : 0;
  // The fractions cut by rounding sum to lotsDrawn and each is below one lot, so more applications were cut
  // than there are lots to draw: each wins at most one, and never more than it applied for (its exact
  // share is below what it applied for when the offering is oversubscribed).
  const cut = lines
    .filter((l) => cutByRounding.has(l.id))
    .sort((x, y) => (x.drawKey < y.drawKey ? -1 : x.drawKey > y.drawKey ? 1 : x.id < y.id ? -1 : 1));
  cut.forEach((line, i) => {
    line.drawPosition = i + 1;
    if (i < lotsDrawn) {
      line.wonDrawnLot = true;
      line.lotsAllotted += 1;
    }
  });

  return {
    lotsOffered,
    lotsAppliedTotal,
    lotsAllottedTotal: lines.reduce((sum, l) => sum + l.lotsAllotted, 0),
    oversubscribed,
    lotsDrawn,
    lines,
  };
}
