import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import { ensureDatabase, migrateUp } from '../../shared/db/migrate';
import { ensureIndex } from '../../shared/search/index-admin';
import { indexAllJobs } from '../../services/write/indexing/index-all';
import { seedDatabase } from '../seed/seed-database';

/**
 * Everything between "the servers run" and "the API can serve": the database exists and is
 * migrated, demo data is there when the database was empty, and the index exists and holds every
 * job. Safe to run again and from two processes at once.
 */
export async function prepareStack(config: Config, db: Database, search: Client, log: (msg: string) => void): Promise<void> {
  await ensureDatabase(config.databaseUrl);
  await migrateUp(config.databaseUrl);
  log('database migrated');
  const { seeded } = await seedDatabase(db);
  if (seeded) log('demo data seeded');
  const { created, index } = await ensureIndex(search, config.indexAlias);
  if (created) {
    const result = await indexAllJobs(db, search, index);
    log(`index ${index} created behind alias "${config.indexAlias}" with ${result.indexed} jobs`);
  }
}
