import type { Context } from 'koa';
import { API_KEY_PATTERN, hashApiKey } from '../../../shared/auth/api-key';
import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import { countAuthenticatedKey } from '../../../shared/http/rate-limit';
import { findApiKeyByHash } from '../store/api-key-lookup';

/** The user behind an API key. */
export interface Caller {
  userId: string;
  keyId: string;
  isRecruiter: boolean;
}

/**
 * Resolves the x-api-key header to its user, or throws 401 `unauthenticated`. Looked up on every
 * request (one indexed query), so a revoked key fails at once; nothing is cached. The key itself
 * is never logged nor echoed: only its hash reaches the database. A key that passes is then
 * counted against its own rate limit (429 once used up): only here is it known to be real, and
 * counting made-up keys would let them crowd out the real ones' windows.
 */
export async function authenticate(ctx: Context, db: Database): Promise<Caller> {
  const key = ctx.get('x-api-key').trim();
  if (!key) throw errors.unauthenticated('The x-api-key header is missing.');
  if (!API_KEY_PATTERN.test(key)) throw errors.unauthenticated('The API key is not valid.');
  const keyHash = hashApiKey(key);
  const found = await findApiKeyByHash(db, keyHash);
  if (!found) throw errors.unauthenticated('The API key is not valid.');
  if (found.revoked) throw errors.unauthenticated('The API key has been revoked.');
  await countAuthenticatedKey(ctx, keyHash);
  return { userId: found.user_id, keyId: found.key_id, isRecruiter: found.is_recruiter };
}
