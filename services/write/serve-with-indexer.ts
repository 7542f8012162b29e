import type { Registry } from 'prom-client';
import type { Served, RequestHandler } from '../../shared/runtime/serve';
import { serve } from '../../shared/runtime/serve';
import { exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { startOutboxIndexer, type RunningIndexer } from '../indexer';
import type { WriteDeps } from './deps';

/**
 * Serves a process that owns the Postgres pool (the write service alone, or the whole API): listens
 * on `port`, then runs the outbox indexer inside unless RUN_INDEXER=false. Closing stops the
 * indexer before the pools, so no pass is cut off mid-bulk.
 */
export async function serveWithIndexer(
  handle: RequestHandler,
  port: number,
  { config, db, search, logger }: Pick<WriteDeps, 'config' | 'db' | 'search' | 'logger'>,
  metrics: Registry,
): Promise<Served> {
  let indexer: RunningIndexer | undefined;
  const served = await serve(
    handle,
    port,
    logger,
    async () => {
      await indexer?.stop();
      await Promise.all([db.close(), search.close()]);
    },
    config,
  );
  // Started once listening succeeded, so a failed start leaves nothing running.
  if (config.runIndexer) indexer = startOutboxIndexer(config, db, logger, metrics);
  exitOnUnhandledFaults(logger, served.close, 10_000);
  return served;
}
