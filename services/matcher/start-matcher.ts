import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logger';
import { createSearchClient } from '../../shared/search/client';
import { SavedSearchMatcher } from './matcher';

/** Matching a batch against a hundred thousand saved searches takes seconds: the matcher's client waits this long. */
const MATCHER_TIMEOUT_MS = 60_000;

/** A running matcher and how to stop it (finish the pass in progress, close its client). */
export interface RunningMatcher {
  matcher: SavedSearchMatcher;
  stop: () => Promise<void>;
}

/**
 * Starts the saved-search matcher with its own Elasticsearch client. The write process calls this
 * unless RUN_MATCHER=false; `npm run start:matcher` runs it alone. Several may run at once: each
 * leases its own queue rows, and matches are numbered under their saved search's lock.
 */
export function startSavedSearchMatcher(config: Config, db: Database, logger: Logger): RunningMatcher {
  const search = createSearchClient({ ...config, esRequestTimeoutMs: Math.max(config.esRequestTimeoutMs, MATCHER_TIMEOUT_MS) });
  const matcher = new SavedSearchMatcher(
    { db, search, index: config.indexAlias, logger },
    { batchSize: config.matcherBatchSize, pollMs: config.matcherPollMs },
  );
  matcher.start();
  logger.info({ alias: config.indexAlias, batchSize: config.matcherBatchSize }, 'saved-search matcher started');
  return {
    matcher,
    stop: async () => {
      await matcher.stop();
      await search.close();
    },
  };
}
