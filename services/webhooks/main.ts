import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { describeStartError } from '../../shared/runtime/serve';
import { exitGracefullyOnSignal, exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { reportReadyToSupervisor } from '../../shared/runtime/supervisor';
import { startWebhookWorker } from './worker';

/** Past the attempts in flight (each at most WEBHOOK_TIMEOUT_MS) and their recording. */
const GRACE_MARGIN_MS = 5_000;

/**
 * `npm run start:webhooks`: the webhook delivery worker as its own process. Any number may run
 * (claims skip each other's rows). Stops cleanly on SIGTERM/SIGINT: it claims nothing more, and
 * the attempts in flight end and are recorded before the pool closes; one cut short by the grace
 * period is sent again when its lease ends. Under `npm start`'s supervisor it reports ready at once.
 */
function main(): void {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'webhooks');
  const db = new Database(config);
  const running = startWebhookWorker(config, db, logger);
  const close = () => running.stop().then(() => db.close());
  const graceMs = config.webhookTimeoutMs + GRACE_MARGIN_MS;
  exitGracefullyOnSignal(logger, close, graceMs);
  exitOnUnhandledFaults(logger, close, graceMs);
  reportReadyToSupervisor('the webhook_deliveries queue', close);
}

try {
  main();
} catch (err) {
  console.error(`webhook worker failed to start: ${describeStartError(err)}`);
  process.exit(1);
}
