import type { Config } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { ensureDatabase, migrateUp } from '../../shared/db/migrate';
import { createSearchClient } from '../../shared/search/client';
import { ensureIndex } from '../../shared/search/index-admin';
import { indexSettingsFor } from '../../shared/search/index-definition';
import { indexAllJobs } from '../../services/indexer';
import { seedDatabase, type SeedResult } from '../seed/seed-database';
import { ensureEmbeddingModel } from './embedding-model';

/**
 * Everything between "the servers run" and "the API can serve": the embedding model is on disk,
 * the database exists and is migrated, the demo data is there when asked for and the database was
 * empty, and the index exists and holds every job. Safe to run again and from two processes at once. Answers the new
 * demo keys when it seeded: they are shown once and never again. Its connections are closed when
 * it answers: the processes every caller starts next serve with their own.
 */
export async function prepareStack(config: Config, log: (msg: string) => void, options: { seedDemo: boolean }): Promise<SeedResult> {
  await ensureEmbeddingModel(config, log);
  await ensureDatabase(config.databaseUrl);
  await migrateUp(config.databaseUrl);
  log('database migrated');
  const db = new Database(config);
  // Creating an index and filling it take longer than a request on the serving path may.
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 60_000 });
  try {
    const seed: SeedResult = options.seedDemo ? await seedDatabase(db) : { seeded: false };
    if (seed.seeded) log('demo data seeded');
    const { created, index } = await ensureIndex(search, config.indexAlias, indexSettingsFor(config));
    if (created) {
      const result = await indexAllJobs(db, search, index);
      log(`index ${index} created behind alias "${config.indexAlias}" with ${result.indexed} jobs`);
    }
    return seed;
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
}
