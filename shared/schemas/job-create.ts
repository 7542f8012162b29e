import { Type, type Static } from '@sinclair/typebox';
import { errors, type ApiError, type ErrorDetail } from '../errors';
import { todayUtc } from '../jobs/job-document';
import { bodyProblems } from './ajv';
import { canonicalUuid, JobType, Uuid } from './common';
import { CurrencyCode, SalaryPeriod } from './job';
import { calendarNow } from '../runtime/calendar';

const text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const list = (description: string) => Type.Array(text(200), { maxItems: 50, description });

/**
 * Body of POST /agents/jobs: spec 2.2 with the bounds of DESIGN.md 6. Strings are trimmed before
 * validation and a string that is empty after trimming (or null) counts as missing.
 */
export const JobCreateRequest = Type.Object(
  {
    title: text(200),
    organization_id: Uuid,
    location_id: Uuid,
    type: JobType,
    salary: text(100, 'free text, e.g. "€60,000 - €80,000 a year"'),
    description: Type.Optional(text(50_000)),
    department: Type.Optional(text(200)),
    experience: Type.Optional(text(200, 'experience level, e.g. "senior"')),
    education: Type.Optional(text(200)),
    skills: Type.Optional(list('up to 50 skills of up to 200 characters each')),
    team: Type.Optional(text(200)),
    reporting_to: Type.Optional(text(200)),
    closing_date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, today (UTC) or later' })),
    tags: Type.Optional(list('up to 50 tags (hashtags) of up to 200 characters each')),
    responsibilities: Type.Optional(list('up to 50 responsibilities of up to 200 characters each')),
    resume_score_threshold: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: 'stored and returned; nothing in this API acts on it' }),
    ),
    generate_screening: Type.Optional(Type.Boolean({ description: 'stored and returned; nothing in this API acts on it' })),
    project_id: Type.Optional(Uuid),
    ...structuredSalaryFields(),
  },
  { $id: 'JobCreateRequest', additionalProperties: false },
);
/** The structured salary a recruiter may send beside the text; when none is sent it is parsed from `salary`. */
export function structuredSalaryFields() {
  const amount = (description: string) => Type.Number({ minimum: 0, maximum: 1e11, description });
  return {
    salary_min: Type.Optional(
      amount(
        'lowest pay per salary_period; with salary_currency and salary_period. Absent (with the other structured fields): parsed from salary',
      ),
    ),
    salary_max: Type.Optional(amount('highest pay per salary_period, at least salary_min')),
    salary_currency: Type.Optional(CurrencyCode),
    salary_period: Type.Optional(SalaryPeriod),
  };
}

/** The structured salary fields, which go together. */
export const STRUCTURED_SALARY_FIELDS = ['salary_min', 'salary_max', 'salary_currency', 'salary_period'] as const;

/**
 * What a schema cannot say about a structured salary: it is all or nothing (an amount means
 * nothing without its currency and period) and a range runs upwards. Null values count as absent.
 */
export function structuredSalaryProblems(salary: Partial<Record<(typeof STRUCTURED_SALARY_FIELDS)[number], unknown>>): ErrorDetail[] {
  const given = STRUCTURED_SALARY_FIELDS.filter((f) => salary[f] !== undefined && salary[f] !== null);
  if (given.length === 0) return [];
  const problems: ErrorDetail[] = [];
  for (const field of ['salary_currency', 'salary_period'] as const) {
    if (!given.includes(field))
      problems.push({
        field,
        message: 'is required with a structured salary (salary_min, salary_max, salary_currency, salary_period go together)',
      });
  }
  if (!given.includes('salary_min') && !given.includes('salary_max'))
    problems.push({ field: 'salary_min', message: 'or salary_max is required with salary_currency and salary_period' });
  const [min, max] = [salary.salary_min, salary.salary_max];
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    problems.push({ field: 'salary_max', message: `must be at least salary_min (${min})` });
  return problems;
}

/** The Idempotency-Key of a create: 1 to 255 visible ASCII characters (a UUID, say). */
export const IdempotencyKey = Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' });

/** A create body as validated (trimmed, blanks dropped). */
export type JobCreateRequest = Static<typeof JobCreateRequest>;

/** The fields that hold ids: compared with the stored (lowercase) ids, so they are lowercased first. */
const ID_FIELDS: ReadonlySet<string> = new Set(['organization_id', 'location_id', 'project_id']);

/**
 * Trims every string (top level and list items) in place, drops nulls, empty strings and empty
 * list items (they count as missing), puts ids in canonical lowercase, and returns what a schema
 * cannot say: a closing date in the past. Run before the schema check, whose problems it joins.
 */
export function prepareJobCreate(body: Record<string, unknown>, now = calendarNow()): ErrorDetail[] {
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') delete body[field];
      else if (field === 'salary_currency') body[field] = trimmed.toUpperCase();
      else body[field] = (ID_FIELDS.has(field) && canonicalUuid(trimmed)) || trimmed;
    } else if (value === null) {
      delete body[field];
    } else if (Array.isArray(value)) {
      const items = value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item));
      // Empty items are dropped only from an all-string list, so problems keep the indices sent.
      body[field] = items.every((item) => typeof item === 'string') ? items.filter((item) => item !== '') : items;
    }
  }
  return [...closingDateProblems(body.closing_date, now), ...structuredSalaryProblems(body)];
}

/** A closing date in the past, which the schema cannot see. */
export function closingDateProblems(date: unknown, now = calendarNow()): ErrorDetail[] {
  // Only a real date is compared; a malformed one (or 2026-02-30) is the schema's format problem.
  if (typeof date === 'string' && isCalendarDate(date) && date < todayUtc(now)) {
    return [{ field: 'closing_date', message: `must not be in the past (today is ${todayUtc(now)} UTC)` }];
  }
  return [];
}

/** True for YYYY-MM-DD naming a day that exists. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A body accepted as a JobCreateRequest, or the 400 the API would answer. */
export type JobCreateCheck = { ok: true; value: JobCreateRequest } | { ok: false; error: ApiError };

/**
 * The whole check of a create body outside HTTP (bulk import): the same normalization, schema and
 * messages as POST /agents/jobs, so a line is accepted exactly when the API would accept it.
 */
export function checkJobCreate(raw: unknown, now = calendarNow()): JobCreateCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: errors.bodyNotAnObject() };
  const body = { ...(raw as Record<string, unknown>) };
  const details = bodyProblems(JobCreateRequest, body, (b) => prepareJobCreate(b, now));
  return details.length === 0 ? { ok: true, value: body as JobCreateRequest } : { ok: false, error: errors.invalidBody(details) };
}
