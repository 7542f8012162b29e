import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '../../shared/logger';
import { outboxBacklog, type OutboxBacklog } from './outbox-backlog';
import type { Queryable } from '../../shared/db/queryable';

/**
 * Outbox lag on /metrics, read from Postgres at scrape time (one cheap query per scrape, shared by
 * the three gauges): rows waiting, rows waiting for a retry, age of the oldest. While Postgres does
 * not answer they read NaN (unknown), and the rest of the scrape still succeeds.
 */
export function registerOutboxMetrics(registry: Registry, db: Queryable, logger: Logger): void {
  // The registry collects every metric at once, so the gauges of one scrape share one query.
  let reading: Promise<OutboxBacklog | undefined> | undefined;
  const read = () =>
    (reading ??= outboxBacklog(db)
      .catch((err: unknown) => {
        logger.warn({ err }, 'metrics: the outbox backlog could not be read');
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  const gauge = (name: string, help: string, value: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const backlog = await read();
        this.set(backlog ? value(backlog) : Number.NaN);
      },
    });
  gauge('jla_outbox_pending_rows', 'Job changes written to Postgres and not yet indexed (outbox rows).', (b) => b.pending);
  gauge('jla_outbox_retrying_rows', 'Outbox rows that failed at least once and wait for a retry.', (b) => b.retrying);
  gauge(
    'jla_outbox_oldest_age_seconds',
    'Age of the oldest outbox row in seconds (0 when empty): how far the index lags.',
    (b) => b.oldestAgeSeconds,
  );
}
