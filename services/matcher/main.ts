import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError } from '../../shared/runtime/serve';
import { exitGracefullyOnSignal, exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { startSavedSearchMatcher } from './start-matcher';

/**
 * `npm run start:matcher`: the saved-search matcher as its own process (run the write service with
 * RUN_MATCHER=false then, or keep both: matchers share the queue safely). Stops cleanly on
 * SIGTERM/SIGINT: the pass in progress ends before the pool closes; a pass cut short leaves its
 * rows to be matched again.
 */
function main(): void {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'matcher');
  const db = new Database(config);
  const running = startSavedSearchMatcher(config, db, logger);
  const close = () => running.stop().then(() => db.close());
  exitGracefullyOnSignal(logger, close, 30_000);
  exitOnUnhandledFaults(logger, close, 30_000);
}

try {
  main();
} catch (err) {
  console.error(`matcher failed to start: ${describeStartError(err)}`);
  process.exit(1);
}
