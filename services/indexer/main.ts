import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError } from '../../shared/runtime/serve';
import { exitGracefullyOnSignal, exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { startOutboxIndexer } from './start-indexer';

/**
 * `npm run start:indexer`: the outbox indexer as its own process (run the write service with
 * RUN_INDEXER=false then, or keep both: several indexers share the outbox safely). Stops cleanly
 * on SIGTERM/SIGINT: the pass in progress ends (a bulk request in flight is aborted and its rows
 * stay due) before the pools close.
 */
function main(): void {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'indexer');
  const db = new Database(config);
  const running = startOutboxIndexer(config, db, logger);
  // The same grace as a server's: stop() aborts a bulk request in flight instead of waiting for it.
  const close = () => running.stop().then(() => db.close());
  exitGracefullyOnSignal(logger, close, 10_000);
  exitOnUnhandledFaults(logger, close, 10_000);
}

try {
  main();
} catch (err) {
  console.error(`indexer failed to start: ${describeStartError(err)}`);
  process.exit(1);
}
