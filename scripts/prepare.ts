import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { createSearchClient } from '../shared/search/client';
import { describeDemoKeys } from './seed/demo-keys';
import { prepareStack } from './stack/prepare';

const log = (msg: string) => console.error(`[prepare] ${msg}`);

/**
 * One-shot preparation against running Postgres and Elasticsearch (docker-compose's `setup`
 * service): migrate, create and fill the index. Starts no server. Demo data only when asked
 * (SEED_DEMO=1): a deployment never gets demo users unless someone wants them; their fresh keys
 * are printed once, here.
 */
async function main() {
  const config = loadConfig();
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 60_000 });
  try {
    const seed = await prepareStack(config, db, search, log, { seedDemo: config.seedDemo ?? false });
    if (seed.seeded) console.log(['demo keys (x-api-key), shown once:', ...describeDemoKeys(seed.keys, '  ')].join('\n'));
    else if (config.seedDemo) log('the database holds data already: nothing seeded (npm run seed -- --json issues fresh demo keys)');
    else log('no demo data (SEED_DEMO=1 seeds an empty database)');
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
}

main().catch((err) => {
  console.error(`[prepare] failed: ${err.message}`);
  process.exit(1);
});
