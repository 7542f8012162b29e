import { Type, type Static } from '@sinclair/typebox';
import { JobInPage, SearchQuery } from './job-search';

const search = SearchQuery.properties;

/** Most jobs one similar-jobs answer holds. */
export const MAX_SIMILAR = 100;

/**
 * Query parameters of GET /agents/jobs/{job_id}/similar (issue 30): the search filters, with the
 * same names and rules, the jobs to leave out, how many and which fields.
 */
export const SimilarJobsQuery = Type.Object(
  {
    job_types: Type.Optional(search.job_types),
    location_ids: Type.Optional(search.location_ids),
    organization_ids: Type.Optional(search.organization_ids),
    experiences: Type.Optional(search.experiences),
    skills: Type.Optional(search.skills),
    remote: Type.Optional(search.remote),
    workplace_types: Type.Optional(search.workplace_types),
    salary_min: Type.Optional(search.salary_min),
    currency: Type.Optional(search.currency),
    exclude_ids: Type.Optional(search.exclude_ids),
    limit: Type.Integer({ minimum: 1, maximum: MAX_SIMILAR, default: 10, description: 'jobs to return, nearest first' }),
    fields: Type.Optional(search.fields),
    snippet: Type.Optional(search.snippet),
  },
  { additionalProperties: false },
);
export type SimilarJobsQuery = Static<typeof SimilarJobsQuery>;

/** Response of GET /agents/jobs/{job_id}/similar: the active jobs nearest in meaning, nearest first. */
export const SimilarJobsResult = Type.Object(
  {
    jobs: Type.Array(JobInPage, {
      description: `the active jobs nearest in meaning to the job, nearest first, at most \`limit\` (${MAX_SIMILAR}); never the job itself`,
    }),
  },
  { $id: 'SimilarJobsResult', additionalProperties: false },
);
export type SimilarJobsResult = Static<typeof SimilarJobsResult>;
