import type { Registry } from 'prom-client';
import type { Queryable } from '../../shared/db/queryable';
import { registerScrapeGauges } from '../../shared/http/scrape-gauges';
import type { Logger } from '../../shared/logger';

/** How far saved-search matching lags behind job changes. */
export interface MatchQueueBacklog {
  /** Job changes not matched yet (job_match_queue rows). */
  queued: number;
  /** Age of the oldest in seconds (0 when none): how late alerts are. */
  oldestAgeSeconds: number;
}

export async function matchQueueBacklog(db: Queryable): Promise<MatchQueueBacklog> {
  const [row] = await db.query<{ queued: number; oldest: number | null }>(
    'SELECT count(*)::int AS queued, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM job_match_queue',
  );
  return { queued: row.queued, oldestAgeSeconds: row.oldest ?? 0 };
}

/** The matcher's backlog on /metrics, read at scrape time, whichever process runs the matcher. */
export function registerMatchQueueMetrics(registry: Registry, db: Queryable, logger: Logger): void {
  registerScrapeGauges(registry, logger, 'the saved-search match queue', () => matchQueueBacklog(db), [
    { name: 'jla_matcher_queued_jobs', help: 'Job changes not yet matched against the saved searches.', value: (b) => b.queued },
    {
      name: 'jla_matcher_oldest_age_seconds',
      help: 'Age of the oldest job change not yet matched, in seconds (0 when none): how late alerts are.',
      value: (b) => b.oldestAgeSeconds,
    },
  ]);
}
