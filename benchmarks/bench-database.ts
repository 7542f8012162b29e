import type { Client as SearchClient } from '@elastic/elasticsearch';
import { Client } from 'pg';
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../shared/auth/api-key';
import { loadConfig, type Config } from '../shared/config';
import { Database } from '../shared/db/database';
import { migrateUp } from '../shared/db/migrate';
import { createSearchClient } from '../shared/search/client';
import { createVersionedIndex, ensureIndex } from '../shared/search/index-admin';
import { onInterrupt } from './lib/cleanup';

/** A throw-away database and index alias for one benchmark, with organizations, locations and a recruiter. */
export interface BenchWorld {
  /** The configuration with the benchmark's database, alias (`<name>_jobs`) and silent logs. */
  config: Config;
  db: Database;
  /** A client with a long timeout for the benchmark's own administration and baselines. */
  search: SearchClient;
  organizations: { id: string; name: string }[];
  locations: { id: string; name: string }[];
  organizationIds: string[];
  locationIds: string[];
  recruiter: { id: string; key: string };
  /** A new empty index with the jobs definition, named `<name>_<label>_v...`, for a baseline. */
  scratchIndex: (label: string) => Promise<string>;
  /** From now on an interruption leaves the world in place (one built to be reused). */
  keepOnInterrupt: () => void;
  /** Closes the pools; drops the database and every `<name>_*` index unless `keep`. */
  teardown: (keep?: boolean) => Promise<void>;
}

async function admin(config: Config, sql: string): Promise<void> {
  const url = new URL(config.databaseUrl);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/**
 * Deletes every index whose name starts with `prefix`, naming each one (clusters may refuse
 * wildcard deletes).
 */
async function deleteIndicesWithPrefix(search: SearchClient, prefix: string): Promise<void> {
  const found = await search.indices.get({
    index: `${prefix}*`,
    ignore_unavailable: true,
    allow_no_indices: true,
    filter_path: '*.settings.index.provided_name',
  });
  const names = Object.keys(found ?? {});
  if (names.length > 0) await search.indices.delete({ index: names });
}

/** The configuration of world `name`: its own database and alias, silent logs. */
function worldConfig(name: string): Config {
  if (!/^jla_bench_[a-z0-9_]+$/.test(name)) throw new Error(`benchmark worlds are named jla_bench_*, got "${name}"`);
  const base = loadConfig();
  const url = new URL(base.databaseUrl);
  url.pathname = `/${name}`;
  return { ...base, databaseUrl: url.toString(), indexAlias: `${name}_jobs`, logLevel: 'silent' };
}

/** Drops the world's database and every `<name>_*` index. */
async function dropWorld(name: string, config: Config, search: SearchClient): Promise<void> {
  await deleteIndicesWithPrefix(search, `${name}_`).catch(() => undefined);
  await admin(config, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** A fresh API key for the recruiter (only its hash is stored, so an opened world needs a new one). */
async function issueKey(db: Database, userId: string): Promise<string> {
  const key = generateApiKey();
  await db.query('INSERT INTO api_keys (user_id, key_hash, prefix) VALUES ($1, $2, $3)', [userId, hashApiKey(key), apiKeyPrefix(key)]);
  return key;
}

/** The BenchWorld of rows already in place; `dropOnInterrupt` for a world this run made. */
function assembleWorld(
  name: string,
  config: Config,
  db: Database,
  search: SearchClient,
  rows: {
    organizations: { id: string; name: string }[];
    locations: { id: string; name: string }[];
    recruiter: { id: string; key: string };
  },
  dropOnInterrupt: boolean,
): BenchWorld {
  const drop = async (keep: boolean) => {
    if (!keep) await deleteIndicesWithPrefix(search, `${name}_`).catch(() => undefined);
    await search.close();
    await db.close();
    if (!keep) await admin(config, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  // Interrupted, the pools may be busy: drop what the world made and let the process exit.
  let forget = dropOnInterrupt ? onInterrupt(() => dropWorld(name, config, search)) : () => undefined;
  return {
    config,
    db,
    search,
    organizations: rows.organizations,
    locations: rows.locations,
    organizationIds: rows.organizations.map((o) => o.id),
    locationIds: rows.locations.map((l) => l.id),
    recruiter: rows.recruiter,
    scratchIndex: (label) => createVersionedIndex(search, `${name}_${label}`),
    keepOnInterrupt: () => {
      forget();
      forget = () => undefined;
    },
    teardown: async (keep = false) => {
      forget();
      await drop(keep);
    },
  };
}

/**
 * Creates database `name` (dropping a leftover one) and alias `<name>_jobs` on the configured
 * cluster, so a benchmark never touches the data of `npm start` or of the tests.
 */
export async function createBenchWorld(name: string, sizes = { organizations: 20, locations: 30 }): Promise<BenchWorld> {
  const config = worldConfig(name);
  await admin(config, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(config, `CREATE DATABASE "${name}"`);
  await migrateUp(config.databaseUrl);
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 120_000 });
  await deleteIndicesWithPrefix(search, `${name}_`);
  await ensureIndex(search, config.indexAlias);
  const organizations = await db.query<{ id: string; name: string }>(
    `INSERT INTO organizations (name) SELECT 'Bench Org ' || g FROM generate_series(1, $1) g RETURNING id, name`,
    [sizes.organizations],
  );
  const locations = await db.query<{ id: string; name: string }>(
    `INSERT INTO locations (name, workplace_type) SELECT 'Bench City ' || g, 'onsite' FROM generate_series(1, $1) g RETURNING id, name`,
    [sizes.locations],
  );
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (name, email, is_recruiter) VALUES ('Bench Recruiter', 'bench@example.com', true) RETURNING id`,
  );
  await db.query('INSERT INTO organization_memberships (user_id, organization_id) SELECT $1, unnest($2::uuid[])', [
    user.id,
    organizations.map((o) => o.id),
  ]);
  const key = await issueKey(db, user.id);
  return assembleWorld(name, config, db, search, { organizations, locations, recruiter: { id: user.id, key } }, true);
}

/**
 * Opens world `name` as an earlier run left it (kept with --keep or --reuse), changing nothing
 * but a new API key; undefined when its database does not exist. Whether its index still fits is
 * the caller's question. An interruption leaves it in place: it is not this run's to drop.
 */
export async function openBenchWorld(name: string): Promise<BenchWorld | undefined> {
  const config = worldConfig(name);
  const url = new URL(config.databaseUrl);
  url.pathname = '/postgres';
  const probe = new Client({ connectionString: url.toString() });
  await probe.connect();
  const found = await probe.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).finally(() => probe.end());
  if (found.rowCount === 0) return undefined;
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 120_000 });
  try {
    const organizations = await db.query<{ id: string; name: string }>('SELECT id, name FROM organizations ORDER BY created_at, id');
    const locations = await db.query<{ id: string; name: string }>('SELECT id, name FROM locations ORDER BY created_at, id');
    const [user] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'bench@example.com'`);
    if (!user) throw new Error(`world ${name} has no bench recruiter`);
    const key = await issueKey(db, user.id);
    return assembleWorld(name, config, db, search, { organizations, locations, recruiter: { id: user.id, key } }, false);
  } catch (err) {
    await Promise.all([search.close(), db.close()]);
    throw err;
  }
}
