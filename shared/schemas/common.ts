import { Type, type Static } from '@sinclair/typebox';

/**
 * A UUID in canonical text form (DESIGN.md 2): 8-4-4-4-12 hex digits, in either case, nothing
 * around them. The schemas' `uuid` format uses it too, because ajv-formats' own also lets
 * "urn:uuid:..." through, which Postgres refuses.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The canonical (lowercase) form of a UUID, or undefined when the text is not one. Ids are
 * stored and indexed in lowercase, so an id typed in capitals still finds its row or job.
 */
export function canonicalUuid(value: string): string | undefined {
  return UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;
}

/** Canonical UUID text form: every id of this API (DESIGN.md 2). */
export const Uuid = Type.String({
  format: 'uuid',
  description: 'UUID in canonical text form',
  examples: ['3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70'],
});

/** Pagination object of spec 2.4. */
export const Pagination = Type.Object(
  {
    current_page: Type.Integer({ minimum: 1 }),
    total_pages: Type.Integer({ minimum: 0, description: 'ceil(total_items / limit); 0 when there are no items' }),
    total_items: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Pagination', additionalProperties: false },
);
export type Pagination = Static<typeof Pagination>;

/** Error object of spec 2.7, with `details` listing each problem when there are several. */
export const ErrorBody = Type.Object(
  {
    code: Type.String({ description: 'machine-readable error code (see the catalogue)' }),
    message: Type.String(),
    hint: Type.Optional(Type.String({ description: 'how to resolve the error' })),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }, { additionalProperties: true }))),
  },
  { $id: 'Error', additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Employment types of spec 2.5. */
export const JOB_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'freelance', 'volunteer'] as const;
export type JobTypeValue = (typeof JOB_TYPES)[number];
export const isJobType = (value: string): value is JobTypeValue => (JOB_TYPES as readonly string[]).includes(value);
/**
 * A job type as one string `enum` (not a union of literals), so a wrong value is reported once as
 * "must be one of: ...".
 */
export const JobType = Type.Unsafe<JobTypeValue>(Type.String({ enum: [...JOB_TYPES], description: 'employment type (spec 2.5)' }));

/** Builds the pagination object from a total, a page and a limit (DESIGN.md 4). */
export function paginate(totalItems: number, page: number, limit: number): Pagination {
  return { current_page: page, total_pages: Math.ceil(totalItems / limit), total_items: totalItems };
}
