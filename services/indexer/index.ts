/**
 * The indexer's public face. The write service indexes a job it just committed at once
 * (indexNow) and may run the outbox indexer in its own process (startOutboxIndexer); tools
 * reindex and fill an index (reindex, indexAllJobs); tests and benchmarks index documents
 * directly (bulkIndexJobs).
 */
export { bulkIndexJobs, type BulkIndexOptions, type BulkResult } from './bulk-index';
export { indexAllJobs, type IndexAllProgress } from './index-all';
export { indexNow, type IndexNowDeps } from './index-now';
export { OutboxIndexer } from './indexer';
export { registerOutboxMetrics } from './outbox-metrics';
export { reindex, ReindexError, type ReindexDeps, type ReindexOptions, type ReindexResult } from './reindex';
export { startOutboxIndexer, type RunningIndexer } from './start-indexer';
