import { defineRoute } from '../../../../shared/http/route';
import { MyApplicationList, MyApplicationsQuery } from '../../../../shared/schemas/recruiter-jobs';
import { authenticate } from '../../auth/authenticate';
import type { WriteDeps } from '../../deps';
import { listMyApplications } from '../../store/applications';
import { EXAMPLE_MY_APPLICATION } from '../jobs/manage-examples';

/** GET /agents/applications (issue 19): the applications the key's user made, with their jobs. */
export function myApplicationsRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listMyApplications',
    method: 'GET',
    path: '/agents/applications',
    summary: 'List your applications',
    description:
      'The applications of the user who owns the API key, newest first, each with its status, the title and organization of the job ' +
      'and whether the job is still open. `status` narrows the list. Checks: a valid key (401 unauthenticated), valid parameters ' +
      '(400 invalid_request).',
    tags: ['Applications'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    query: MyApplicationsQuery,
    responses: {
      200: {
        description: 'A page of your applications, newest first',
        schema: MyApplicationList,
        example: { applications: [EXAMPLE_MY_APPLICATION], pagination: { current_page: 1, total_pages: 1, total_items: 1 } },
      },
    },
    errors: ['unauthenticated', 'invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { query, auth }) => {
      ctx.body = await listMyApplications(deps.db, auth.userId, query);
    },
  });
}
