import type { Database } from '../../../shared/db/database';
import type { JobDocument } from '../../../shared/jobs/job-document';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import type { CommittedJob } from '../../../shared/jobs/job-document';
import { queryableClient, type Queryable } from '../../../shared/db/queryable';
import { claimIdempotencyKey, recordIdempotentJob } from '../store/idempotency-keys';
import { insertJobs } from '../store/insert-jobs';
import { checkReferences } from '../store/references';
import { toJobWriteError } from '../store/write-errors';

/** Checks the references of one job and inserts it with its outbox row, inside the caller's transaction. */
async function insertOne(q: Queryable, userId: string, input: JobCreateRequest): Promise<CommittedJob> {
  const {
    problems: [problem],
    countries,
  } = await checkReferences(q, userId, [input]);
  if (problem) throw problem;
  const [created] = await insertJobs(q, userId, [input], countries).catch((err) => {
    throw toJobWriteError(err, input) ?? err;
  });
  return created;
}

/**
 * Creates one job for a recruiter (already authenticated and validated): checks its references
 * and writes the job and its outbox row in one transaction. Returns the job's document as
 * committed, ready to answer and to index. Throws the ApiError of the first failed check.
 */
export async function createJob(db: Database, userId: string, input: JobCreateRequest): Promise<CommittedJob> {
  return db.transaction((client) => insertOne(queryableClient(client), userId, input));
}

/** What a create with an Idempotency-Key did: made the job, or found the one an earlier request made. */
export type IdempotentCreate = { replayed: false; job: CommittedJob } | { replayed: true; doc: JobDocument };

/**
 * createJob under an Idempotency-Key: the key is claimed in the same transaction as the job, so a
 * retry of a create that committed gets that job back (replayed), a retry of one that failed
 * creates it, and concurrent retries wait for the first and then replay it. The same key with
 * another body is refused (idempotency_key_reused). Keys expire after 24 hours.
 */
export async function createJobIdempotently(db: Database, userId: string, input: JobCreateRequest, key: string): Promise<IdempotentCreate> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    const earlier = await claimIdempotencyKey(q, userId, key, input);
    if (earlier) return { replayed: true, doc: earlier };
    const job = await insertOne(q, userId, input);
    await recordIdempotentJob(q, userId, key, job.doc.id);
    return { replayed: false, job };
  });
}
