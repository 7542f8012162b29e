import { createApiKey, listApiKeys, revokeApiKey } from '../../../services/write';
import type { AddCommands } from '../command';
import { table } from '../output';

/** keys:create, keys:list, keys:revoke */
export const keysCommands: AddCommands = (program, context) => {
  program
    .command('keys:create')
    .description('Issue an API key to a user. The key is printed once and never stored: copy it now.')
    .argument('<user>', 'a user id or email')
    .option('--name <label>', 'label telling the key apart, up to 100 characters')
    .addHelpText('after', '\nOnly a SHA-256 hash of the key and its prefix are stored.')
    .action(async (user: string, options: { name?: string }) => {
      const { db, out } = context();
      const created = await createApiKey(db, user, { name: options.name });
      out.result(
        created,
        [
          `Created API key ${created.id} (prefix ${created.prefix}) for ${created.user_email}.`,
          'Copy it now: it is shown only this once and cannot be recovered.',
          '',
          created.key,
        ].join('\n'),
      );
    });

  program
    .command('keys:list')
    .description('List API keys by prefix (never the key or its hash), with last use and revocation.')
    .option('--user <user>', 'only the keys of this user (id or email)')
    .option('--all', 'include revoked keys')
    .action(async (options: { user?: string; all?: boolean }) => {
      const { db, out } = context();
      const keys = await listApiKeys(db, { userRef: options.user, includeRevoked: options.all === true });
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
    });

  program
    .command('keys:revoke')
    .description('Revoke an API key; requests with it fail with 401 at once. Revoking twice is harmless.')
    .argument('<key>', 'the key id, its prefix (as keys:list shows it) or the full key (for a key that leaked)')
    .action(async (ref: string) => {
      const { db, out } = context();
      const { key, alreadyRevoked } = await revokeApiKey(db, ref);
      const text = alreadyRevoked
        ? `API key ${key.id} (prefix ${key.prefix}) was already revoked at ${key.revoked_at}.`
        : `Revoked API key ${key.id} (prefix ${key.prefix}) of ${key.user_email}.`;
      out.result({ ...key, already_revoked: alreadyRevoked }, text);
    });
};
