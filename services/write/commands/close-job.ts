import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import type { CommittedJob } from '../../../shared/jobs/job-document';
import type { JobDocumentRow } from '../../../shared/jobs/job-rows';
import { queryableClient } from '../../../shared/db/queryable';
import { loadJob, writeJobChange } from '../store/job-changes';
import type { WriteDeps } from '../deps';
import { indexIfChanged, type CurrentJob } from './current-job';
import { queueJobClosed } from './webhooks-events';

/** What a close did: closed the job now, or found it closed already (closing is idempotent). */
type CloseResult = { closed: true; job: CommittedJob } | { closed: false; row: JobDocumentRow };

/**
 * Closes a job (existence and permission were checked before): turns its flag off, records when,
 * and writes the change with its outbox row and its job.closed deliveries in one transaction, then
 * indexes it at once, so the job leaves browse and search and takes no more applications. A job
 * already closed is answered as it is, unchanged.
 */
export async function closeJob(deps: WriteDeps, jobId: string): Promise<CurrentJob> {
  return indexIfChanged(deps, await closeInDatabase(deps.db, jobId));
}

async function closeInDatabase(db: Database, jobId: string): Promise<CloseResult> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    const job = await writeJobChange(q, jobId, 'is_active = false, closed_at = now()', {}, 'j.is_active');
    if (job) {
      // Only a job closed now tells the subscribers: closing a closed job queues nothing.
      await queueJobClosed(q, jobId);
      return { closed: true, job };
    }
    const row = await loadJob(q, jobId);
    if (!row) throw errors.jobNotFound(jobId);
    return { closed: false, row };
  });
}
