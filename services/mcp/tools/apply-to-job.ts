import { Application } from '../../../shared/schemas/application';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { JOB_ID_INPUT } from './job-id-input';

/** apply_to_job: POST /agents/jobs/{job_id}/apply. */
export const applyToJobTool: ToolDefinition = {
  name: 'apply_to_job',
  title: 'Apply to a job',
  description:
    "Submits an application to an active job for the user who owns the API key, with that user's profile and active resume. " +
    'Needs an API key (else error unauthenticated). A user applies to a job once: a second call is an error already_applied ' +
    'naming the existing application. Other errors: job_inactive, own_posting, resume_required, not_found. Check the job with ' +
    'get_job first; apply only when the user asked to.',
  inputSchema: JOB_ID_INPUT,
  outputSchema: toolSchema(Application),
  // Not read-only; repeating it adds nothing (already_applied), and it removes nothing.
  annotations: { title: 'Apply to a job', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  call: async (api, args) =>
    toolResult(
      await api.POST('/agents/jobs/{job_id}/apply', { params: { path: { job_id: args.job_id as string } } }),
      (application) => `Applied: application ${application.id} to job ${application.job_id} is ${application.status}.`,
    ),
};
