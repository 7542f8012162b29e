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
    status: Type.Union(APPLICATION_STATUSES.map((s) => Type.Literal(s)), { description: 'application status; a new application is submitted' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Application', additionalProperties: false },
);
export type Application = Static<typeof Application>;
