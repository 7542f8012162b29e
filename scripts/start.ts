import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { createSearchClient } from '../shared/search/client';
import { describeStartError } from '../shared/runtime/serve';
import { startAllInOne } from '../services/all-in-one/server';
import { ensureElasticsearch } from './stack/elasticsearch';
import { prepareStack } from './stack/prepare';
import { seedSummary } from './seed/seed-database';

const log = (msg: string) => console.error(`[start] ${msg}`);

/**
 * `npm start`: the whole product on one machine — Elasticsearch (unless ELASTICSEARCH_URL is
 * set), the migrated and seeded database, the index, and the API at one base URL.
 */
async function main() {
  const config = loadConfig();
  await ensureElasticsearch(config);
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 60_000 });
  try {
    await prepareStack(config, db, search, log);
    const summary = await seedSummary(db, config.baseUrl);
    await startAllInOne(config);
    console.log(
      [
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
      ].join('\n'),
    );
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
}

main().catch((err) => {
  // Only a configuration that loaded can be asked for its port again (a bad one would throw here).
  console.error(`[start] failed: ${describeStartError(err)}`);
  process.exit(1);
});
