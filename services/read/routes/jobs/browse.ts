import { defineRoute } from '../../../../shared/http/route';
import { BrowseQuery, JobList } from '../../../../shared/schemas/job-search';
import type { ReadDeps } from '../../deps';
import { presentJobList } from '../../presenters/job-page';
import { buildBrowseRequest } from '../../search/browse-query';
import { readBrowseParams } from '../../search/params';
import { runJobSearch } from '../../search/run-search';
import { EXAMPLE_JOB } from './examples';

/** GET /agents/jobs (spec 4.1): active jobs, filtered, newest first. */
export function browseJobsRoute(deps: ReadDeps) {
  return defineRoute({
    operationId: 'browseJobs',
    method: 'GET',
    path: '/agents/jobs',
    summary: 'Browse active jobs',
    description:
      'Lists active jobs (flag set, closing date absent or not before today, UTC), newest first and then by id, so paging is stable. ' +
      'Filters combine with AND; hashtags is a comma-separated list of which a job needs any one. ' +
      'experience and hashtags match case-insensitively. A page past the end answers an empty list with the true pagination.',
    tags: ['Jobs'],
    query: BrowseQuery,
    responses: {
      200: {
        description: 'A page of active jobs',
        schema: JobList,
        example: { jobs: [EXAMPLE_JOB], pagination: { current_page: 1, total_pages: 1, total_items: 1 } },
      },
    },
    errors: ['invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { query }) => {
      const params = readBrowseParams(query);
      const { docs, total } = await runJobSearch(deps.search, deps.config.indexAlias, buildBrowseRequest(params));
      ctx.body = presentJobList(docs, total, params.paging);
    },
  });
}
