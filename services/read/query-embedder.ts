import type { Config } from '../../shared/config';
import { Embedder, MODEL_CARD, QueryEmbeddingCache, type TextEmbedder } from '../../shared/embedding';

/** The embedding settings of the configuration. */
type EmbeddingSettings = Pick<Config, 'embeddingModelDir' | 'embeddingThreads' | 'embeddingQueryCacheSize'>;

/** The model as the read service runs it: behind its LRU query cache, and how to free it. */
export interface LoadedQueryEmbedder {
  embedder: TextEmbedder;
  close: () => Promise<void>;
}

/**
 * Loads the model from EMBEDDING_MODEL_DIR with EMBEDDING_THREADS, behind a cache of
 * EMBEDDING_QUERY_CACHE_SIZE queries; throws ConfigError when the model files are missing, so a
 * service without them stops at start instead of failing its first hybrid search.
 */
export async function loadQueryEmbedder(config: EmbeddingSettings): Promise<LoadedQueryEmbedder> {
  const model = await Embedder.load({ modelDir: config.embeddingModelDir, threads: config.embeddingThreads });
  return { embedder: new QueryEmbeddingCache(model, config.embeddingQueryCacheSize), close: () => model.close() };
}

/** Models loaded on first use, one per process and settings. */
const loadedOnFirstUse = new Map<string, Promise<TextEmbedder>>();

/**
 * For a read app given no embedder (tests, tools): the model loaded by the first search that needs
 * it, then shared by every app of the process with the same settings, and never freed. A failed
 * load is tried again by the next search.
 */
export function queryEmbedderOnFirstUse(config: EmbeddingSettings): TextEmbedder {
  const key = JSON.stringify([config.embeddingModelDir, config.embeddingThreads, config.embeddingQueryCacheSize]);
  const loaded = () => {
    let embedder = loadedOnFirstUse.get(key);
    if (!embedder) {
      embedder = loadQueryEmbedder(config).then((model) => model.embedder);
      embedder.catch(() => loadedOnFirstUse.delete(key));
      loadedOnFirstUse.set(key, embedder);
    }
    return embedder;
  };
  return {
    dims: MODEL_CARD.dims,
    model: MODEL_CARD.name,
    embedQueries: async (texts) => (await loaded()).embedQueries(texts),
    embedDocuments: async (texts) => (await loaded()).embedDocuments(texts),
  };
}
