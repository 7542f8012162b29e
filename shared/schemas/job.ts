import { Type, type Static } from '@sinclair/typebox';
import { JobType, Uuid } from './common';
import { SALARY_PERIODS } from '../jobs/salary-periods';

/** A pay period of a structured salary. */
export const SalaryPeriod = Type.Union(
  SALARY_PERIODS.map((p) => Type.Literal(p)),
  { description: 'what the salary amounts are paid per' },
);
/** An ISO 4217 alphabetic currency code. */
export const CurrencyCode = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 currency code, e.g. GBP, EUR, USD',
  examples: ['EUR'],
});

/**
 * The Job response object of every public read: every field of spec 2.1 plus the additive fields
 * of DESIGN.md 3. Fields without a value are omitted, so only the ones every job has are required:
 * what create demands (title, organization, location, type, salary), the lists (empty when
 * none), the state and the timestamps. The recruiter's screening settings are not here (CreatedJob).
 */
export const Job = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    description: Type.Optional(Type.String()),
    organization: Type.String({ description: 'organization display name' }),
    location: Type.String({ description: 'location display name' }),
    type: JobType,
    salary: Type.String(),
    experience: Type.Optional(Type.String()),
    education: Type.Optional(Type.String()),
    skills: Type.Array(Type.String()),
    closing_date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD' })),
    organization_id: Uuid,
    location_id: Uuid,
    department: Type.Optional(Type.String()),
    team: Type.Optional(Type.String()),
    reporting_to: Type.Optional(Type.String()),
    tags: Type.Array(Type.String()),
    responsibilities: Type.Array(Type.String()),
    project_id: Type.Optional(Uuid),
    is_active: Type.Boolean({ description: 'flag set and closing_date absent or not in the past' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    salary_min: Type.Optional(
      Type.Number({
        minimum: 0,
        description: 'lower bound of the pay, per salary_period (absent for "up to" pay); parsed from salary unless the recruiter sent it',
      }),
    ),
    salary_max: Type.Optional(
      Type.Number({ minimum: 0, description: 'upper bound of the pay, per salary_period (absent for "from" pay)' }),
    ),
    salary_currency: Type.Optional(CurrencyCode),
    salary_period: Type.Optional(SalaryPeriod),
    workplace_type: Type.Optional(
      Type.Union([Type.Literal('onsite'), Type.Literal('hybrid'), Type.Literal('remote')], {
        description: "the job's location's workplace type",
      }),
    ),
    is_remote: Type.Optional(Type.Boolean({ description: 'the job is worked remotely (workplace_type remote)' })),
  },
  { $id: 'Job', additionalProperties: false },
);
export type Job = Static<typeof Job>;

/**
 * The answer to the recruiter who created a job: the Job and its screening settings (DESIGN.md 3),
 * which public reads never show, since they would tell applicants how they are screened.
 */
export const CreatedJob = Type.Composite(
  [
    Job,
    Type.Object({
      resume_score_threshold: Type.Optional(
        Type.Number({ minimum: 0, maximum: 100, description: 'as sent; only the creating recruiter sees it' }),
      ),
      generate_screening: Type.Boolean({ description: 'as sent (false when not sent); only the creating recruiter sees it' }),
    }),
  ],
  {
    $id: 'CreatedJob',
    additionalProperties: false,
    description: 'The created Job with the screening settings, which no public read shows.',
  },
);
export type CreatedJob = Static<typeof CreatedJob>;

/** The fields of a Job response, in document order: what `fields` may name. */
export const JOB_FIELDS = Object.keys(Job.properties) as (keyof Job)[];
export type JobField = keyof Job;
