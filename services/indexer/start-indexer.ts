import type { Registry } from 'prom-client';
import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logger';
import { createSearchClient } from '../../shared/search/client';
import { OutboxIndexer } from './indexer';
import { indexerCounters } from './metrics';

/** Bulk requests may take longer than a search: the indexer's client waits at least this long. */
const INDEXER_TIMEOUT_MS = 30_000;

/** A running indexer and how to stop it (finish the pass in progress, close its client). */
export interface RunningIndexer {
  indexer: OutboxIndexer;
  stop: () => Promise<void>;
}

/**
 * Starts an outbox indexer with its own Elasticsearch client (a longer timeout than the request
 * path's). The write process calls this when RUN_INDEXER is on; `npm run start:indexer` runs it
 * alone. Any number may run at once. Given the process's metrics registry, it counts its throughput there.
 */
export function startOutboxIndexer(config: Config, db: Database, logger: Logger, metrics?: Registry): RunningIndexer {
  const requestTimeoutMs = Math.max(config.esRequestTimeoutMs, INDEXER_TIMEOUT_MS);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: requestTimeoutMs });
  const indexer = new OutboxIndexer(
    { db, search, alias: config.indexAlias, logger, counters: metrics && indexerCounters(metrics) },
    { batchSize: config.indexerBatchSize, pollMs: config.indexerPollMs, requestTimeoutMs },
  );
  indexer.start();
  logger.info({ alias: config.indexAlias, batchSize: config.indexerBatchSize, pollMs: config.indexerPollMs }, 'outbox indexer started');
  return {
    indexer,
    stop: async () => {
      await indexer.stop();
      await search.close();
      logger.info(indexer.totals, 'outbox indexer stopped');
    },
  };
}
