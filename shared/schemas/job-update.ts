import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ErrorDetail } from '../errors';
import { closingDateProblems, JobCreateRequest, prepareJobCreate, STRUCTURED_SALARY_FIELDS } from './job-create';
import { calendarNow } from '../runtime/calendar';

/** Fields every job has: a patch may change them, never remove them. */
export const REQUIRED_JOB_FIELDS = ['title', 'organization_id', 'location_id', 'type', 'salary'] as const;
const REQUIRED: ReadonlySet<string> = new Set(REQUIRED_JOB_FIELDS);

const nullable = (schema: TSchema) =>
  Type.Union([schema, Type.Null()], { description: `${schema.description ? `${schema.description}; ` : ''}null removes it` });

/**
 * Body of PATCH /agents/jobs/{job_id}: a JSON Merge Patch (RFC 7396) of the create request. Each
 * field sent replaces the job's value under the create rules; null (or an empty string) removes
 * an optional field; fields not sent stay as they are. The fields every job has cannot be removed.
 */
export const JobUpdateRequest = Type.Object(
  Object.fromEntries(
    Object.entries(JobCreateRequest.properties).map(([name, schema]) => {
      const inner = Type.Optional(schema as TSchema);
      return [name, REQUIRED.has(name) ? inner : Type.Optional(nullable(schema as TSchema))];
    }),
  ),
  {
    $id: 'JobUpdateRequest',
    additionalProperties: false,
    description: 'A JSON Merge Patch of the job: fields sent replace, null removes an optional field, fields not sent stay.',
    examples: [{ salary: '€75,000 - €95,000 a year', closing_date: null }],
  },
);
/** A patch as validated: every field optional, optional fields possibly null (remove). */
export type JobUpdateRequest = Partial<{ [K in keyof JobCreateRequest]: JobCreateRequest[K] | null }>;

/**
 * Normalizes a patch in place as a create body is normalized (trimmed strings, canonical ids),
 * except that null and an empty string mean "remove" rather than "not sent"; returns what a schema
 * cannot say: a removed required field, a closing date in the past.
 */
export function prepareJobUpdate(body: Record<string, unknown>, now = calendarNow()): ErrorDetail[] {
  const cleared = Object.keys(body).filter(
    (field) => body[field] === null || (typeof body[field] === 'string' && body[field].trim() === ''),
  );
  // prepareJobCreate drops null and blank fields and checks the closing date and structured salary: run it on the rest.
  const problems = prepareJobCreate(body, now).filter(
    (p) => p.field !== 'closing_date' && !(STRUCTURED_SALARY_FIELDS as readonly string[]).includes(p.field),
  );
  for (const field of cleared) {
    if (REQUIRED.has(field)) problems.push({ field, message: 'cannot be removed: every job has it (send a new value instead)' });
    else body[field] = null;
  }
  problems.push(...closingDateProblems(body.closing_date, now));
  // Whether a structured salary is whole is known only once merged with the job (update-job).
  return problems;
}

export type JobUpdateBody = Static<typeof JobUpdateRequest>;
