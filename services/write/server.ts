import { loadConfig, type Config } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError, serve } from '../../shared/runtime/serve';
import { exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { createSearchClient } from '../../shared/search/client';
import { createWriteApp } from './app';
import { startOutboxIndexer, type RunningIndexer } from '../indexer';

/** Runs the write service alone on WRITE_PORT, with the outbox indexer inside unless RUN_INDEXER=false. */
export async function startWriteService(config: Config = loadConfig()) {
  const logger = createLogger(config.logLevel, 'write');
  const db = new Database(config);
  const search = createSearchClient(config);
  const { app, http } = createWriteApp({ config, db, search, logger });
  let indexer: RunningIndexer | undefined;
  const served = await serve(
    app.callback(),
    config.writePort,
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
  logger.info({ url: served.url }, 'write service listening');
  return served;
}

if (require.main === module) {
  startWriteService().catch((err) => {
    console.error(`write service failed to start: ${describeStartError(err)}`);
    process.exit(1);
  });
}
