import { CreatedJob } from '../../../shared/schemas/job';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { JOB_ID_INPUT } from './job-id-input';

/** close_job: POST /agents/jobs/{job_id}/close. */
export const closeJobTool: ToolDefinition = {
  name: 'close_job',
  title: 'Close a job posting',
  description:
    "Takes a job posting of the key's recruiter's organization off the board at once (filled or withdrawn): it leaves search and " +
    'browse within seconds and takes no more applications. Final: a closed job cannot be edited or reopened (post it again with ' +
    "create_job). Closing a closed job changes nothing. Needs a recruiter's API key; errors: not_found, forbidden. Close only when " +
    'the user asked to.',
  inputSchema: JOB_ID_INPUT,
  outputSchema: toolSchema(CreatedJob),
  annotations: { title: 'Close a job posting', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  call: async (api, args) =>
    toolResult(
      await api.POST('/agents/jobs/{job_id}/close', { params: { path: { job_id: args.job_id as string } } }),
      (job) => `Closed job ${job.id}: ${job.title}.`,
    ),
};
