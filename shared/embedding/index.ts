/**
 * Sentence embeddings for meaning-based search (issue 30): bge-small-en-v1.5, int8 ONNX, run in
 * this process. The model files come from scripts/embedding-model.sh; nothing is downloaded at
 * run time.
 */
export { BATCH_SIZE, Embedder, MAX_QUERY_TOKENS, type EmbedderOptions } from './embedder';
export { EmbeddingInputError, embeddingErrors, type EmbeddingInputReason } from './errors';
export { MODEL_CARD } from './model-card';
export { QueryEmbeddingCache, queryKey } from './query-cache';
export { EmbeddingSettings, defaultModelDir, loadEmbeddingConfig, type EmbeddingConfig } from './settings';
export { DESCRIPTION_CHARS, embeddingKeyOf, embeddingTextOf } from './job-text';
export type { TextEmbedder } from './text-embedder';
