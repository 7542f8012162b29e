import type { Client } from '@elastic/elasticsearch';
import { bulkIndexJobs } from '../services/indexer';
import type { JobDocument } from '../shared/jobs/job-document';
import { createLogger, type Logger } from '../shared/logger';
import { createSearchClient } from '../shared/search/client';
import { generateSeedData } from '../scripts/seed/generate';
import { createBenchWorld, type BenchWorld } from './bench-database';

/**
 * The index documents of the 2000 jobs `npm run seed` generates, with the display names the
 * indexer joins in: the realistic data the read benchmarks query.
 */
export function seededDocuments(): JobDocument[] {
  const data = generateSeedData();
  const orgs = new Map(data.organizations.map((o) => [o.id, o.name]));
  const locations = new Map(data.locations.map((l) => [l.id, l.name]));
  return data.jobs.map(({ version: _version, ...job }) => ({
    ...job,
    organization: orgs.get(job.organization_id)!,
    location: locations.get(job.location_id)!,
  }));
}

/** A benchmark world whose alias holds the seeded jobs, with what a read app needs. */
export interface SeededReadWorld {
  world: BenchWorld;
  docs: JobDocument[];
  /** The request path's client (its short timeout), as the services use it. */
  search: Client;
  /** What createReadApp and createAllInOneApp take. */
  deps: { config: BenchWorld['config']; db: BenchWorld['db']; search: Client; logger: Logger };
  /** Closes the client and tears the world down (keeping it with --keep). */
  close: (keep: boolean) => Promise<void>;
}

/** Creates world `name` (jla_bench_*) and indexes the seeded jobs into it, searchable at once. */
export async function openSeededReadWorld(name: string): Promise<SeededReadWorld> {
  const world = await createBenchWorld(name, { organizations: 1, locations: 1 });
  const search = createSearchClient(world.config);
  const close = async (keep: boolean) => {
    await search.close();
    await world.teardown(keep);
  };
  try {
    const docs = seededDocuments();
    const indexed = await bulkIndexJobs(
      world.search,
      world.config.indexAlias,
      docs.map((doc) => ({ doc, version: 1 })),
      { refresh: true, requestTimeoutMs: 120_000 },
    );
    if (indexed.failed.length > 0) throw new Error(`indexing the seeded jobs failed: ${JSON.stringify(indexed.failed.slice(0, 3))}`);
    return { world, docs, search, deps: { config: world.config, db: world.db, search, logger: createLogger('silent', 'bench') }, close };
  } catch (err) {
    await close(false);
    throw err;
  }
}
