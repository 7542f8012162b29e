import type { Registry } from 'prom-client';
import type { Queryable } from '../../shared/db/queryable';
import { registerScrapeGauges } from '../../shared/http/scrape-gauges';
import type { Logger } from '../../shared/logger';
import { outboxBacklog } from './outbox-backlog';

/**
 * Outbox lag on /metrics, read from Postgres at scrape time (one cheap query per scrape, shared by
 * the three gauges): rows waiting, rows waiting for a retry, age of the oldest. While Postgres does
 * not answer they read NaN (unknown), and the rest of the scrape still succeeds.
 */
export function registerOutboxMetrics(registry: Registry, db: Queryable, logger: Logger): void {
  registerScrapeGauges(registry, logger, 'the outbox backlog', () => outboxBacklog(db), [
    {
      name: 'jla_outbox_pending_rows',
      help: 'Job changes written to Postgres and not yet indexed (outbox rows).',
      value: (b) => b.pending,
    },
    { name: 'jla_outbox_retrying_rows', help: 'Outbox rows that failed at least once and wait for a retry.', value: (b) => b.retrying },
    {
      name: 'jla_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox row in seconds (0 when empty): how far the index lags.',
      value: (b) => b.oldestAgeSeconds,
    },
  ]);
}
