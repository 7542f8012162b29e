import path from 'node:path';
import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { createSearchClient } from '../shared/search/client';
import { describeStartError } from '../shared/runtime/serve';
import { superviseWorker } from '../shared/runtime/supervisor';
import { ensureElasticsearch } from './stack/elasticsearch';
import { prepareStack } from './stack/prepare';
import { seedSummary } from './seed/seed-database';

const log = (msg: string) => console.error(`[start] ${msg}`);

/** The worker `npm start` supervises: the whole API in one process (services/all-in-one/server.ts). */
const WORKER = path.resolve(__dirname, '../services/all-in-one/server');

/**
 * `npm start`: the whole product on one machine — Elasticsearch (unless ELASTICSEARCH_URL is
 * set), the migrated and seeded database, the index, and the API at one base URL, served by a
 * worker process this one supervises (restarted with backoff if it crashes).
 */
async function main() {
  const config = loadConfig();
  await ensureElasticsearch(config);
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 60_000 });
  let summary: Awaited<ReturnType<typeof seedSummary>>;
  try {
    await prepareStack(config, db, search, log);
    summary = await seedSummary(db, config.baseUrl);
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
  const banner = [
    '',
    `Job Listing Agent API serving at ${config.baseUrl}`,
    `  docs:        ${config.baseUrl}/docs`,
    `  readiness:   ${config.baseUrl}/readyz`,
    `  demo keys (x-api-key):`,
    `    recruiter:                  ${summary.recruiter_key}`,
    `    applicant (with resume):    ${summary.applicant_key}`,
    `    applicant (without resume): ${summary.applicant_without_resume_key}`,
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
