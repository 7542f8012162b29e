import { defineRoute } from '../../../../shared/http/route';
import { BrowseQuery, JobSearchResult } from '../../../../shared/schemas/job-search';
import type { ReadDeps } from '../../deps';
import { presentJobPage } from '../../presenters/job-page';
import { buildBrowseRequest, splitBrowseFilters } from '../../search/query/browse-request';
import { readFacets } from '../../search/query/facets';
import { readBrowseParams } from '../../search/params/params';
import { runJobSearch } from '../../search/run/run-job-search';
import { EXAMPLE_CURSOR, EXAMPLE_FACETS, EXAMPLE_JOB, PAGING_DESCRIPTION } from './examples';

/** GET /agents/jobs (spec 4.1): active jobs, filtered, newest first, with the facets asked for. */
export function browseJobsRoute(deps: ReadDeps) {
  return defineRoute({
    operationId: 'browseJobs',
    method: 'GET',
    path: '/agents/jobs',
    summary: 'Browse active jobs',
    description:
      'Lists active jobs (flag set, closing date absent or not before today, UTC), newest first and then by id, so paging is stable. ' +
      'Filters combine with AND; hashtags is a comma-separated list of which a job needs any one. ' +
      'experience and hashtags match case-insensitively. A page past the end answers an empty list with the true pagination. ' +
      'Facets are counted only when `facets` asks for them; as in search, they count for each value the jobs it would give with every other ' +
      'filter applied: the job_type, location_id, organization_id and experience filters do not narrow their own facet (job_types, ' +
      'location_ids, organization_ids, experiences); hashtags and project_id narrow every facet. ' +
      PAGING_DESCRIPTION,
    tags: ['Jobs'],
    query: BrowseQuery,
    responses: {
      200: {
        description: 'A page of active jobs, newest first, with the facets asked for',
        schema: JobSearchResult,
        example: {
          jobs: [EXAMPLE_JOB],
          pagination: { current_page: 1, total_pages: 3, total_items: 27, total_relation: 'eq', next_cursor: EXAMPLE_CURSOR },
          facets: EXAMPLE_FACETS,
        },
      },
    },
    errors: ['invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { query }) => {
      const params = readBrowseParams(query);
      const result = await runJobSearch(deps.search, deps.config.indexAlias, buildBrowseRequest(params));
      ctx.body = presentJobPage(
        result,
        params,
        readFacets(result.aggregations, splitBrowseFilters(params.filters).selected, params.facets),
      );
    },
  });
}
