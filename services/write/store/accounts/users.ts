import type { Database } from '../../../../shared/db/database';
import { UUID_PATTERN } from '../../../../shared/schemas/common';
import { pgViolation, UNIQUE_VIOLATION } from '../pg-errors';
import { AccountError } from './errors';
import { checkInput, NewUser } from './inputs';

/** A user as operators see it: profile, recruiter flag, active resume and organizations. */
export interface UserSummary {
  id: string;
  name: string;
  email: string;
  headline: string | null;
  is_recruiter: boolean;
  active_resume_id: string | null;
  organization_ids: string[];
  created_at: string;
}

const SELECT_USERS = `
  SELECT u.id, u.name, u.email, u.headline, u.is_recruiter, u.created_at,
         (SELECT r.id FROM resumes r WHERE r.user_id = u.id AND r.is_active) AS active_resume_id,
         ARRAY(SELECT m.organization_id::text FROM organization_memberships m
                WHERE m.user_id = u.id ORDER BY m.organization_id) AS organization_ids
    FROM users u`;

type UserRow = Omit<UserSummary, 'created_at'> & { created_at: Date };

function toSummary(row: UserRow): UserSummary {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** Creates a user; an email already taken (whatever its case) is a conflict. */
export async function createUser(
  db: Database,
  input: { name?: string; email?: string; headline?: string; is_recruiter?: boolean },
): Promise<UserSummary> {
  const user = checkInput(NewUser, { ...input, is_recruiter: input.is_recruiter ?? false });
  try {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO users (name, email, headline, is_recruiter) VALUES ($1, $2, $3, $4) RETURNING id`,
      [user.name, user.email, user.headline ?? null, user.is_recruiter],
    );
    return await findUserById(db, row.id);
  } catch (err) {
    const violation = pgViolation(err);
    if (violation?.code === UNIQUE_VIOLATION && violation.constraint === 'users_email_key') {
      throw new AccountError(
        'conflict',
        `A user with email "${user.email}" already exists.`,
        'Emails are unique regardless of case; see users:list.',
      );
    }
    throw err;
  }
}

async function findUserById(db: Database, id: string): Promise<UserSummary> {
  const [row] = await db.query<UserRow>(`${SELECT_USERS} WHERE u.id = $1`, [id]);
  if (!row) throw new AccountError('not_found', `No user with id ${id}.`, 'See users:list for the users that exist.');
  return toSummary(row);
}

/** Finds a user by id (UUID) or by email (case-insensitive). */
export async function resolveUser(db: Database, ref: string): Promise<UserSummary> {
  const value = ref.trim();
  if (UUID_PATTERN.test(value)) return findUserById(db, value);
  if (!value.includes('@')) {
    throw new AccountError(
      'invalid',
      `"${ref}" is neither a user id (UUID) nor an email address.`,
      'Name the user by id or by email; see users:list.',
    );
  }
  const [row] = await db.query<UserRow>(`${SELECT_USERS} WHERE lower(u.email) = lower($1)`, [value]);
  if (!row) throw new AccountError('not_found', `No user with email "${value}".`, 'See users:list for the users that exist.');
  return toSummary(row);
}

/** Every user, oldest first; only recruiters when asked. */
export async function listUsers(db: Database, options: { recruitersOnly?: boolean } = {}): Promise<UserSummary[]> {
  const rows = await db.query<UserRow>(`${SELECT_USERS} WHERE ($1::boolean IS NOT TRUE OR u.is_recruiter) ORDER BY u.created_at, u.id`, [
    options.recruitersOnly ?? false,
  ]);
  return rows.map(toSummary);
}
