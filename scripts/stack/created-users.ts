import fs from 'node:fs';
import path from 'node:path';

/**
 * The system users a run as root created, one a line (scripts/elasticsearch.sh writes the same
 * file): `npm run clean:system` removes only the users named here, never one that existed before.
 */
export function createdUsersFile(): string {
  return process.env.JLA_CREATED_USERS_FILE?.trim() || '/var/tmp/jla-created-users';
}

/** Notes that this project created the user. */
export function recordCreatedUser(name: string): void {
  const file = createdUsersFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const known = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  if (!known.includes(name)) fs.appendFileSync(file, `${name}\n`, { mode: 0o644 });
}
