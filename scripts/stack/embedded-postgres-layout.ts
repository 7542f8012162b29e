import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the embedded PostgreSQL's files go when they cannot stay in the clone (see embeddedLayout). */
export const SHARED_POSTGRES_DIR = '/var/tmp/jla-postgres';

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

/** Where the embedded server's programs and files are. */
export interface EmbeddedLayout {
  /** The package's `native` folder (bin/, lib/, share/) the server runs from. */
  nativeDir: string;
  /** Set when the programs must first be copied to nativeDir from this folder. */
  copyFrom?: string;
  /** Holds data/ (PGDATA), the password, the server's log and the pid of the start that runs it. */
  baseDir: string;
}

export interface LayoutInputs {
  projectRoot: string;
  /** The `native` folder inside node_modules. */
  packagedNativeDir: string;
  /** Version of the binaries package, naming their shared copy. */
  version: string;
  /** True when this process runs as root: the server then runs as an unprivileged user. */
  asRoot: boolean;
  /** Whether that user can reach a folder (every folder above it searchable). */
  serverUserCanEnter: (dir: string) => boolean;
  /** EMBEDDED_POSTGRES_DIR: an explicit place for the files. */
  override?: string;
}

/**
 * The data lives in the clone's git-ignored `.cache/postgres`, and the server runs from the
 * package inside node_modules. As root the server runs as another user (Postgres refuses root),
 * who cannot enter a clone in a private directory (mktemp -d, /root): then, as for the
 * Elasticsearch node, the programs are copied once to a shared folder and each clone's data
 * lives beside them under a name taken from the clone's path.
 */
export function embeddedLayout(inputs: LayoutInputs): EmbeddedLayout {
  const { projectRoot, packagedNativeDir, version, asRoot, serverUserCanEnter, override } = inputs;
  const clonePrivate = asRoot && !serverUserCanEnter(projectRoot);
  const baseDir = override
    ? path.resolve(override)
    : clonePrivate
      ? path.join(SHARED_POSTGRES_DIR, createHash('sha256').update(projectRoot).digest('hex').slice(0, 12))
      : path.join(projectRoot, '.cache', 'postgres');
  if (asRoot && !serverUserCanEnter(packagedNativeDir)) {
    return { nativeDir: path.join(SHARED_POSTGRES_DIR, `postgres-${version}`), copyFrom: packagedNativeDir, baseDir };
  }
  return { nativeDir: packagedNativeDir, baseDir };
}
