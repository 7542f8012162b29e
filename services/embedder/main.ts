import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError } from '../../shared/runtime/serve';
import { exitGracefullyOnSignal, exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { reportReadyToSupervisor } from '../../shared/runtime/supervisor';
import { loadEmbedderConfig } from './settings';
import { startEmbedder } from './start-embedder';

/**
 * `npm run start:embedder`: the embedding worker as its own process (the model's runs block the
 * event loop, so it never shares a process with requests). Any number may run. Stops cleanly on
 * SIGTERM/SIGINT: the pass in progress ends (a request in flight is aborted, a model run
 * finishes) before the pools close. Under `npm start`'s supervisor it reports ready once the model
 * is loaded, and ends when the supervisor is gone.
 */
function main(): void {
  const config = loadConfig();
  const settings = loadEmbedderConfig();
  const logger = createLogger(config.logLevel, 'embedder');
  const db = new Database(config);
  const starting = startEmbedder(config, settings, db, logger);
  // A signal during the start (the model loading) waits for it, then stops the worker it started.
  const close = () =>
    starting
      .then((running) => running.stop())
      .catch(() => undefined)
      .then(() => db.close());
  exitGracefullyOnSignal(logger, close, 15_000);
  exitOnUnhandledFaults(logger, close, 15_000);
  starting.then(
    () => reportReadyToSupervisor(`the index alias "${config.indexAlias}"`, close),
    (err: unknown) => {
      console.error(`embedder failed to start: ${describeStartError(err)}`);
      void db.close().finally(() => process.exit(1));
    },
  );
}

try {
  main();
} catch (err) {
  console.error(`embedder failed to start: ${describeStartError(err)}`);
  process.exit(1);
}
