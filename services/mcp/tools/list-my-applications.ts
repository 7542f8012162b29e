import { MyApplicationList, MyApplicationsQuery } from '../../../shared/schemas/recruiter-jobs';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { pageLine, toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';

/** list_my_applications: GET /agents/applications. */
export const listMyApplicationsTool: ToolDefinition = {
  name: 'list_my_applications',
  title: 'List my applications',
  description:
    'The applications the user who owns the API key has made, newest first: each with its status (submitted, in_review, ' +
    'shortlisted, rejected, withdrawn, hired), the job title and organization, and whether the job is still open. `status` narrows ' +
    'the list; paged by `page` and `limit` (default 20). Use it before apply_to_job to avoid applying twice, and to find the id ' +
    'withdraw_application needs.',
  inputSchema: toolSchema(MyApplicationsQuery),
  outputSchema: toolSchema(MyApplicationList),
  annotations: { ...READ_ONLY, title: 'List my applications' },
  call: async (api, args) =>
    toolResult(await api.GET('/agents/applications', { params: { query: args } }), (data) =>
      [
        pageLine(data.applications.length, 'applications', data.pagination),
        ...data.applications.map(
          (a) => `- ${a.status}: ${a.job_title} | ${a.organization}${a.job_is_active ? '' : ' (job closed)'} (application ${a.id})`,
        ),
      ].join('\n'),
    ),
};
