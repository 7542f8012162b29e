import { createHash } from 'node:crypto';
import { errors } from '../../../shared/errors';
import type { JobDocument } from '../../../shared/jobs/job-document';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import { loadJobDocuments, toIndexable } from '../indexing/job-rows';
import type { Queryable } from '../indexing/queryable';

/** How long a key holds: a retry comes within minutes; a day covers an agent's longest outage. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** JSON with object keys sorted at every level: equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the normalized request body (trimmed, nulls dropped by validation). */
export function requestHash(input: JobCreateRequest): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/**
 * Claims the key for this request inside the create's transaction. Returns nothing when the
 * claim is new (go on and create), or the job an earlier request with the same key and body
 * made. A concurrent claim of the same key waits here until that transaction ends: it then
 * finds the committed job, or claims the key itself if the other rolled back. Throws
 * idempotency_key_reused for the same key with another body.
 */
export async function claimIdempotencyKey(q: Queryable, userId: string, key: string, input: JobCreateRequest): Promise<JobDocument | undefined> {
  const hash = requestHash(input);
  // The user's expired keys go first, so an expired key can be claimed again.
  await q.query(
    `DELETE FROM job_create_idempotency_keys WHERE user_id = $1 AND created_at < now() - make_interval(hours => $2)`,
    [userId, IDEMPOTENCY_KEY_TTL_HOURS],
  );
  // Twice at most: a key row seen in conflict can vanish before it is read (expired and deleted
  // by a concurrent claim); the second insert then claims it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await q.query(
      `INSERT INTO job_create_idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, hash],
    );
    if (claimed.length > 0) return undefined;
    const [earlier] = await q.query<{ request_hash: string; job_id: string | null }>(
      'SELECT request_hash, job_id FROM job_create_idempotency_keys WHERE user_id = $1 AND key = $2',
      [userId, key],
    );
    if (!earlier) continue;
    if (earlier.request_hash !== hash || !earlier.job_id) throw errors.idempotencyKeyReused(key, earlier.job_id);
    const [row] = await loadJobDocuments(q, [earlier.job_id]);
    return toIndexable(row).doc;
  }
  throw errors.idempotencyKeyReused(key, null);
}

/** Ties the claimed key to the job the request made (same transaction as the claim). */
export async function recordIdempotentJob(q: Queryable, userId: string, key: string, jobId: string): Promise<void> {
  await q.query('UPDATE job_create_idempotency_keys SET job_id = $3 WHERE user_id = $1 AND key = $2', [userId, key, jobId]);
}
