/** The embedding model's settings, read from the environment as the product's other settings are. */
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { loadEnv } from '../config';
import { projectRoot } from '../runtime/project-root';

export const EmbeddingSettings = Type.Object({
  EMBEDDING_MODEL_DIR: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'folder of the embedding model (model.onnx, tokenizer.json); unset: .cache/models/bge-small-en-v15-q',
    }),
  ),
  EMBEDDING_THREADS: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 1,
    description: 'CPU threads one model run may use; 1 leaves the other cores to requests',
  }),
  EMBEDDING_QUERY_CACHE_SIZE: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 10_000,
    description: 'query embeddings kept in memory (about 1.6 KB each); 0: none',
  }),
});

/** The settings as the embedder takes them. */
export interface EmbeddingConfig {
  modelDir: string;
  threads: number;
  queryCacheSize: number;
}

/** Where scripts/embedding-model.sh puts the model by default. */
export function defaultModelDir(): string {
  return path.join(projectRoot(), '.cache', 'models', 'bge-small-en-v15-q');
}

/** Reads and checks the settings; throws ConfigError naming a bad variable. */
export function loadEmbeddingConfig(env: NodeJS.ProcessEnv = process.env): EmbeddingConfig {
  const s = loadEnv(EmbeddingSettings, env);
  return {
    modelDir: path.resolve(s.EMBEDDING_MODEL_DIR ?? defaultModelDir()),
    threads: s.EMBEDDING_THREADS,
    queryCacheSize: s.EMBEDDING_QUERY_CACHE_SIZE,
  };
}
