import type { Database } from '../../../shared/db/database';
import type { ApiError } from '../../../shared/errors';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import type { CommittedJob } from '../../../shared/jobs/job-document';
import { queryableClient, type Queryable } from '../../../shared/db/queryable';
import { insertJobs } from '../store/insert-jobs';
import { checkReferences } from '../store/references';
import { savepointsOf, type Savepoints } from '../store/savepoints';
import { toJobWriteError } from '../store/write-errors';

/** What became of one job of a batch. */
export type BatchOutcome = { ok: true; job: CommittedJob } | { ok: false; error: ApiError };

/**
 * Creates many validated jobs for one recruiter in one transaction (bulk import): the same
 * reference checks and the same job + outbox insert as POST /agents/jobs, batched. A job the
 * checks or the database refuse is reported in its place; it never takes the others down.
 * Outcomes follow input order.
 */
export async function createJobsBatch(db: Database, userId: string, inputs: readonly JobCreateRequest[]): Promise<BatchOutcome[]> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    const { problems, countries } = await checkReferences(q, userId, inputs);
    const passing = inputs.map((_, i) => i).filter((i) => !problems[i]);
    const inserted = await insertIsolating(
      savepointsOf(client),
      q,
      userId,
      passing.map((i) => inputs[i]),
      countries,
    );
    const insertedAt = new Map(passing.map((inputIndex, k) => [inputIndex, inserted[k]]));
    return inputs.map((_, i): BatchOutcome => {
      const result = insertedAt.get(i) ?? problems[i]!;
      return 'outboxId' in result ? { ok: true, job: result } : { ok: false, error: result };
    });
  });
}

/**
 * Inserts all the jobs in one statement; when the database refuses one, rolls that back and
 * inserts them one by one (each behind a savepoint) to tell which are refused and why.
 */
async function insertIsolating(
  savepoints: Savepoints,
  q: Queryable,
  userId: string,
  inputs: JobCreateRequest[],
  countries: ReadonlyMap<string, string | null>,
): Promise<(CommittedJob | ApiError)[]> {
  if (inputs.length === 0) return [];
  await savepoints.set('batch');
  try {
    const all = await insertJobs(q, userId, inputs, countries);
    await savepoints.release('batch');
    return all;
  } catch (err) {
    if (!toJobWriteError(err, inputs[0])) throw err;
    await savepoints.rollbackTo('batch');
  }
  const results: (CommittedJob | ApiError)[] = [];
  for (const input of inputs) {
    await savepoints.set('one');
    try {
      const [one] = await insertJobs(q, userId, [input], countries);
      await savepoints.release('one');
      results.push(one);
    } catch (err) {
      const refused = toJobWriteError(err, input);
      if (!refused) throw err;
      await savepoints.rollbackTo('one');
      results.push(refused);
    }
  }
  return results;
}
