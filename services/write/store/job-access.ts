import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import { UUID_PATTERN } from '../../../shared/schemas/common';
import type { Caller } from '../auth/authenticate';

/** A job a recruiter may change: what the checks before the change need. */
export interface ManagedJob {
  id: string;
  organizationId: string;
}

/**
 * The checks of every recruiter operation on one job, in the order of DESIGN.md (authentication
 * was done by the caller): the job exists (404, also for a malformed id), then the caller may
 * manage it (403: a recruiter key of a member of the job's organization). Read without a lock: the
 * change itself locks the row and checks the state.
 */
export async function managedJob(db: Database, caller: Caller, jobId: string): Promise<ManagedJob> {
  if (!UUID_PATTERN.test(jobId)) throw errors.jobNotFound(jobId);
  const [job] = await db.query<{ id: string; organization_id: string; member: boolean }>(
    `SELECT j.id, j.organization_id,
            EXISTS (SELECT 1 FROM organization_memberships m WHERE m.user_id = $2 AND m.organization_id = j.organization_id) AS member
       FROM jobs j WHERE j.id = $1`,
    [jobId.toLowerCase(), caller.userId],
  );
  if (!job) throw errors.jobNotFound(jobId);
  if (!caller.isRecruiter) {
    throw errors.forbidden('Changing jobs needs an API key of a recruiter.', 'Use the API key of a recruiter of the organization that posted the job.');
  }
  if (!job.member) {
    throw errors.forbidden(
      `The owner of this API key is not a member of organization "${job.organization_id}", which posted job ${job.id}.`,
      "Only recruiters of a job's organization change or close it; ask the operator of this service to add you to it.",
    );
  }
  return { id: job.id, organizationId: job.organization_id };
}
