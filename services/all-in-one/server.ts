import { loadConfig, type Config } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError } from '../../shared/runtime/serve';
import { reportReadyToSupervisor } from '../../shared/runtime/supervisor';
import { createSearchClient } from '../../shared/search/client';
import { loadQueryEmbedder } from '../read';
import { serveWithIndexer } from '../write';
import { createAllInOneApp } from './app';

/**
 * Serves the whole API at one base URL from one process, mounting both services' apps, with the
 * write service's outbox indexer inside unless RUN_INDEXER=false. The embedding model of the read
 * side is loaded first: without its files the process does not start.
 */
export async function startAllInOne(config: Config = loadConfig()) {
  const logger = createLogger(config.logLevel, 'api');
  const { embedder } = await loadQueryEmbedder(config);
  const db = new Database(config);
  const search = createSearchClient(config);
  const { handler, http } = createAllInOneApp({ config, db, search, logger, embedder });
  const served = await serveWithIndexer(handler, config.port, { config, db, search, logger }, http.metrics.registry);
  logger.info({ url: served.url }, 'API listening');
  return served;
}

// Run directly (docker-compose's docs service), it serves against already-prepared Postgres and
// Elasticsearch; `npm start` (scripts/start.ts) prepares the local stack first and runs this as
// its supervised worker.
if (require.main === module) {
  startAllInOne().then(
    (served) => reportReadyToSupervisor(served.url, served.close),
    (err) => {
      console.error(`API failed to start: ${describeStartError(err)}`);
      process.exit(1);
    },
  );
}
