import type { JobDocument } from '../../../shared/jobs/job-document';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import type { WriteDeps } from '../deps';
import { createJob, createJobIdempotently, type IdempotentCreate } from './create-job';
import { indexAtOnce } from './index-at-once';

/** What POST /agents/jobs answers with: the job, and whether an earlier request with the same Idempotency-Key made it. */
export interface CreatedJobOutcome {
  doc: JobDocument;
  replayed: boolean;
}

/**
 * Creates a recruiter's job (under the Idempotency-Key when there is one) and indexes it at once.
 * A replay is not indexed again: the request that created it did, or its outbox row still will.
 */
export async function createAndIndexJob(
  deps: WriteDeps,
  userId: string,
  input: JobCreateRequest,
  idempotencyKey?: string,
): Promise<CreatedJobOutcome> {
  const result: IdempotentCreate = idempotencyKey
    ? await createJobIdempotently(deps.db, userId, input, idempotencyKey)
    : { replayed: false, job: await createJob(deps.db, userId, input) };
  if (result.replayed) return { doc: result.doc, replayed: true };
  await indexAtOnce(deps, result.job);
  return { doc: result.job.doc, replayed: false };
}
