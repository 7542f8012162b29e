/**
 * The embedding model's settings: EMBEDDING_MODEL_DIR, EMBEDDING_THREADS and
 * EMBEDDING_QUERY_CACHE_SIZE, declared once with the product's other settings (shared/config.ts),
 * read here alone for the tools that load the model without the whole configuration.
 */
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { defaultEmbeddingModelDir, loadEnv, Settings } from '../config';

export const EmbeddingSettings = Type.Object({
  EMBEDDING_MODEL_DIR: Settings.properties.EMBEDDING_MODEL_DIR,
  EMBEDDING_THREADS: Settings.properties.EMBEDDING_THREADS,
  EMBEDDING_QUERY_CACHE_SIZE: Settings.properties.EMBEDDING_QUERY_CACHE_SIZE,
});

/** The settings as the embedder takes them. */
export interface EmbeddingConfig {
  modelDir: string;
  threads: number;
  queryCacheSize: number;
}

/** Where scripts/embedding-model.sh puts the model by default. */
export const defaultModelDir = defaultEmbeddingModelDir;

/** Reads and checks the settings; throws ConfigError naming a bad variable. */
export function loadEmbeddingConfig(env: NodeJS.ProcessEnv = process.env): EmbeddingConfig {
  const s = loadEnv(EmbeddingSettings, env);
  return {
    modelDir: path.resolve(s.EMBEDDING_MODEL_DIR ?? defaultModelDir()),
    threads: s.EMBEDDING_THREADS,
    queryCacheSize: s.EMBEDDING_QUERY_CACHE_SIZE,
  };
}
