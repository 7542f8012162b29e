import { createHash } from 'node:crypto';
import { errors } from '../../../shared/errors';
import type { JobDocument } from '../../../shared/jobs/job-document';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import { loadJobDocuments, toIndexable } from '../../../shared/jobs/job-rows';
import type { Queryable } from '../../../shared/db/queryable';

/** How long a key holds: a retry comes within minutes; a day covers an agent's longest outage. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** JSON with object keys sorted at every level: equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the normalized request body (trimmed, nulls dropped by validation). */
export function requestHash(input: JobCreateRequest): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/**
 * Claims the key for this request inside the create's transaction, in one statement that also
 * deletes the user's other expired keys. A new key, or an expired one, is claimed (its job_id is
 * null until recordIdempotentJob): returns nothing, go on and create. A live key is returned as
 * it stands, locked: the job an earlier request with the same body made is returned (replay), and
 * another body throws idempotency_key_reused. A concurrent claim of the same key waits on that
 * lock until the other transaction ends: it then replays the committed job, or claims the key if
 * the other rolled back.
 */
export async function claimIdempotencyKey(
  q: Queryable,
  userId: string,
  key: string,
  input: JobCreateRequest,
): Promise<JobDocument | undefined> {
  const hash = requestHash(input);
  const [claim] = await q.query<{ request_hash: string; job_id: string | null }>(
    `WITH expired AS (
       DELETE FROM job_create_idempotency_keys
        WHERE user_id = $1 AND key <> $2 AND created_at < now() - $4::interval
     )
     INSERT INTO job_create_idempotency_keys AS k (user_id, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, key) DO UPDATE SET
       request_hash = CASE WHEN k.created_at < now() - $4::interval THEN EXCLUDED.request_hash ELSE k.request_hash END,
       job_id       = CASE WHEN k.created_at < now() - $4::interval THEN NULL ELSE k.job_id END,
       created_at   = CASE WHEN k.created_at < now() - $4::interval THEN now() ELSE k.created_at END
     RETURNING request_hash, job_id`,
    [userId, key, hash, `${IDEMPOTENCY_KEY_TTL_HOURS} hours`],
  );
  // Committed keys always name their job: a null job_id is this request's own claim.
  if (claim.job_id === null) return undefined;
  if (claim.request_hash !== hash) throw errors.idempotencyKeyReused(key, claim.job_id);
  const [row] = await loadJobDocuments(q, [claim.job_id]);
  return toIndexable(row).doc;
}

/** Ties the claimed key to the job the request made (same transaction as the claim). */
export async function recordIdempotentJob(q: Queryable, userId: string, key: string, jobId: string): Promise<void> {
  await q.query('UPDATE job_create_idempotency_keys SET job_id = $3 WHERE user_id = $1 AND key = $2', [userId, key, jobId]);
}
