/**
 * The saved-search matcher's public face (issue 31): what the write process, its own process
 * (main.ts), benchmarks and tests may use.
 */
export { SavedSearchMatcher, type MatchPass, type MatcherTotals, type MatcherDeps, type MatcherOptions } from './matcher';
export { startSavedSearchMatcher, type RunningMatcher } from './start-matcher';
export { registerMatchQueueMetrics } from './queue-metrics';
