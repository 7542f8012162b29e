import type { Context } from 'koa';
import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import { UUID_PATTERN } from '../../../shared/schemas/common';
import { findJobWithMembership } from '../store/job-access';
import { authenticate, type Caller } from './authenticate';

/** A job a recruiter may change: what the checks before the change need. */
export interface ManagedJob {
  id: string;
  organizationId: string;
}

/** The caller and the job a recruiter operation acts on. */
export interface JobManagement {
  caller: Caller;
  job: ManagedJob;
}

/**
 * The checks of every recruiter operation on one job, before the body is read, in the order of
 * DESIGN.md: a valid key (401), a known job (404, also for a malformed id), a recruiter key of a
 * member of the job's organization (403). The state comes after, inside the change.
 */
export async function authorizeJobManagement(ctx: Context, db: Database): Promise<JobManagement> {
  const caller = await authenticate(ctx, db);
  // The router's path parameters (Koa's Context types them as any): the route's path has {job_id}.
  const jobId = String((ctx.params as Record<string, string | undefined>).job_id);
  const job = UUID_PATTERN.test(jobId) ? await findJobWithMembership(db, jobId, caller.userId) : undefined;
  if (!job) throw errors.jobNotFound(jobId);
  if (!caller.isRecruiter) {
    throw errors.forbidden(
      'Changing jobs needs an API key of a recruiter.',
      'Use the API key of a recruiter of the organization that posted the job.',
    );
  }
  if (!job.member) {
    throw errors.forbidden(
      `The owner of this API key is not a member of organization "${job.organization_id}", which posted job ${job.id}.`,
      "Only recruiters of a job's organization change or close it; ask the operator of this service to add you to it.",
    );
  }
  return { caller, job: { id: job.id, organizationId: job.organization_id } };
}
