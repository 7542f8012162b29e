import { loadConfig } from '../shared/config';
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
  const seed = await prepareStack(config, log, { seedDemo: config.seedDemo ?? false });
  if (seed.seeded) console.log(['demo keys (x-api-key), shown once:', ...describeDemoKeys(seed.keys, '  ')].join('\n'));
  else if (config.seedDemo) log('the database holds data already: nothing seeded (npm run seed -- --json issues fresh demo keys)');
  else log('no demo data (SEED_DEMO=1 seeds an empty database)');
}

main().catch((err: unknown) => {
  console.error(`[prepare] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
