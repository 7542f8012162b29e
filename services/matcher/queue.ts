import type { Database } from '../../shared/db/database';
import type { Queryable } from '../../shared/db/queryable';

/** A changed job waiting to be matched (job_match_queue, filled by triggers on jobs). */
export interface QueuedJob {
  id: string;
  jobId: string;
  version: number;
  /** When the change was written: what the matcher's latency counts from. */
  queuedAt: Date;
  attempts: number;
}

/** How long claimed rows stay out of other matchers' reach: a crashed pass's rows come back after it. */
const LEASE_SECONDS = 120;

/** Leases up to `limit` due rows, oldest first, skipping those another matcher holds. */
export async function claimQueuedJobs(db: Database, limit: number): Promise<QueuedJob[]> {
  const rows = await db.query<{ id: string; job_id: string; job_version: string; created_at: Date; attempts: number }>(
    `UPDATE job_match_queue q SET attempts = q.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       FROM (SELECT id FROM job_match_queue WHERE next_attempt_at <= now() ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) due
      WHERE q.id = due.id
      RETURNING q.id, q.job_id, q.job_version, q.created_at, q.attempts`,
    [limit, LEASE_SECONDS],
  );
  return rows
    .map((r) => ({ id: String(r.id), jobId: r.job_id, version: Number(r.job_version), queuedAt: r.created_at, attempts: r.attempts }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** Puts rows back to be tried again after `seconds` (a job not indexed at its version yet). */
export async function releaseQueuedJobs(db: Database, ids: readonly string[], seconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db.query('UPDATE job_match_queue SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = ANY($1::bigint[])', [
    ids,
    seconds,
  ]);
}

/** Removes matched rows, inside the transaction that recorded their matches. */
export async function finishQueuedJobs(q: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await q.query('DELETE FROM job_match_queue WHERE id = ANY($1::bigint[])', [ids]);
}
