import type { Registry } from 'prom-client';
import type { Served, RequestHandler } from '../../shared/runtime/serve';
import { serve } from '../../shared/runtime/serve';
import { exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { startOutboxIndexer } from '../indexer';
import { startSavedSearchMatcher } from '../matcher';
import { deliveryCounters, startWebhookWorker } from '../webhooks';
import type { WriteDeps } from './deps';

/** A background worker of the write process: what it is stopped by. */
interface Running {
  stop: () => Promise<void>;
}

/**
 * Serves a process that owns the Postgres pool (the write service alone, or the whole API): listens
 * on `port`, then runs the workers that drain its queues inside, each unless switched off: the
 * outbox indexer (RUN_INDEXER), the saved-search matcher (RUN_MATCHER) and the webhook delivery
 * worker (RUN_WEBHOOK_WORKER). Closing stops them before the pools, so no pass is cut off midway.
 */
export async function serveWithIndexer(
  handle: RequestHandler,
  port: number,
  { config, db, search, logger }: Pick<WriteDeps, 'config' | 'db' | 'search' | 'logger'>,
  metrics: Registry,
): Promise<Served> {
  const workers: Running[] = [];
  const served = await serve(
    handle,
    port,
    logger,
    async () => {
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all([db.close(), search.close()]);
    },
    config,
  );
  // Started once listening succeeded, so a failed start leaves nothing running.
  if (config.runIndexer) workers.push(startOutboxIndexer(config, db, logger, metrics));
  if (config.runMatcher) workers.push(startSavedSearchMatcher(config, db, logger));
  if (config.runWebhookWorker) workers.push(startWebhookWorker(config, db, logger, { counters: deliveryCounters(metrics) }));
  exitOnUnhandledFaults(logger, served.close, 10_000);
  return served;
}
