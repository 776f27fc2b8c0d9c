import { allot, seedCommitment } from './allotment';

/*
 * The check anyone can run on a published allotment (issue 12 item 3): the seed revealed at the allotment must
 * be the one whose SHA-256 was published before the window closed, and allotting the published applications
 * with it must give every line exactly what it got.
 */

export interface PublishedLine {
  subscriptionId: number;
  lotsApplied: number;
  lotsAllotted: number;
}

export interface PublishedAllotment {
  lotsOffered: number;
  seedCommitment: string;
  seed: string;
  lines: readonly PublishedLine[];
}

/** What does not match, one sentence each; empty when the allotment is reproduced exactly. */
export function verifyAllotment(published: PublishedAllotment): string[] {
  const problems: string[] = [];
  if (seedCommitment(published.seed) !== published.seedCommitment) {
    problems.push(
      'the revealed seed is not the one committed to: its SHA-256 differs from the published digest',
    );
  }
  const recomputed = allot({
    lotsOffered: published.lotsOffered,
    applications: published.lines.map((l) => ({ id: String(l.subscriptionId), lotsApplied: l.lotsApplied })),
    seed: published.seed,
  });
  const byId = new Map(recomputed.lines.map((l) => [Number(l.id), l]));
  for (const line of published.lines) {
    const expected = byId.get(line.subscriptionId)?.lotsAllotted;
    if (expected !== line.lotsAllotted) {
      problems.push(
        `subscription ${line.subscriptionId}: published ${line.lotsAllotted} lots, recomputed ${expected}`,
      );
    }
  }
  return problems;
}
