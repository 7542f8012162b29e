/** The embedding worker's own settings, read from the environment as the product's others are. */
import { Type } from '@sinclair/typebox';
import { loadEnv } from '../../shared/config';

export const EmbedderSettings = Type.Object({
  RUN_EMBEDDER: Type.Boolean({
    default: true,
    description: '`npm start` runs the embedding worker beside the API, as a process of its own',
  }),
  EMBEDDER_BATCH_SIZE: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 64,
    description: 'job documents the embedding worker reads, embeds and writes per pass',
  }),
  EMBEDDER_POLL_MS: Type.Integer({
    minimum: 10,
    maximum: 600_000,
    default: 1000,
    description: 'how often an idle embedding worker looks for documents without a current vector',
  }),
});

/** The settings as the worker takes them. */
export interface EmbedderConfig {
  runEmbedder: boolean;
  batchSize: number;
  pollMs: number;
}

/** Reads and checks the settings; throws ConfigError naming a bad variable. */
export function loadEmbedderConfig(env: NodeJS.ProcessEnv = process.env): EmbedderConfig {
  const s = loadEnv(EmbedderSettings, env);
  return { runEmbedder: s.RUN_EMBEDDER, batchSize: s.EMBEDDER_BATCH_SIZE, pollMs: s.EMBEDDER_POLL_MS };
}
