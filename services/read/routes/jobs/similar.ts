import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../../../shared/http/route';
import { SimilarJobsQuery, SimilarJobsResult } from '../../../../shared/schemas/similar-jobs';
import type { ReadDeps } from '../../deps';
import { presentSimilarJobs } from '../../presenters/job-page';
import { readSimilarParams } from '../../search/params/params';
import { findSimilarJobs } from '../../search/run/similar-jobs';
import { EXAMPLE_JOB } from './examples';

/** GET /agents/jobs/{job_id}/similar (issue 30): the active jobs nearest in meaning to one job. */
export function similarJobsRoute(deps: ReadDeps) {
  return defineRoute({
    operationId: 'similarJobs',
    method: 'GET',
    path: '/agents/jobs/{job_id}/similar',
    summary: 'Jobs similar to a job',
    description:
      'The active jobs nearest in meaning to this one ("more like this"), nearest first: the jobs whose vector (bge-small-en-v1.5, ' +
      'over the title, skills and the start of the description) is closest to its own. The job itself and closed or expired jobs ' +
      'are never among them; the job may itself be closed (similar open jobs to one that closed). The search filters apply, with ' +
      'the same names; `exclude_ids` leaves out jobs already seen, so asking again with them shows more without repeats. An unknown ' +
      'or malformed id is 404 not_found; a job indexed moments ago that has no vector yet is 409 embedding_pending with Retry-After ' +
      '(jobs are embedded within seconds).',
    tags: ['Jobs'],
    params: Type.Object({ job_id: Type.String({ description: 'job id (UUID); a malformed id answers 404 not_found' }) }),
    query: SimilarJobsQuery,
    responses: {
      200: { description: 'The nearest active jobs, nearest first', schema: SimilarJobsResult, example: { jobs: [EXAMPLE_JOB] } },
    },
    errors: ['invalid_request', 'not_found', 'embedding_pending', 'unavailable', 'internal'],
    handle: async (ctx, { params, query }) => {
      const similar = readSimilarParams(query);
      const hits = await findSimilarJobs(deps.search, deps.config.indexAlias, params.job_id, similar);
      ctx.body = presentSimilarJobs(hits, similar);
    },
  });
}
