import type { Queryable } from '../db/db';

/*
 * One page of a list and the count of all its rows (SPEC §7 lists: `{list, total, page, size}`), from a FROM
 * and a WHERE written once: every list call used to write the pair of queries by hand, and a filter added to
 * one and not the other would count rows the page never shows.
 */

export interface PageWanted {
  page?: number | undefined;
  size?: number | undefined;
}

export interface PageAt {
  page: number;
  size: number;
}

/** The page asked for, with the call's default size (the contract bounds both). */
export function pageAt(input: PageWanted, defaultSize = 20): PageAt {
  return { page: input.page ?? 1, size: input.size ?? defaultSize };
}

export interface PagedQuery {
  /** The columns of a row, as `select` lists them. */
  columns: string;
  /** The table or join, without `from`. */
  from: string;
  /** The filter without `where` ('true' for none); its parameters are `params`, numbered from $1. */
  where?: string;
  orderBy: string;
  params?: readonly unknown[];
}

/** The rows of one page and how many rows the whole list has. */
export async function pagedRows<R>(
  q: Queryable,
  query: PagedQuery,
  at: PageAt,
): Promise<{ rows: R[]; total: number }> {
  const where = query.where ?? 'true';
  const params = query.params ?? [];
  const [count] = await q.query<{ n: bigint }>(
    `select count(*) as n from ${query.from} where ${where}`,
    params,
  );
  const rows = await q.query<R>(
    `select ${query.columns} from ${query.from} where ${where} order by ${query.orderBy}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, at.size, (at.page - 1) * at.size],
  );
  return { rows, total: Number(count?.n ?? 0n) };
}
