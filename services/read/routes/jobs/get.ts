import { Type } from '@sinclair/typebox';
import { errors } from '../../../../shared/errors';
import { defineRoute } from '../../../../shared/http/route';
import { jobEtag, presentJob } from '../../../../shared/jobs/job-document';
import { Job } from '../../../../shared/schemas/job';
import type { ReadDeps } from '../../deps';
import { findJob } from '../../search/run/find-job';
import { EXAMPLE_JOB } from './examples';

/** GET /agents/jobs/{job_id} (spec 4.3): one job, active or not. */
export function getJobRoute(deps: ReadDeps) {
  return defineRoute({
    operationId: 'getJob',
    method: 'GET',
    path: '/agents/jobs/{job_id}',
    summary: 'Get a job',
    description: 'Returns the job whether it is active or not; is_active tells which. An unknown or malformed id answers 404 not_found.',
    tags: ['Jobs'],
    // Any text reaches the handler: a malformed id is a 404 (DESIGN.md 2), not a 400.
    params: Type.Object({ job_id: Type.String({ description: 'job id (UUID); a malformed id answers 404 not_found' }) }),
    responses: { 200: { description: 'The job', schema: Job, example: EXAMPLE_JOB } },
    errors: ['not_found', 'unavailable', 'internal'],
    handle: async (ctx, { params }) => {
      const found = await findJob(deps.search, deps.config.indexAlias, params.job_id);
      if (!found) throw errors.jobNotFound(params.job_id);
      const job = presentJob(found.doc);
      // The job's version names its content, except is_active, which also turns with the date:
      // a tag of both spares hashing the body (shared/http/conditional-get keeps a tag already set).
      // The write service checks If-Match against the same tag (jobEtag).
      ctx.etag = jobEtag(found.version, job.is_active);
      ctx.body = job;
    },
  });
}
