import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../shared/schemas/common';
import { SimilarJobsQuery, SimilarJobsResult } from '../../../shared/schemas/similar-jobs';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { compactQuery, jobLines } from './job-page';

/** similar_jobs: GET /agents/jobs/{job_id}/similar. */
export const similarJobsTool: ToolDefinition = {
  name: 'similar_jobs',
  title: 'Similar jobs',
  description:
    'The active jobs nearest in meaning to one job ("more like this"), nearest first, never the job itself: for a job the person ' +
    'liked, or one that has closed. Takes the job_id (from search_jobs, browse_jobs or get_job), the same filters as search_jobs, ' +
    '`limit` (default 10, at most 100) and `exclude_ids`: pass the ids already shown to get more without repeats. Results are ' +
    'compact like search_jobs (`fields`, `snippet` change that). Errors: not_found for an unknown id; embedding_pending for a job ' +
    'posted seconds ago that is not embedded yet (retry shortly).',
  inputSchema: toolSchema(Type.Object({ job_id: Uuid, ...SimilarJobsQuery.properties }, { additionalProperties: false })),
  outputSchema: toolSchema(SimilarJobsResult),
  annotations: { ...READ_ONLY, title: 'Similar jobs' },
  call: async (api, { job_id, ...query }) =>
    toolResult(
      await api.GET('/agents/jobs/{job_id}/similar', { params: { path: { job_id: job_id as string }, query: compactQuery(query) } }),
      (result) =>
        [`${result.jobs.length} similar job${result.jobs.length === 1 ? '' : 's'}, nearest first`, ...jobLines(result.jobs)].join('\n'),
    ),
};
