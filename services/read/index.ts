/**
 * The read service's public face: what the all-in-one process, tools, benchmarks and tests outside
 * this folder may use. The scale benchmark measures the product's own Elasticsearch requests
 * against bare ones, so the request builders and the runner are part of it.
 */
export { createReadApp } from './app';
export type { ReadDeps } from './deps';
export { loadQueryEmbedder, type LoadedQueryEmbedder } from './query-embedder';
export { readBrowseParams, readSearchParams, readSimilarParams } from './search/params/params';
export { buildBrowseRequest, NEWEST_FIRST } from './search/query/browse-request';
export { filterClauses, inactiveJobs } from './search/query/filters';
export { buildSearchRequest, inBestMatchOrder } from './search/query/search-request';
export { buildSemanticRequest, knnFilter, knnQuery, numCandidates, VECTOR_FIELD, vectorJson } from './search/query/knn-request';
export { DEFAULT_FUSION, fuse, fusionName, type Fusion, type Scored } from './search/relevance/fusion';
export { KnownWords } from './search/relevance/known-words';
export { queryWords } from './search/relevance/query-words';
export type { TypoPolicy } from './search/relevance/relevance';
export { findJob } from './search/run/find-job';
export { runJobSearch, type JobHits } from './search/run/run-job-search';
export { searchJobs } from './search/run/search-jobs';
export { HYBRID_KEYWORD_LEG, hybridLists, hybridSearch, type HybridLists, type KeywordLeg } from './search/run/ranked-search';
export { searchInMode, type SearchContext } from './search/run/search-in-mode';
export { findSimilarJobs } from './search/run/similar-jobs';
