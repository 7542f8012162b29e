import type { Queryable } from '../../shared/db/queryable';

/** How far the index lags behind Postgres, for /metrics and operators. */
export interface OutboxBacklog {
  /** Outbox rows not yet indexed. */
  pending: number;
  /** Of those, rows that failed at least once (waiting for a retry). */
  retrying: number;
  /** Age of the oldest pending row in seconds (0 when none): the outbox lag. */
  oldestAgeSeconds: number;
}

/** Reads the outbox backlog in one cheap query. */
export async function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  const [row] = await db.query<{ pending: number; retrying: number; oldest: number | null }>(
    `SELECT count(*)::int AS pending,
            count(*) FILTER (WHERE attempts > 0)::int AS retrying,
            extract(epoch FROM now() - min(created_at))::float8 AS oldest
       FROM job_index_outbox`,
  );
  return { pending: row.pending, retrying: row.retrying, oldestAgeSeconds: row.oldest ?? 0 };
}
