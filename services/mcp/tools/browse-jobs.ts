import { BrowseQuery, JobSearchResult } from '../../../shared/schemas/job-search';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { compactQuery, PAGING_HELP, pageSummary } from './job-page';

/** browse_jobs: GET /agents/jobs. */
export const browseJobsTool: ToolDefinition = {
  name: 'browse_jobs',
  title: 'Browse jobs',
  description:
    'Lists active job postings newest first, narrowed by exact filters (organization_id, location_id, job_type, experience, ' +
    'hashtags, project_id), with no keywords. Use search_jobs when you have words to match. Ids for organization_id and ' +
    'location_id come from list_organizations and list_locations. ' +
    PAGING_HELP,
  inputSchema: toolSchema(BrowseQuery),
  outputSchema: toolSchema(JobSearchResult),
  annotations: { ...READ_ONLY, title: 'Browse jobs' },
  call: async (api, args) => toolResult(await api.GET('/agents/jobs', { params: { query: compactQuery(args) } }), pageSummary),
};
