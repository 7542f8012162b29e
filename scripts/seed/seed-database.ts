import type { PoolClient } from 'pg';
import type { Database } from '../../shared/db/database';
import { generateSeedData, type SeedOptions } from './generate';
import { issueDemoKeys, type DemoKeys } from './demo-keys';

/** What `npm run seed -- --json` prints: where the API is, the demo keys and the demo ids. */
export interface SeedSummary extends DemoKeys {
  base_url: string;
  organization_ids: string[];
  location_ids: string[];
}

/** Any key: held for the whole seeding transaction, so two concurrent starts cannot both seed. */
export const SEED_LOCK_KEY = 7_316_201_100;

/** Tables in insertion order (parents before children). */
const TABLES = ['organizations', 'locations', 'projects', 'users', 'organization_memberships', 'resumes', 'jobs'] as const;

/**
 * Inserts all rows of one table in a single statement: the rows travel as one JSON parameter and
 * Postgres turns them into records of the table's own row type (arrays and dates included).
 */
async function insertRows(client: PoolClient, table: (typeof TABLES)[number], rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0])
    .map((c) => `"${c}"`)
    .join(', ');
  await client.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [
    JSON.stringify(rows),
  ]);
}

/** What seeding did: the new demo keys (shown once, never stored) when it filled the database. */
export type SeedResult = { seeded: true; keys: DemoKeys } | { seeded: false };

/**
 * Fills an empty database with the demo data and issues a fresh random key to each demo user, in
 * one transaction, and queues every job for the indexer (an outbox row per job). Does nothing
 * when any organization, location, user or job exists already: the seed never mixes with data
 * someone else put there.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows } = await client.query<{ used: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM organizations) OR EXISTS (SELECT 1 FROM locations)
           OR EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM jobs) AS used`,
    );
    if (rows[0].used) return { seeded: false };
    const data = generateSeedData(options);
    for (const table of TABLES) await insertRows(client, table, table === 'organization_memberships' ? data.memberships : data[table]);
    // Oldest first, so the indexer fills the index in the order browse shows it last.
    await client.query(
      `INSERT INTO job_index_outbox (job_id, job_version)
       SELECT id, version FROM jobs WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [data.jobs.map((j) => j.id)],
    );
    const keys = await issueDemoKeys(client);
    if (!keys) throw new Error('the demo users just inserted were not found');
    return { seeded: true, keys };
  });
}

/**
 * New keys for the demo users of a database seeded before: their previous demo keys are revoked,
 * so only the keys returned here work. Null when the database has no demo users (it holds
 * somebody else's data).
 */
export async function renewDemoKeys(db: Database): Promise<DemoKeys | null> {
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    return issueDemoKeys(client);
  });
}

/** Every organization and location id the database holds, ordered as the RPC lists them. */
export async function demoIds(db: Database): Promise<Pick<SeedSummary, 'organization_ids' | 'location_ids'>> {
  const [organizations, locations] = await Promise.all([
    db.query<{ id: string }>('SELECT id FROM organizations ORDER BY lower(name), id'),
    db.query<{ id: string }>('SELECT id FROM locations ORDER BY lower(name), id'),
  ]);
  return { organization_ids: organizations.map((r) => r.id), location_ids: locations.map((r) => r.id) };
}

/** What `npm run seed` prints: the base URL, the keys just issued and every id. */
export async function seedSummary(db: Database, baseUrl: string, keys: DemoKeys): Promise<SeedSummary> {
  return { base_url: baseUrl, ...keys, ...(await demoIds(db)) };
}
