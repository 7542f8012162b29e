import { defineRoute } from '../../../../shared/http/route';
import { CreatedJob } from '../../../../shared/schemas/job';
import type { WriteDeps } from '../../deps';
import { closeJob } from '../../commands/close-job';
import { EXAMPLE_CLOSED_JOB } from './manage-examples';
import { ETAG_HEADER, JobIdParam } from './manage-schema';
import { authorizeJobManagement } from '../../auth/job-management';
import { presentManagedJob } from '../../presenters/managed-job';

/**
 * POST /agents/jobs/{job_id}/close (issue 19): a recruiter takes a filled or withdrawn posting off
 * the board at once, instead of waiting for its closing date. Idempotent.
 */
export function closeJobRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'closeJob',
    method: 'POST',
    path: '/agents/jobs/{job_id}/close',
    summary: 'Close a job posting',
    description:
      'Closes the job: it leaves browse and search within 2 seconds (browse with updated_since still lists it, with is_active false), ' +
      'GET shows it with is_active false, and applying to it answers 409 job_inactive. Closing is final: a closed job cannot be edited. ' +
      'Closing a closed job answers 200 with the job unchanged. Checks, in this order: a valid key (401 unauthenticated), a known job ' +
      "(404 not_found), a recruiter key of a member of the job's organization (403 forbidden). No request body.",
    tags: ['Jobs'],
    auth: 'apiKey',
    authenticate: (ctx) => authorizeJobManagement(ctx, deps.db),
    params: JobIdParam,
    responses: {
      200: { description: 'The job, closed (now or before)', schema: CreatedJob, headers: ETAG_HEADER, example: EXAMPLE_CLOSED_JOB },
    },
    errors: ['unauthenticated', 'not_found', 'forbidden', 'unavailable', 'internal'],
    handle: async (ctx, { auth }) => {
      presentManagedJob(ctx, await closeJob(deps, auth.job.id));
    },
  });
}
