/**
 * The embedding worker's public face (issue 30): `npm start` runs its process (main.ts) beside
 * the API, the backfill command and the benchmarks drive an EmbeddingWorker directly.
 */
export { countUnembedded } from './candidates';
export type { BatchOutcome } from './embed-batch';
export { EmbedderSettings, loadEmbedderConfig, type EmbedderConfig } from './settings';
export { startEmbedder, type RunningEmbedder } from './start-embedder';
export { EmbeddingWorker, type EmbeddingTotals, type EmbeddingWorkerDeps, type EmbeddingWorkerOptions, type PassResult } from './worker';
