import { loadConfig, type Config } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError } from '../../shared/runtime/serve';
import { createSearchClient } from '../../shared/search/client';
import { createWriteApp } from './app';
import { serveWithIndexer } from './serve-with-indexer';

/** Runs the write service alone on WRITE_PORT, with the outbox indexer inside unless RUN_INDEXER=false. */
export async function startWriteService(config: Config = loadConfig()) {
  const logger = createLogger(config.logLevel, 'write');
  const db = new Database(config);
  const search = createSearchClient(config);
  const { app, http } = createWriteApp({ config, db, search, logger });
  const served = await serveWithIndexer(app.callback(), config.writePort, { config, db, search, logger }, http.metrics.registry);
  logger.info({ url: served.url }, 'write service listening');
  return served;
}

if (require.main === module) {
  startWriteService().catch((err) => {
    console.error(`write service failed to start: ${describeStartError(err)}`);
    process.exit(1);
  });
}
