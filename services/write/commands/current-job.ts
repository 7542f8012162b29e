import type { CommittedJob, JobDocument } from '../../../shared/jobs/job-document';
import { toIndexable, type JobDocumentRow } from '../../../shared/jobs/job-rows';
import type { WriteDeps } from '../deps';
import { indexAtOnce } from './index-at-once';
import { etagOf } from './job-etag';

/** A job as a recruiter's operation leaves it: its document and its ETag, for the next If-Match. */
export interface CurrentJob {
  doc: JobDocument;
  etag: string;
}

/**
 * The job after a recruiter's operation: indexed at once when the operation changed it (else the
 * index has it as it is already). Its ETag is the one GET /agents/jobs/{job_id} answers.
 */
export async function indexIfChanged(deps: WriteDeps, result: { job: CommittedJob } | { row: JobDocumentRow }): Promise<CurrentJob> {
  const { doc, version } = 'job' in result ? result.job : toIndexable(result.row);
  if ('job' in result) await indexAtOnce(deps, result.job);
  return { doc, etag: etagOf({ ...doc, version }) };
}
