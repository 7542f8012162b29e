import { JobSearchResult, SearchQuery } from '../../../shared/schemas/job-search';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { compactQuery, PAGING_HELP, pageSummary } from './job-page';

/** search_jobs: GET /agents/jobs/search. */
export const searchJobsTool: ToolDefinition = {
  name: 'search_jobs',
  title: 'Search jobs',
  description:
    'Keyword search over active jobs, best match first (title counts most, then skills, organization, tags, description). ' +
    'Use it when you have words to match ("backend engineer kubernetes"); use browse_jobs to list newest jobs by filters alone. ' +
    'Filters take arrays and combine with AND, values within one filter with OR; organization_ids and location_ids come from ' +
    'list_organizations and list_locations. A city in q asks for jobs there; `place` says if jobs elsewhere follow. ' +
    PAGING_HELP,
  inputSchema: toolSchema(SearchQuery),
  outputSchema: toolSchema(JobSearchResult),
  annotations: { ...READ_ONLY, title: 'Search jobs' },
  call: async (api, args) => toolResult(await api.GET('/agents/jobs/search', { params: { query: compactQuery(args) } }), pageSummary),
};
