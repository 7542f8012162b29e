import { defineRoute } from '../../../../shared/http/route';
import { RecruiterJobList, RecruiterJobsQuery } from '../../../../shared/schemas/recruiter-jobs';
import { authenticateRecruiter } from '../../auth/recruiter';
import type { WriteDeps } from '../../deps';
import { findRecruiterJobs } from '../../store/recruiter-jobs';
import { presentRecruiterJobList } from '../../presenters/recruiter-jobs';
import { EXAMPLE_RECRUITER_JOB } from '../jobs/manage-examples';
import { calendarNow } from '../../../../shared/runtime/calendar';

/** GET /agents/recruiter/jobs (issue 19): the postings of the caller's organizations, with their applications counted. */
export function recruiterJobsRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listRecruiterJobs',
    method: 'GET',
    path: '/agents/recruiter/jobs',
    summary: "List your organizations' job postings",
    description:
      'The jobs of every organization the recruiter who owns the API key belongs to, open and closed, newest first, each with its ' +
      'screening settings and its applications counted by status. Read from the source of truth, so a change shows at once. ' +
      'Checks: a valid key (401 unauthenticated), a recruiter key (403 forbidden), valid parameters (400 invalid_request). ' +
      'A page past the end answers an empty list with the true pagination.',
    tags: ['Recruiters'],
    auth: 'apiKey',
    authenticate: (ctx) =>
      authenticateRecruiter(
        ctx,
        deps.db,
        "Listing an organization's postings needs an API key of a recruiter.",
        'Use the API key of a recruiter account; your own applications are listed by GET /agents/applications.',
      ),
    query: RecruiterJobsQuery,
    responses: {
      200: {
        description: "A page of your organizations' jobs, newest first",
        schema: RecruiterJobList,
        example: { jobs: [EXAMPLE_RECRUITER_JOB], pagination: { current_page: 1, total_pages: 1, total_items: 1 } },
      },
    },
    errors: ['unauthenticated', 'forbidden', 'invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { query, auth }) => {
      // One instant for the filter and the is_active shown, so a job closing at midnight agrees with itself.
      const now = calendarNow();
      const { rows, total } = await findRecruiterJobs(deps.db, auth.userId, query, now);
      ctx.body = presentRecruiterJobList(rows, total, query, now);
    },
  });
}
