import path from 'node:path';
import { loadConfig } from '../shared/config';
import { describeStartError } from '../shared/runtime/serve';
import { superviseWorker } from '../shared/runtime/supervisor';
import { describeDemoKeys } from './seed/demo-keys';
import type { SeedResult } from './seed/seed-database';
import { ensureElasticsearch } from './stack/elasticsearch';
import { ensurePostgres } from './stack/postgres';
import { prepareStack } from './stack/prepare';

const log = (msg: string) => console.error(`[start] ${msg}`);

/** The worker `npm start` supervises: the whole API in one process (services/all-in-one/server.ts). */
const WORKER = path.resolve(__dirname, '../services/all-in-one/server');

/** What the banner says of the demo data: new keys are shown this once. */
function demoLines(seed: SeedResult, seedDemo: boolean): string[] {
  if (seed.seeded) return ['  demo keys (x-api-key), shown once; `npm run seed -- --json` issues new ones:', ...describeDemoKeys(seed.keys, '    ')];
  if (seedDemo) return ['  demo keys: shown when the demo was seeded; `npm run seed -- --json` revokes them and prints new ones'];
  return ['  no demo data (SEED_DEMO=1 fills an empty database with it)'];
}

/**
 * `npm start`: the whole product on one machine — PostgreSQL (DATABASE_URL, else the local
 * server, else an embedded one), Elasticsearch (unless ELASTICSEARCH_URL is set), the migrated
 * database with demo data when it chose the database itself, the index, and the API at one base
 * URL, served by a worker process this one supervises (restarted with backoff if it crashes).
 */
async function main() {
  let config = loadConfig();
  // A database someone named is theirs: demo users go into it only when asked.
  const seedDemo = config.seedDemo ?? !config.databaseUrlGiven;
  const postgres = await ensurePostgres(config, log);
  if (postgres.source === 'embedded') {
    // The worker inherits this environment, so it reaches the same server.
    process.env.DATABASE_URL = postgres.databaseUrl;
    config = loadConfig();
  }
  await ensureElasticsearch(config);
  const seed = await prepareStack(config, log, { seedDemo });
  const banner = [
    '',
    `Job Listing Agent API serving at ${config.baseUrl}`,
    `  docs:        ${config.baseUrl}/docs`,
    `  readiness:   ${config.baseUrl}/readyz`,
    `  database:    ${postgres.description}`,
    ...demoLines(seed, seedDemo),
    `  try: curl '${config.baseUrl}/agents/jobs/search?q=engineer&limit=3'`,
    '',
  ].join('\n');
  superviseWorker({ modulePath: WORKER, log, onFirstReady: () => console.log(banner) });
}

main().catch((err) => {
  // Only a configuration that loaded can be asked for its port again (a bad one would throw here).
  console.error(`[start] failed: ${describeStartError(err)}`);
  process.exit(1);
});
