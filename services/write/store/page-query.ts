import type { Database } from '../../../shared/db/database';

/** The page of a list filtered by name that a List call asks for. */
export interface NamedPage {
  /** ILIKE pattern for the name filter, or null when there is none. */
  namePattern: string | null;
  limit: number;
  offset: number;
}

/** A listing query in parts: what to select, from where (with its filters as $1..$n), in which order. */
export interface PagedSelect {
  columns: string;
  /** FROM and WHERE clauses; their parameters are `params`, numbered from $1. */
  from: string;
  params: unknown[];
  orderBy: string;
}

/**
 * A page row without the count it carried: the caller's row type R, which TypeScript proves only
 * once R is known (the callers' return types check it), not for a generic R.
 */
export type Uncounted<R> = Omit<R & { total: number }, 'total'>;

/**
 * One page of rows and the number of all matching rows, in one round trip in the usual case: the
 * page rows carry the count (count(*) OVER ()). A page past the end has no row to carry it, so only
 * then is the count asked for on its own.
 */
export async function pageWithTotal<R extends object>(
  db: Database,
  select: PagedSelect,
  limit: number,
  offset: number,
): Promise<{ rows: Uncounted<R>[]; total: number }> {
  const n = select.params.length;
  const rows = await db.query<R & { total: number }>(
    `SELECT ${select.columns}, count(*) OVER ()::int AS total ${select.from} ORDER BY ${select.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...select.params, limit, offset],
  );
  if (rows.length > 0) return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0].total };
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${select.from}`, select.params);
  return { rows: [], total };
}
