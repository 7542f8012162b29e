import { API_KEY_PATTERN, apiKeyPrefix, generateApiKey, hashApiKey } from '../../../../shared/auth/api-key';
import type { Database } from '../../../../shared/db/database';
import { UUID_PATTERN } from '../../../../shared/schemas/common';
import { AccountError } from './errors';
import { checkInput, NewApiKey } from './inputs';
import { resolveUser } from './users';

/** A key as operators see it: never the key, never its hash, only the display prefix. */
export interface ApiKeySummary {
  id: string;
  user_id: string;
  user_email: string;
  name: string | null;
  prefix: string;
  status: 'active' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A key just created: the only moment the full key exists outside its holder. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}

const SELECT_KEYS = `
  SELECT k.id, k.user_id, u.email AS user_email, k.name, k.prefix, k.created_at, k.last_used_at, k.revoked_at
    FROM api_keys k JOIN users u ON u.id = k.user_id`;

interface KeyRow {
  id: string;
  user_id: string;
  user_email: string;
  name: string | null;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

function toSummary(row: KeyRow): ApiKeySummary {
  return {
    id: row.id,
    user_id: row.user_id,
    user_email: row.user_email,
    name: row.name,
    prefix: row.prefix,
    status: row.revoked_at ? 'revoked' : 'active',
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** Issues a key to the user. Only its SHA-256 and prefix are stored; the caller shows the key once. */
export async function createApiKey(db: Database, userRef: string, input: { name?: string } = {}): Promise<CreatedApiKey> {
  const { name } = checkInput(NewApiKey, input);
  const user = await resolveUser(db, userRef);
  const key = generateApiKey();
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO api_keys (user_id, name, key_hash, prefix) VALUES ($1, $2, $3, $4) RETURNING id`,
    [user.id, name ?? null, hashApiKey(key), apiKeyPrefix(key)],
  );
  const [created] = await db.query<KeyRow>(`${SELECT_KEYS} WHERE k.id = $1`, [row.id]);
  return { ...toSummary(created), key };
}

/** Keys, oldest first: of one user when given, revoked ones only when asked. */
export async function listApiKeys(db: Database, options: { userRef?: string; includeRevoked?: boolean } = {}): Promise<ApiKeySummary[]> {
  const userId = options.userRef === undefined ? null : (await resolveUser(db, options.userRef)).id;
  const rows = await db.query<KeyRow>(
    `${SELECT_KEYS} WHERE ($1::uuid IS NULL OR k.user_id = $1) AND ($2 OR k.revoked_at IS NULL) ORDER BY k.created_at, k.id`,
    [userId, options.includeRevoked ?? false],
  );
  return rows.map(toSummary);
}

const PREFIX_PATTERN = /^jla_[0-9A-Za-z]{4,12}$/;

/** The id of the key named by its id, its display prefix, or the full key (for a key that leaked). */
async function findKeyId(db: Database, ref: string): Promise<string> {
  const value = ref.trim();
  let rows: { id: string }[];
  if (UUID_PATTERN.test(value)) rows = await db.query(`SELECT id FROM api_keys WHERE id = $1`, [value]);
  else if (API_KEY_PATTERN.test(value)) rows = await db.query(`SELECT id FROM api_keys WHERE key_hash = $1`, [hashApiKey(value)]);
  else if (PREFIX_PATTERN.test(value)) rows = await db.query(`SELECT id FROM api_keys WHERE prefix = $1 ORDER BY created_at`, [value]);
  else {
    throw new AccountError(
      'invalid',
      'The key must be named by its id (UUID), its prefix (jla_ and 8 characters) or the full key.',
      'See keys:list for ids and prefixes.',
    );
  }
  // Never echo what was given: it may be a full key.
  if (rows.length === 0) throw new AccountError('not_found', 'No API key matches.', 'See keys:list --all for ids and prefixes.');
  if (rows.length > 1) {
    throw new AccountError(
      'conflict',
      `The prefix ${value} matches ${rows.length} keys.`,
      `Name one by id: ${rows.map((r) => r.id).join(', ')}.`,
    );
  }
  return rows[0].id;
}

/** Revokes the key at once (the next request with it is 401); revoking twice is harmless. */
export async function revokeApiKey(db: Database, ref: string): Promise<{ key: ApiKeySummary; alreadyRevoked: boolean }> {
  const id = await findKeyId(db, ref);
  const updated = await db.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [id]);
  const [row] = await db.query<KeyRow>(`${SELECT_KEYS} WHERE k.id = $1`, [id]);
  return { key: toSummary(row), alreadyRevoked: updated.length === 0 };
}
