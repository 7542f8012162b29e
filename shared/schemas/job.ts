import { Type, type Static } from '@sinclair/typebox';
import { JobType, Uuid } from './common';

/**
 * The Job response object: every field of spec 2.1 plus the additive fields of DESIGN.md 3.
 * Fields without a value are omitted; `skills` is always present.
 */
export const Job = Type.Object(
  {
    id: Uuid,
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    organization: Type.Optional(Type.String({ description: 'organization display name' })),
    location: Type.Optional(Type.String({ description: 'location display name' })),
    type: Type.Optional(JobType),
    salary: Type.Optional(Type.String()),
    experience: Type.Optional(Type.String()),
    education: Type.Optional(Type.String()),
    skills: Type.Array(Type.String()),
    closing_date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD' })),
    organization_id: Type.Optional(Uuid),
    location_id: Type.Optional(Uuid),
    department: Type.Optional(Type.String()),
    team: Type.Optional(Type.String()),
    reporting_to: Type.Optional(Type.String()),
    tags: Type.Optional(Type.Array(Type.String())),
    responsibilities: Type.Optional(Type.Array(Type.String())),
    project_id: Type.Optional(Uuid),
    resume_score_threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    generate_screening: Type.Optional(Type.Boolean()),
    is_active: Type.Boolean({ description: 'flag set and closing_date absent or not in the past' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Job', additionalProperties: false },
);
export type Job = Static<typeof Job>;

/** The fields of a Job response, in document order: what `fields` may name. */
export const JOB_FIELDS = Object.keys(Job.properties) as (keyof Job)[];
export type JobField = keyof Job;
