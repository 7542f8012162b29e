import type { Context } from 'koa';
import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import { authenticate, type Caller } from './authenticate';

/**
 * The key's user, who must be a recruiter: 401, then 403 with `message` and `hint` (which say what
 * the operation was) for a key of another kind of user, before anything about the request.
 */
export async function authenticateRecruiter(ctx: Context, db: Database, message: string, hint: string): Promise<Caller> {
  const caller = await authenticate(ctx, db);
  if (!caller.isRecruiter) throw errors.forbidden(message, hint);
  return caller;
}
