import { JobSearchResult, SearchQuery } from '../../../shared/schemas/job-search';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { compactQuery, pageSummary, SHORT_PAGING_HELP } from './job-page';

/** search_jobs: GET /agents/jobs/search. */
export const searchJobsTool: ToolDefinition = {
  name: 'search_jobs',
  title: 'Search jobs',
  description:
    'Search active jobs, best match first. `mode`: keyword (default: the words, titles counting most), ' +
    'semantic (by meaning: "looking after elderly people at home" finds carers) or hybrid (both fused: ' +
    "for words not the postings' own). Hybrid and semantic rank at most 100 jobs; pass the ids already seen in " +
    '`exclude_ids` for more. browse_jobs lists by filters alone, similar_jobs finds more like one job. Filters take arrays ' +
    '(AND across, OR within); organization_ids and location_ids come from list_organizations and list_locations. In keyword ' +
    'mode a city in q asks for jobs there (`place`), a short page is filled by meaning (`meaning_fill`), and a ' +
    'description of the work is ranked as hybrid (`described`). ' +
    SHORT_PAGING_HELP,
  inputSchema: toolSchema(SearchQuery),
  outputSchema: toolSchema(JobSearchResult),
  annotations: { ...READ_ONLY, title: 'Search jobs' },
  call: async (api, args) => toolResult(await api.GET('/agents/jobs/search', { params: { query: compactQuery(args) } }), pageSummary),
};
