import type { PoolClient } from 'pg';
import { demoApiKey, hashApiKey } from '../../shared/auth/api-key';
import type { Database } from '../../shared/db/database';
import { DEMO_KEY_LABELS, generateSeedData, type SeedOptions } from './generate';

/** What `npm run seed -- --json` prints: where the API is, the demo keys and the demo ids. */
export interface SeedSummary {
  base_url: string;
  recruiter_key: string;
  applicant_key: string;
  applicant_without_resume_key: string;
  organization_ids: string[];
  location_ids: string[];
}

/** Any key: held for the whole seeding transaction, so two concurrent starts cannot both seed. */
const SEED_LOCK_KEY = 7_316_201_100;

/** Tables in insertion order (parents before children). */
const TABLES = ['organizations', 'locations', 'projects', 'users', 'organization_memberships', 'resumes', 'api_keys', 'jobs'] as const;

/**
 * Inserts all rows of one table in a single statement: the rows travel as one JSON parameter and
 * Postgres turns them into records of the table's own row type (arrays and dates included).
 */
async function insertRows(client: PoolClient, table: (typeof TABLES)[number], rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]).map((c) => `"${c}"`).join(', ');
  await client.query(
    `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Fills an empty database with the demo data, in one transaction, and queues every job for the
 * indexer (an outbox row per job). Does nothing when any organization, location, user or job
 * exists already: the seed never mixes with data someone else put there.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows } = await client.query<{ used: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM organizations) OR EXISTS (SELECT 1 FROM locations)
           OR EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM jobs) AS used`,
    );
    if (rows[0].used) return { seeded: false };
    const data = generateSeedData(options);
    await insertRows(client, 'organizations', data.organizations);
    await insertRows(client, 'locations', data.locations);
    await insertRows(client, 'projects', data.projects);
    await insertRows(client, 'users', data.users);
    await insertRows(client, 'organization_memberships', data.memberships);
    await insertRows(client, 'resumes', data.resumes);
    await insertRows(client, 'api_keys', data.apiKeys);
    await insertRows(client, 'jobs', data.jobs);
    // Oldest first, so the indexer fills the index in the order browse shows it last.
    await client.query(
      `INSERT INTO job_index_outbox (job_id, job_version)
       SELECT id, version FROM jobs WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [data.jobs.map((j) => j.id)],
    );
    return { seeded: true };
  });
}

/** The summary of what the database holds: every organization and location id, ordered as the RPC lists them. */
export async function seedSummary(db: Database, baseUrl: string): Promise<SeedSummary> {
  const [organizations, locations] = await Promise.all([
    db.query<{ id: string }>('SELECT id FROM organizations ORDER BY lower(name), id'),
    db.query<{ id: string }>('SELECT id FROM locations ORDER BY lower(name), id'),
  ]);
  return {
    base_url: baseUrl,
    recruiter_key: demoApiKey(DEMO_KEY_LABELS.recruiter),
    applicant_key: demoApiKey(DEMO_KEY_LABELS.applicant),
    applicant_without_resume_key: demoApiKey(DEMO_KEY_LABELS.applicantWithoutResume),
    organization_ids: organizations.map((r) => r.id),
    location_ids: locations.map((r) => r.id),
  };
}

/** Labels of the demo keys that do not open the API here (the database was filled by something else). */
export async function missingDemoKeys(db: Database): Promise<string[]> {
  const labels = Object.values(DEMO_KEY_LABELS);
  const rows = await db.query<{ key_hash: string }>(
    'SELECT key_hash FROM api_keys WHERE key_hash = ANY($1::text[]) AND revoked_at IS NULL',
    [labels.map((label) => hashApiKey(demoApiKey(label)))],
  );
  const found = new Set(rows.map((r) => r.key_hash));
  return labels.filter((label) => !found.has(hashApiKey(demoApiKey(label))));
}
