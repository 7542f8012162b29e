import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import { presentCreatedJob } from '../../../../shared/jobs/job-document';
import { authenticate, type Caller } from '../../auth/authenticate';
import type { WriteDeps } from '../../deps';
import { indexNow } from '../../../indexer';
import type { CommittedJob } from '../../../../shared/jobs/job-document';
import { toIndexable, type JobDocumentRow } from '../../../../shared/jobs/job-rows';
import { managedJob, type ManagedJob } from '../../store/job-access';
import { etagOf } from '../../commands/update-job';

/** The caller and the job a recruiter operation acts on. */
export interface JobManagement {
  caller: Caller;
  job: ManagedJob;
}

/** The path parameter of the recruiter's operations on one job. */
export const JobIdParam = Type.Object({ job_id: Type.String({ description: 'job id (UUID); a malformed id answers 404 not_found' }) });

/**
 * The checks before the body is read, in the order of DESIGN.md: a valid key (401), a known job
 * (404), a recruiter of its organization (403). The state comes after, inside the change.
 */
export async function authorizeJobManagement(ctx: Context, deps: WriteDeps): Promise<JobManagement> {
  const caller = await authenticate(ctx, deps.db);
  return { caller, job: await managedJob(deps.db, caller, String(ctx.params.job_id)) };
}

/** Brings a changed job into the index at once (refreshed), leaving it to the outbox when that fails. */
async function indexChangedJob(deps: WriteDeps, job: CommittedJob): Promise<void> {
  await indexNow({ db: deps.db, search: deps.search, alias: deps.config.indexAlias, logger: deps.logger }, [job], {
    refresh: true,
    requestTimeoutMs: deps.config.esRequestTimeoutMs,
  });
}

/**
 * Answers a recruiter's operation with the job as it is now: indexed at once when it changed, and
 * its ETag (the same as GET /agents/jobs/{job_id} answers) for the next If-Match.
 */
export async function answerManagedJob(ctx: Context, deps: WriteDeps, result: { job: CommittedJob } | { row: JobDocumentRow }): Promise<void> {
  const { doc, version } = 'job' in result ? result.job : toIndexable(result.row);
  if ('job' in result) await indexChangedJob(deps, result.job);
  ctx.set('ETag', etagOf({ ...doc, version }));
  ctx.body = presentCreatedJob(doc);
}

/** The ETag response header, as documented. */
export const ETAG_HEADER = { ETag: { description: 'The ETag of the job as it is now: send it in If-Match with your next change.', schema: Type.String() } };
