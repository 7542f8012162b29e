import type { Database } from '../../../shared/db/database';
import { UUID_PATTERN } from '../../../shared/schemas/common';

/** Why an operator's --as could not be used. */
export class ActingUserError extends Error {}

/**
 * The recruiter an operator acts as (bulk import), by user id or email: the jobs are created by
 * that user, for organizations they belong to, as if they had sent them through the API.
 */
export async function resolveActingRecruiter(db: Database, ref: string): Promise<{ id: string; name: string }> {
  const byId = UUID_PATTERN.test(ref);
  const [user] = await db.query<{ id: string; name: string; is_recruiter: boolean }>(
    byId
      ? 'SELECT id, name, is_recruiter FROM users WHERE id = $1'
      : 'SELECT id, name, is_recruiter FROM users WHERE lower(email) = lower($1)',
    [ref],
  );
  if (!user) throw new ActingUserError(`no user with ${byId ? 'id' : 'email'} "${ref}"`);
  if (!user.is_recruiter) throw new ActingUserError(`user "${ref}" is not a recruiter (only recruiters create jobs)`);
  return { id: user.id, name: user.name };
}
