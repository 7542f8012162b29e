import { Job } from '../../../shared/schemas/job';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { JOB_ID_INPUT } from './job-id-input';

/** get_job: GET /agents/jobs/{job_id}. */
export const getJobTool: ToolDefinition = {
  name: 'get_job',
  title: 'Get a job',
  description:
    'One job posting in full: the whole description, responsibilities, skills, tags, dates, and whether it is still active ' +
    '(is_active; only active jobs take applications). Use it after search_jobs or browse_jobs, whose results are compact, with ' +
    'an id from them. An unknown id is an error not_found.',
  inputSchema: JOB_ID_INPUT,
  outputSchema: toolSchema(Job),
  annotations: { ...READ_ONLY, title: 'Get a job' },
  call: async (api, args) =>
    toolResult(
      await api.GET('/agents/jobs/{job_id}', { params: { path: { job_id: args.job_id as string } } }),
      (job) => `${job.title} | ${job.organization} | ${job.location} | ${job.is_active ? 'active' : 'not active'} (id ${job.id})`,
    ),
};
