import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../shared/schemas/common';
import { CreatedJob } from '../../../shared/schemas/job';
import { JobUpdateRequest } from '../../../shared/schemas/job-update';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';

/** update_job: PATCH /agents/jobs/{job_id}. */
export const updateJobTool: ToolDefinition = {
  name: 'update_job',
  title: 'Edit a job posting',
  description:
    "Changes fields of a job posting of the key's recruiter's organization: send only the fields to change; null removes an " +
    'optional field (closing_date, description, ...); the rest stays. A new salary text is parsed into salary_min/max/currency/period ' +
    'unless you send those. Pass `if_match` (the job\'s ETag from an earlier update_job or close_job answer, e.g. W/"v3-open") so a ' +
    'change someone made meanwhile is not overwritten: then the error is precondition_failed, and you get_job and try again. ' +
    'Errors: not_found, forbidden, invalid_request (details name each field), job_inactive (closed jobs cannot be edited).',
  inputSchema: toolSchema(
    Type.Composite(
      [
        Type.Object({
          job_id: Uuid,
          if_match: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 1000,
              description: 'the ETag of the job as you last saw it; the change is made only if it is still current',
            }),
          ),
        }),
        JobUpdateRequest,
      ],
      { additionalProperties: false },
    ),
  ),
  outputSchema: toolSchema(CreatedJob),
  // The same patch twice leaves the job as once; it overwrites fields, so it is destructive.
  annotations: { title: 'Edit a job posting', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  call: async (api, args) => {
    const { job_id: jobId, if_match: ifMatch, ...body } = args;
    const answer = await api.PATCH('/agents/jobs/{job_id}', {
      params: { path: { job_id: jobId as string } },
      body: body,
      ...(typeof ifMatch === 'string' ? { headers: { 'If-Match': ifMatch } } : {}),
    });
    const etag = answer.response.headers.get('etag');
    return toolResult(answer, (job) => `Updated job ${job.id}: ${job.title}${etag ? `; its ETag is now ${etag}` : ''}.`);
  },
};
