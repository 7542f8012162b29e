import type { Database } from '../../../shared/db/database';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import type { CommittedJob } from '../indexing/index-now';
import { queryableClient } from '../indexing/queryable';
import { insertJobs } from './insert-jobs';
import { checkReferences } from './references';
import { toJobWriteError } from './write-errors';

/**
 * Creates one job for a recruiter (already authenticated and validated): checks its references
 * and writes the job and its outbox row in one transaction. Returns the job's document as
 * committed, ready to answer and to index. Throws the ApiError of the first failed check.
 */
export async function createJob(db: Database, userId: string, input: JobCreateRequest): Promise<CommittedJob> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    const [problem] = await checkReferences(q, userId, [input]);
    if (problem) throw problem;
    const [created] = await insertJobs(q, userId, [input]).catch((err) => {
      throw toJobWriteError(err, input) ?? err;
    });
    return created;
  });
}
