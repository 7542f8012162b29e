import { loadConfig, type Config } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError, serve } from '../../shared/runtime/serve';
import { exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { reportReadyToSupervisor } from '../../shared/runtime/supervisor';
import { createSearchClient } from '../../shared/search/client';
import { startOutboxIndexer, type RunningIndexer } from '../indexer';
import { createAllInOneApp } from './app';

/**
 * Serves the whole API at one base URL from one process, mounting both services' apps, with the
 * write service's outbox indexer inside unless RUN_INDEXER=false.
 */
export async function startAllInOne(config: Config = loadConfig()) {
  const logger = createLogger(config.logLevel, 'api');
  const db = new Database(config);
  const search = createSearchClient(config);
  const { handler, http } = createAllInOneApp({ config, db, search, logger });
  let indexer: RunningIndexer | undefined;
  const served = await serve(
    handler,
    config.port,
    logger,
    async () => {
      await indexer?.stop();
      await Promise.all([db.close(), search.close()]);
    },
    config,
  );
  // Started once listening succeeded, so a failed start leaves nothing running.
  if (config.runIndexer) indexer = startOutboxIndexer(config, db, logger, http.metrics.registry);
  exitOnUnhandledFaults(logger, served.close, 10_000);
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
