import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import { Embedder } from '../../shared/embedding/embedder';
import type { Logger } from '../../shared/logger';
import { createSearchClient } from '../../shared/search/client';
import type { EmbedderConfig } from './settings';
import { EmbeddingWorker } from './worker';

/** Bulk requests of documents with vectors may take longer than a search: the worker's client waits at least this long. */
const EMBEDDER_TIMEOUT_MS = 30_000;

/** A running embedding worker and how to stop it (finish the pass in progress, close its client and the model). */
export interface RunningEmbedder {
  worker: EmbeddingWorker;
  stop: () => Promise<void>;
}

/**
 * Loads the model (EMBEDDING_MODEL_DIR, EMBEDDING_THREADS) and starts an embedding worker with its
 * own Elasticsearch client. Throws ConfigError when the model files are missing.
 */
export async function startEmbedder(config: Config, settings: EmbedderConfig, db: Database, logger: Logger): Promise<RunningEmbedder> {
  const embedder = await Embedder.load({ modelDir: config.embeddingModelDir, threads: config.embeddingThreads });
  const requestTimeoutMs = Math.max(config.esRequestTimeoutMs, EMBEDDER_TIMEOUT_MS);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: requestTimeoutMs });
  const worker = new EmbeddingWorker(
    { db, search, alias: config.indexAlias, embedder, logger },
    { batchSize: settings.batchSize, pollMs: settings.pollMs, requestTimeoutMs },
  );
  worker.start();
  logger.info(
    { alias: config.indexAlias, model: embedder.model, threads: config.embeddingThreads, batchSize: settings.batchSize },
    'embedding worker started',
  );
  return {
    worker,
    stop: async () => {
      await worker.stop();
      await search.close();
      await embedder.close();
      logger.info(worker.totals, 'embedding worker stopped');
    },
  };
}
