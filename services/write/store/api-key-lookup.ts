import type { Database } from '../../../shared/db/database';

/** The key found by its hash, with its user. */
export interface FoundApiKey {
  key_id: string;
  user_id: string;
  is_recruiter: boolean;
  revoked: boolean;
}

/**
 * Looks the key up by its hash and, in the same statement, records its use at most once a minute
 * (so operators can see stale keys in keys:list without a write on every request).
 */
const LOOKUP = `
  WITH found AS (
    SELECT k.id AS key_id, u.id AS user_id, u.is_recruiter, k.revoked_at IS NOT NULL AS revoked
      FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.key_hash = $1
  ), touched AS (
    UPDATE api_keys SET last_used_at = now()
     WHERE id = (SELECT key_id FROM found WHERE NOT revoked)
       AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
  )
  SELECT key_id, user_id, is_recruiter, revoked FROM found`;

/** The key with this hash, revoked or not, marking its use when it is live; undefined when unknown. */
export async function findApiKeyByHash(db: Database, keyHash: string): Promise<FoundApiKey | undefined> {
  const [found] = await db.query<FoundApiKey>(LOOKUP, [keyHash]);
  return found;
}
