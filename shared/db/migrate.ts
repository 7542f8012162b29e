import path from 'node:path';
import { Client } from 'pg';
import { projectRoot } from '../runtime/project-root';

/** The migrations folder at the project root, wherever the process runs from. */
export const MIGRATIONS_DIR = path.join(projectRoot(), 'migrations');

/** Creates the database named in the URL when it does not exist yet (connecting to `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) return;
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by a concurrent start
      });
    }
  } finally {
    await admin.end();
  }
}

/** Applies every pending migration (node-pg-migrate holds an advisory lock, so concurrent starts are safe). */
export async function migrateUp(databaseUrl: string, log: (msg: string) => void = () => undefined): Promise<void> {
  // node-pg-migrate is an ES module: imported dynamically, it loads the same from the compiled
  // CommonJS build (npm run build) as from the sources under tsx.
  const { runner } = await import('node-pg-migrate');
  await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    count: Infinity,
    log,
    singleTransaction: true,
    checkOrder: true,
  });
}

/** Rolls back every migration (tests use it to prove the down path works). */
export async function migrateDown(databaseUrl: string, log: (msg: string) => void = () => undefined): Promise<void> {
  // node-pg-migrate is an ES module: imported dynamically, it loads the same from the compiled
  // CommonJS build (npm run build) as from the sources under tsx.
  const { runner } = await import('node-pg-migrate');
  await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'down',
    migrationsTable: 'pgmigrations',
    count: Infinity,
    log,
    singleTransaction: true,
  });
}
