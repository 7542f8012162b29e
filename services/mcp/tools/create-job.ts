import { Type } from '@sinclair/typebox';
import { CreatedJob } from '../../../shared/schemas/job';
import { IdempotencyKey, JobCreateRequest } from '../../../shared/schemas/job-create';
import type { ApiPaths } from '../api-paths';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';

type Body = ApiPaths['/agents/jobs']['post']['requestBody']['content']['application/json'];

const IdempotencyKeyArgument = Type.Unsafe<string>({
  ...IdempotencyKey,
  description:
    'a unique text of your choosing (a UUID): a retry with the same key and the same job answers the job created the first time instead of posting a second one',
});

/** create_job: POST /agents/jobs. */
export const createJobTool: ToolDefinition = {
  name: 'create_job',
  title: 'Create a job posting',
  description:
    "Creates a job posting for an organization the key's recruiter belongs to; it is searchable at once. Needs a recruiter's API " +
    'key. Required: title, organization_id (from list_organizations), location_id (from list_locations), type, salary. Bad fields ' +
    'come back as error invalid_request with one `details` entry per field. Pass `idempotency_key` so a retry after a lost answer ' +
    'does not post the job twice.',
  inputSchema: toolSchema(
    Type.Composite([JobCreateRequest, Type.Object({ idempotency_key: Type.Optional(IdempotencyKeyArgument) })], {
      additionalProperties: false,
    }),
  ),
  outputSchema: toolSchema(CreatedJob),
  // Each call without an idempotency_key posts one more job.
  annotations: { title: 'Create a job posting', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  call: async (api, args) => {
    const { idempotency_key: key, ...body } = args;
    const answer = await api.POST('/agents/jobs', {
      body: body as Body,
      ...(typeof key === 'string' ? { headers: { 'Idempotency-Key': key } } : {}),
    });
    return toolResult(answer, (job) => `Created job ${job.id}: ${job.title} | ${job.organization} | ${job.location}.`);
  },
};
