import { type Client as SearchClient } from '@elastic/elasticsearch';
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { Client } from 'pg';
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../../shared/auth/api-key';
import { loadConfig, loadEnv, setting } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { migrateUp } from '../../shared/db/migrate';
import { createSearchClient } from '../../shared/search/client';
import { ensureIndex } from '../../shared/search/index-admin';

/** The drills' own settings, read once as the drills load. */
const DrillSettings = Type.Object({
  DRILL_PG_URL: Type.String({
    format: 'url',
    must: 'be a URL',
    default: 'postgres://postgres@127.0.0.1:5432',
    description: 'Postgres server (no database) the drills make databases of their own in',
  }),
  DRILL_LOG_LEVEL: setting.logLevel('warn', "log level of the drills' service processes"),
  DRILL_KEEP: Type.Boolean({ default: false, description: "keep each drill's database and index afterwards, to look at them" }),
});
const drillSettings = loadEnv(DrillSettings);

/** Postgres of the machine (DRILL_PG_URL / the default local server): drills make databases of their own in it. */
const PG_BASE = drillSettings.DRILL_PG_URL.replace(/\/+$/, '');

/**
 * What one drill runs against: a database and an index alias of its own (`jla_drill_<name>_<pid>`), so
 * it runs beside npm start, the tests and other drills, with a recruiter and an applicant (with a
 * resume) whose keys it uses. `env` is what its service processes need.
 */
export interface DrillWorld {
  name: string;
  databaseUrl: string;
  alias: string;
  db: Database;
  search: SearchClient;
  recruiterKey: string;
  applicantKey: string;
  organizationId: string;
  locationId: string;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${PG_BASE}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function insertKey(db: Database, userId: string): Promise<string> {
  const key = generateApiKey();
  await db.query('INSERT INTO api_keys (user_id, key_hash, prefix) VALUES ($1, $2, $3)', [userId, hashApiKey(key), apiKeyPrefix(key)]);
  return key;
}

/**
 * A fresh database and index for drill `name` on the cluster at `esNodes`, named after the drill
 * and this process (`jla_drill_<name>_<pid>`), so a drill run beside another one (a test suite and
 * `npm run drill`) never drops the other's database.
 */
export async function createDrillWorld(name: string, esNodes: string[]): Promise<DrillWorld> {
  const dbName = `jla_drill_${name.replace(/-/g, '_')}_${process.pid}`;
  const databaseUrl = `${PG_BASE}/${dbName}`;
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${dbName}"`);
  });
  await migrateUp(databaseUrl);
  const config = {
    ...loadConfig({ DATABASE_URL: databaseUrl }),
    elasticsearchUrl: esNodes[0],
    elasticsearchNodes: esNodes,
    esRequestTimeoutMs: 30_000,
  };
  const db = new Database(config);
  const search = createSearchClient(config);
  const alias = `${dbName}_jobs`;
  await search.indices.delete({ index: `${alias}_v*`, ignore_unavailable: true, allow_no_indices: true });
  await ensureIndex(search, alias);
  const [org] = await db.query<{ id: string }>(
    `INSERT INTO organizations (name, website, industry, size) VALUES ('Drill Org', 'https://example.com', 'Software', '51-200') RETURNING id`,
  );
  const [loc] = await db.query<{ id: string }>(
    `INSERT INTO locations (name, is_remote, workplace_type, city, country_code) VALUES ('Berlin', false, 'onsite', 'Berlin', 'DE') RETURNING id`,
  );
  const [recruiter] = await db.query<{ id: string }>(
    `INSERT INTO users (name, email, headline, is_recruiter) VALUES ('Drill Recruiter', $1, 'Recruiter', true) RETURNING id`,
    [`recruiter-${randomUUID()}@example.com`],
  );
  await db.query('INSERT INTO organization_memberships (user_id, organization_id) VALUES ($1, $2)', [recruiter.id, org.id]);
  const [applicant] = await db.query<{ id: string }>(
    `INSERT INTO users (name, email, headline, is_recruiter) VALUES ('Drill Applicant', $1, 'Engineer', false) RETURNING id`,
    [`applicant-${randomUUID()}@example.com`],
  );
  await db.query(`INSERT INTO resumes (user_id, title, content, is_active) VALUES ($1, 'Resume', 'Ten years of building things.', true)`, [
    applicant.id,
  ]);
  const world: DrillWorld = {
    name,
    databaseUrl,
    alias,
    db,
    search,
    recruiterKey: await insertKey(db, recruiter.id),
    applicantKey: await insertKey(db, applicant.id),
    organizationId: org.id,
    locationId: loc.id,
    env: {
      DATABASE_URL: databaseUrl,
      ELASTICSEARCH_URL: esNodes.join(','),
      ES_INDEX_ALIAS: alias,
      LOG_LEVEL: drillSettings.DRILL_LOG_LEVEL,
      READ_RATE_LIMIT_PER_MINUTE: '0',
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
      AUTH_FAILURE_LIMIT_PER_MINUTE: '0',
      INDEXER_POLL_MS: '100',
      REDIS_URL: '',
    },
    async close() {
      await Promise.all([db.close(), search.close()]);
      if (!drillSettings.DRILL_KEEP) {
        await search.indices.delete({ index: `${alias}_v*`, ignore_unavailable: true, allow_no_indices: true }).catch(() => undefined);
        await admin((client) => client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)).catch(() => undefined);
      }
    },
  };
  return world;
}

/** Creates a job through the API; answers the status and, on 201, the job id. */
export async function createJob(
  base: string,
  world: DrillWorld,
  title: string,
  idempotencyKey?: string,
): Promise<{ status: number; id?: string; res: Response }> {
  const res = await fetch(`${base}/agents/jobs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': world.recruiterKey,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify({
      title,
      organization_id: world.organizationId,
      location_id: world.locationId,
      type: 'full_time',
      salary: '60000 EUR',
      description: `${title}: build and run services.`,
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = res.status === 201 ? ((await res.clone().json()) as { id: string }) : undefined;
  return { status: res.status, id: body?.id, res };
}

/**
 * Job ids in Postgres and documents in the index once the outbox is drained: `lost` are jobs
 * without a document, `duplicated` documents of a job beyond its first (or of no job at all).
 */
export async function settle(
  world: DrillWorld,
  timeoutMs = 120_000,
): Promise<{ jobs: string[]; documents: string[]; lost: number; duplicated: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await world.db.query<{ n: number }>('SELECT count(*)::int AS n FROM job_index_outbox').catch(() => [{ n: -1 }]);
    if (n === 0) break;
    if (Date.now() > deadline) throw new Error(`the outbox of ${world.name} still holds ${n} rows after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await world.search.indices.refresh({ index: world.alias });
  const jobs = (await world.db.query<{ id: string }>('SELECT id FROM jobs ORDER BY id')).map((r) => r.id);
  const hits = await world.search.search<{ id: string }>({ index: world.alias, size: 10_000, _source: ['id'], query: { match_all: {} } });
  const documents = hits.hits.hits.map((hit) => hit._source!.id).sort();
  const indexed = new Set(documents);
  const jobSet = new Set(jobs);
  const lost = jobs.filter((id) => !indexed.has(id)).length;
  const duplicated = documents.length - new Set(documents).size + documents.filter((id) => !jobSet.has(id)).length;
  return { jobs, documents, lost, duplicated };
}
