import { Counter, type Registry } from 'prom-client';
import { outcomeCounter } from '../../shared/http/outcome-counter';
import type { Queryable } from '../../shared/db/queryable';
import { registerScrapeGauges } from '../../shared/http/scrape-gauges';
import type { Logger } from '../../shared/logger';

/** Deliveries waiting, and how late the due ones are. */
export interface DeliveryBacklog {
  /** Pending deliveries, due or waiting for a retry. */
  pending: number;
  /** Of those, the ones due now. */
  due: number;
  /** Seconds the longest-due delivery has waited past its time (0 when none is due): the worker's lag. */
  oldestDueSeconds: number;
  /** Subscriptions disabled by a 410 or by their owner. */
  disabledSubscriptions: number;
}

export async function deliveryBacklog(db: Queryable): Promise<DeliveryBacklog> {
  // Pending rows are read by the partial index on next_attempt_at; subscriptions are few per user.
  const [row] = await db.query<{ pending: number; due: number; oldest: number | null; disabled: number }>(
    `SELECT count(*)::int AS pending,
            count(*) FILTER (WHERE next_attempt_at <= now())::int AS due,
            extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS oldest,
            (SELECT count(*)::int FROM webhook_subscriptions WHERE status = 'disabled') AS disabled
       FROM webhook_deliveries WHERE status = 'pending'`,
  );
  return { pending: row.pending, due: row.due, oldestDueSeconds: row.oldest ?? 0, disabledSubscriptions: row.disabled };
}

/** The webhook backlog on /metrics, read at scrape time, whichever process delivers. */
export function registerDeliveryMetrics(registry: Registry, db: Queryable, logger: Logger): void {
  registerScrapeGauges(registry, logger, 'the webhook delivery backlog', () => deliveryBacklog(db), [
    { name: 'jla_webhook_pending_deliveries', help: 'Webhook deliveries not yet delivered nor failed.', value: (b) => b.pending },
    { name: 'jla_webhook_due_deliveries', help: 'Pending webhook deliveries due now.', value: (b) => b.due },
    {
      name: 'jla_webhook_oldest_due_seconds',
      help: 'Seconds the longest-due webhook delivery has waited past its time (0 when none is due): how far delivery lags.',
      value: (b) => b.oldestDueSeconds,
    },
    {
      name: 'jla_webhook_disabled_subscriptions',
      help: 'Webhook subscriptions disabled (by a 410 or their owner).',
      value: (b) => b.disabledSubscriptions,
    },
  ]);
}

/** What the delivery worker counts per attempt, for the /metrics of its process. */
export interface DeliveryCounters {
  attempt(outcome: 'delivered' | 'retry' | 'failed', seconds: number): void;
}

const OUTCOMES = ['delivered', 'retry', 'failed'] as const;

export function deliveryCounters(registry: Registry): DeliveryCounters {
  const attempts = outcomeCounter(registry, {
    name: 'jla_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: delivered (a 2xx in time), retry (failed, tried again later), failed (no more attempts).',
    outcomes: OUTCOMES,
  });
  const seconds = new Counter({
    name: 'jla_webhook_attempt_seconds_total',
    help: 'Time spent in webhook delivery attempts, resolution and connection included.',
    registers: [registry],
  });
  return {
    attempt(outcome, took) {
      attempts.inc({ outcome });
      seconds.inc(took);
    },
  };
}
