import type { PoolClient } from 'pg';
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../../shared/auth/api-key';
import { DEMO_USERS } from './vocabulary';

/** The demo users' keys, as the seed prints them (the only time they are ever shown). */
export interface DemoKeys {
  recruiter_key: string;
  applicant_key: string;
  applicant_without_resume_key: string;
}

const HOLDERS = [
  ['recruiter_key', DEMO_USERS.recruiter],
  ['applicant_key', DEMO_USERS.applicant],
  ['applicant_without_resume_key', DEMO_USERS.applicantWithoutResume],
] as const;

/** Name of the keys the seed issues: how a renewal tells them from keys an operator made for a demo user. */
export const demoKeyName = (label: string) => `demo ${label}`;

/**
 * Issues a fresh random key to each demo user and revokes the demo keys issued before, inside the
 * caller's transaction. Random keys, never derived from anything in the repository: whoever
 * reads the code cannot compute a deployment's keys. Null when a demo user is missing.
 */
export async function issueDemoKeys(client: PoolClient): Promise<DemoKeys | null> {
  const { rows: users } = await client.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = ANY($1::text[])', [
    HOLDERS.map(([, user]) => user.email),
  ]);
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  if (HOLDERS.some(([, user]) => !idOf.has(user.email))) return null;
  const keys = {} as DemoKeys;
  for (const [field, user] of HOLDERS) {
    const userId = idOf.get(user.email)!;
    await client.query('UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND name = $2 AND revoked_at IS NULL', [
      userId,
      demoKeyName(user.label),
    ]);
    const key = generateApiKey();
    await client.query('INSERT INTO api_keys (user_id, name, key_hash, prefix) VALUES ($1, $2, $3, $4)', [
      userId,
      demoKeyName(user.label),
      hashApiKey(key),
      apiKeyPrefix(key),
    ]);
    keys[field] = key;
  }
  return keys;
}

/** The keys as lines for a terminal, each with what its holder can do. */
export function describeDemoKeys(keys: DemoKeys, indent = ''): string[] {
  return [
    `${indent}recruiter:                  ${keys.recruiter_key}`,
    `${indent}applicant (with resume):    ${keys.applicant_key}`,
    `${indent}applicant (without resume): ${keys.applicant_without_resume_key}`,
  ];
}
