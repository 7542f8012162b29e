import { loadConfig } from '../../../shared/config';
import { Database } from '../../../shared/db/database';
import { createLogger } from '../../../shared/logger';
import { exitGracefullyOnSignal } from '../../../shared/runtime/shutdown';
import { startOutboxIndexer } from './start-indexer';

/**
 * `npm run start:indexer`: the outbox indexer as its own process (run the write service with
 * RUN_INDEXER=false then, or keep both: several indexers share the outbox safely). Stops cleanly
 * on SIGTERM/SIGINT: the pass in progress finishes before the pools close.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'indexer');
  const db = new Database(config);
  const running = startOutboxIndexer(config, db, logger);
  // Longer grace than a server's: a bulk request in flight may take up to its 30 s timeout.
  exitGracefullyOnSignal(logger, () => running.stop().then(() => db.close()), 40_000);
}

main().catch((err) => {
  console.error(`indexer failed to start: ${err.message}`);
  process.exit(1);
});
