import type { VoteView } from '@piazza/contract/calls/content-news-shapes';

export interface ResultRow {
  id: number;
  label: string;
  votes: number;
  /** Whole percent of all votes, rounded; 0 when nobody voted. */
  percent: number;
  mine: boolean;
}

/** Each option with its votes and share, in the poll's order; empty while the results are not shown. */
export function resultRows(vote: VoteView): ResultRow[] {
  if (!vote.results) return [];
  const { total, counts } = vote.results;
  return vote.options.map((o) => {
    const votes = counts.find((c) => c.option === o.id)?.votes ?? 0;
    return {
      id: o.id,
      label: o.label,
      votes,
      percent: total === 0 ? 0 : Math.round((votes * 100) / total),
      mine: vote.myOption === o.id,
    };
  });
}
