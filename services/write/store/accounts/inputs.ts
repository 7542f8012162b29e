import { Type, type Static, type TObject } from '@sinclair/typebox';
import { describeErrors, validatorFor } from '../../../../shared/schemas/ajv';
import { AccountError } from './errors';

/** The bounds mirror the CHECK constraints of the users, resumes and api_keys tables. */
const EMAIL = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

/** A new user's profile and recruiter flag. */
export const NewUser = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ maxLength: 320, pattern: EMAIL, description: 'an email address such as ada@example.com' }),
    headline: Type.Optional(Type.String({ maxLength: 300 })),
    is_recruiter: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type NewUser = Static<typeof NewUser>;

/** A new resume of a user. */
export const NewResume = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    content: Type.String({ minLength: 1, maxLength: 100_000 }),
  },
  { additionalProperties: false },
);
export type NewResume = Static<typeof NewResume>;

/** The operator's label of an API key. */
export const NewApiKey = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  { additionalProperties: false },
);
export type NewApiKey = Static<typeof NewApiKey>;

/** Roles of a membership in an organization. */
export const MEMBERSHIP_ROLES = ['member', 'admin'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** Trims every string and drops the ones left empty, so "  " counts as missing. */
function trimmed(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      const t = value.trim();
      if (t !== '') out[key] = t;
    } else out[key] = value;
  }
  return out;
}

/** Validates `input` against `schema` after trimming, or throws AccountError('invalid') naming each field. */
export function checkInput<T extends TObject>(schema: T, input: Record<string, unknown>): Static<T> {
  const value = trimmed(input);
  const validate = validatorFor(schema);
  const valid = validate(value);
  // Postgres text cannot hold U+0000 (a binary file given as a resume does): without this the insert fails as an unexpected error.
  const nul = Object.entries(value)
    .filter(([, v]) => typeof v === 'string' && v.includes('\u0000'))
    .map(([field]) => `${field} must be text without NUL characters (U+0000)`);
  if (valid && nul.length === 0) return value;
  const problems = describeErrors(validate.errors).map((d) => {
    // A pattern says nothing to an operator; the field's description says what is expected.
    const description = (schema.properties[d.field] as { description?: string } | undefined)?.description;
    return d.message.startsWith('must match') && description ? `${d.field} must be ${description}` : `${d.field} ${d.message}`;
  });
  throw new AccountError('invalid', `Invalid input: ${[...problems, ...nul].join('; ')}.`);
}
