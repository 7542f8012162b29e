import type { Client } from '@elastic/elasticsearch';
import { loadConfig, type Config } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { createSearchClient } from '../../shared/search/client';
import { ensureIndex } from '../../shared/search/index-admin';

/** The configuration the tests run with (see ./env). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // A test that names one node (a dead port, a proxy) means that node alone, not the suite's list.
  const nodes = overrides.elasticsearchUrl && !overrides.elasticsearchNodes ? { elasticsearchNodes: [overrides.elasticsearchUrl] } : {};
  return { ...loadConfig(), ...overrides, ...nodes };
}

let db: Database | undefined;
let search: Client | undefined;

/** The shared test database pool. */
export function testDb(): Database {
  return (db ??= new Database(testConfig()));
}

/** The shared test Elasticsearch client. */
export function testSearch(): Client {
  return (search ??= createSearchClient(testConfig({ esRequestTimeoutMs: 30_000 })));
}

export const testLogger = createLogger('silent', 'test');

/** Empties every table (keeps the schema), so each suite starts from nothing. */
export async function resetDatabase(): Promise<void> {
  await testDb().query(`
    TRUNCATE job_create_idempotency_keys, job_index_outbox, job_embeddings, applications, jobs, api_keys, resumes,
             organization_memberships, users, projects, locations, organizations RESTART IDENTITY CASCADE`);
}

/** Deletes every index of this test run's alias. */
export async function deleteTestIndices(): Promise<void> {
  const alias = testConfig().indexAlias;
  await testSearch().indices.delete({ index: `${alias}_v*`, ignore_unavailable: true, allow_no_indices: true });
}

/** A fresh, empty index behind the test alias; returns the concrete index name. */
export async function resetIndex(): Promise<string> {
  await deleteTestIndices();
  const { index } = await ensureIndex(testSearch(), testConfig().indexAlias);
  return index;
}

export async function closeTestContext(): Promise<void> {
  await db?.close();
  await search?.close();
  db = undefined;
  search = undefined;
}
