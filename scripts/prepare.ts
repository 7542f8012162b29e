import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { createSearchClient } from '../shared/search/client';
import { prepareStack } from './stack/prepare';

/**
 * One-shot preparation against running Postgres and Elasticsearch (docker-compose's `setup`
 * service): migrate, seed when empty, create and fill the index. Starts no server.
 */
async function main() {
  const config = loadConfig();
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 60_000 });
  try {
    await prepareStack(config, db, search, (msg) => console.error(`[prepare] ${msg}`));
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
}

main().catch((err) => {
  console.error(`[prepare] failed: ${err.message}`);
  process.exit(1);
});
