import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common';

/** Application statuses of DESIGN.md 5; this interface creates only `submitted`. */
export const APPLICATION_STATUSES = ['submitted', 'in_review', 'shortlisted', 'rejected', 'withdrawn', 'hired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The Application response object of spec 2.3, with `created_at` (DESIGN.md 5). */
export const Application = Type.Object(
  {
    id: Uuid,
    job_id: Uuid,
    status: Type.Union(
      APPLICATION_STATUSES.map((s) => Type.Literal(s)),
      { description: 'application status; a new application is submitted' },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Application', additionalProperties: false },
);
export type Application = Static<typeof Application>;

/** Statuses from which an applicant may still withdraw: the application is not decided yet. */
export const WITHDRAWABLE_STATUSES: readonly ApplicationStatus[] = ['submitted', 'in_review', 'shortlisted'];

/** One of the caller's applications as GET /agents/applications lists it (issue 19): the Application with its job. */
export const MyApplication = Type.Composite(
  [
    Application,
    Type.Object({
      job_title: Type.String({ description: 'title of the job applied to, as it is now' }),
      organization: Type.String({ description: "the job's organization" }),
      job_is_active: Type.Boolean({ description: 'whether the job is still open (flag set, closing date not past)' }),
      updated_at: Type.String({ format: 'date-time', description: 'when the status last changed' }),
    }),
  ],
  { $id: 'MyApplication', additionalProperties: false },
);
export type MyApplication = Static<typeof MyApplication>;
