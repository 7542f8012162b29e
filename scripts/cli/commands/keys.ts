import { createApiKey, listApiKeys, revokeApiKey } from '../../../services/write';
import type { Command } from '../command';
import { table } from '../output';

/** keys:create */
export const keysCreate: Command = {
  name: 'keys:create',
  summary: 'Issue an API key to a user. The key is printed once and never stored: copy it now.',
  positionals: ['user'],
  options: { name: { type: 'string', value: 'label', description: 'label telling the key apart, up to 100 characters' } },
  notes: ['<user> is a user id or email. Only a SHA-256 hash of the key and its prefix are stored.'],
  run: async ({ db, out }, { positionals: [user], values }) => {
    const created = await createApiKey(db, user, { name: values.name as string | undefined });
    out.result(
      created,
      [
        `Created API key ${created.id} (prefix ${created.prefix}) for ${created.user_email}.`,
        'Copy it now: it is shown only this once and cannot be recovered.',
        '',
        created.key,
      ].join('\n'),
    );
  },
};

/** keys:list */
export const keysList: Command = {
  name: 'keys:list',
  summary: 'List API keys by prefix (never the key or its hash), with last use and revocation.',
  positionals: [],
  options: {
    user: { type: 'string', description: 'only the keys of this user (id or email)' },
    all: { type: 'boolean', description: 'include revoked keys' },
  },
  run: async ({ db, out }, { values }) => {
    const keys = await listApiKeys(db, { userRef: values.user as string | undefined, includeRevoked: values.all === true });
    out.result(
      keys,
      table(keys, [
        ['id', (k) => k.id],
        ['prefix', (k) => k.prefix],
        ['status', (k) => k.status],
        ['user', (k) => k.user_email],
        ['name', (k) => k.name],
        ['created', (k) => k.created_at],
        ['last used', (k) => k.last_used_at],
        ['revoked', (k) => k.revoked_at],
      ]),
    );
  },
};

/** keys:revoke */
export const keysRevoke: Command = {
  name: 'keys:revoke',
  summary: 'Revoke an API key; requests with it fail with 401 at once. Revoking twice is harmless.',
  positionals: ['key'],
  options: {},
  notes: ['<key> is the key id, its prefix (as keys:list shows it) or the full key (for a key that leaked).'],
  run: async ({ db, out }, { positionals: [ref] }) => {
    const { key, alreadyRevoked } = await revokeApiKey(db, ref);
    const text = alreadyRevoked
      ? `API key ${key.id} (prefix ${key.prefix}) was already revoked at ${key.revoked_at}.`
      : `Revoked API key ${key.id} (prefix ${key.prefix}) of ${key.user_email}.`;
    out.result({ ...key, already_revoked: alreadyRevoked }, text);
  },
};
