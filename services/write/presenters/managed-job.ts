import type { Context } from 'koa';
import { presentCreatedJob } from '../../../shared/jobs/job-document';
import type { CurrentJob } from '../commands/current-job';

/** Answers a recruiter's operation on a job with the job as it is now, and its ETag for the next If-Match. */
export function presentManagedJob(ctx: Context, job: CurrentJob): void {
  ctx.set('ETag', job.etag);
  ctx.body = presentCreatedJob(job.doc);
}
