import { Type, type Static } from '@sinclair/typebox';
import { APPLICATION_STATUSES, type ApplicationStatus } from './application';
import { Pagination } from './common';
import { CreatedJob } from './job';
import { MyApplication } from './application';

/**
 * Deepest page of the caller's own lists: with at most 100 items a page the offset stays far
 * inside Postgres's bigint (a page of 10^17 overflowed it and answered 500), and it is the RPC
 * calls' bound too.
 */
export const OWN_LIST_MAX_PAGE = 2_147_483_647;

/** Paging of the caller's own lists (recruiter's jobs, applicant's applications, webhooks, deliveries): numbered pages, newest first. */
export const OwnListPaging = {
  page: Type.Integer({ minimum: 1, maximum: OWN_LIST_MAX_PAGE, default: 1, description: 'page number, from 1' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'items per page' }),
};

/** Query of GET /agents/recruiter/jobs. */
export const RecruiterJobsQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Unsafe<'active' | 'inactive'>(
        Type.String({
          enum: ['active', 'inactive'],
          description: 'only active jobs (open, closing date not past) or only inactive ones (closed or expired); absent: both',
        }),
      ),
    ),
    organization_id: Type.Optional(Type.String({ format: 'uuid', description: 'only the jobs of this one of your organizations' })),
    ...OwnListPaging,
  },
  { additionalProperties: false },
);
export type RecruiterJobsQuery = Static<typeof RecruiterJobsQuery>;

/** How many applications a job has, by status. */
export const ApplicationCounts = Type.Object(
  {
    total: Type.Integer({ minimum: 0, description: 'every application, withdrawn ones included' }),
    submitted: Type.Integer({ minimum: 0 }),
    in_review: Type.Integer({ minimum: 0 }),
    shortlisted: Type.Integer({ minimum: 0 }),
    rejected: Type.Integer({ minimum: 0 }),
    withdrawn: Type.Integer({ minimum: 0 }),
    hired: Type.Integer({ minimum: 0 }),
  },
  {
    $id: 'ApplicationCounts',
    additionalProperties: false,
    description: `applications by status (${APPLICATION_STATUSES.join(', ')}) and in all`,
  },
);

/** A job in the recruiter's list: the job as its creator sees it, with its application counts. */
export const RecruiterJob = Type.Composite([CreatedJob, Type.Object({ applications: ApplicationCounts })], {
  $id: 'RecruiterJob',
  additionalProperties: false,
});
export type RecruiterJob = Static<typeof RecruiterJob>;

/** Response of GET /agents/recruiter/jobs. */
export const RecruiterJobList = Type.Object(
  { jobs: Type.Array(RecruiterJob), pagination: Pagination },
  { $id: 'RecruiterJobList', additionalProperties: false },
);
export type RecruiterJobList = Static<typeof RecruiterJobList>;

/** Query of GET /agents/applications. */
export const MyApplicationsQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Unsafe<ApplicationStatus>(Type.String({ enum: [...APPLICATION_STATUSES], description: 'only applications with this status' })),
    ),
    ...OwnListPaging,
  },
  { additionalProperties: false },
);
export type MyApplicationsQuery = Static<typeof MyApplicationsQuery>;

/** Response of GET /agents/applications. */
export const MyApplicationList = Type.Object(
  { applications: Type.Array(MyApplication), pagination: Pagination },
  { $id: 'MyApplicationList', additionalProperties: false },
);
export type MyApplicationList = Static<typeof MyApplicationList>;
