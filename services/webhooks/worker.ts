import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logger';
import { webhookHeaders } from '../../shared/webhooks/signing';
import type { LookupAll } from '../../shared/webhooks/url-policy';
import { verdictFor, type AttemptResult } from './outcome';
import { claimDue, failUnsent, recordAttempt, type ClaimedDelivery } from './queue';
import { sendWebhook } from './send';
import type { DeliveryCounters } from './delivery-metrics';

/** The settings the worker reads. */
export type WebhookWorkerConfig = Pick<
  Config,
  'webhookAllowHttp' | 'webhookAllowPrivateAddresses' | 'webhookRetrySchedule' | 'webhookTimeoutMs' | 'webhookPollMs'
>;

/** What tests and tools may change; production takes the defaults. */
export interface WebhookWorkerOptions {
  /** Attempts in flight at once, across subscriptions. Default 8. */
  concurrency?: number;
  /** Attempts in flight at once for one subscription. Default 2: a slow receiver cannot hold every slot. */
  perSubscription?: number;
  /** How long a claim stays leased beyond the attempt's timeout before another worker may take it again. Default 30 s. */
  leaseMarginMs?: number;
  /** Resolves receivers' host names (default: the system resolver); tests inject one to rebind. */
  lookup?: LookupAll;
  /** The clock of signatures, in seconds; tests may fix it. */
  nowSeconds?: () => number;
  /** Attempt counters for the /metrics of the process (absent: the totals are only logged). */
  counters?: DeliveryCounters;
}

/** Counters since start, for logs. */
export interface WebhookTotals {
  attempts: number;
  delivered: number;
  retried: number;
  failed: number;
  disabledSubscriptions: number;
}

const DEFAULT_CONCURRENCY = 8;
const DEFAULT_PER_SUBSCRIPTION = 2;
const DEFAULT_LEASE_MARGIN_MS = 30_000;
/** Longest wait after the database failed a claim, doubling from the poll interval. */
const MAX_ERROR_BACKOFF_MS = 30_000;

/**
 * The delivery worker: drains webhook_deliveries, at most `concurrency` attempts at a time, each
 * claimed with a lease (see claimDue), signed at send time, sent to the checked address, recorded
 * with its verdict (see verdictFor). It keeps no state: any number may run, and one that dies
 * loses nothing (its leases run out and the deliveries are sent again, with the same webhook-id).
 */
export class WebhookWorker {
  private readonly concurrency: number;
  private readonly perSubscription: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts in flight by subscription, for the claims' fairness. */
  private readonly busy = new Map<string, number>();
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  readonly totals: WebhookTotals = { attempts: 0, delivered: 0, retried: 0, failed: 0, disabledSubscriptions: 0 };

  constructor(
    private readonly config: WebhookWorkerConfig,
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly options: WebhookWorkerOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    this.perSubscription = Math.max(1, options.perSubscription ?? DEFAULT_PER_SUBSCRIPTION);
    this.leaseMs = config.webhookTimeoutMs + (options.leaseMarginMs ?? DEFAULT_LEASE_MARGIN_MS);
  }

  /** Starts delivering in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops claiming, and waits for the attempts in flight to be sent and recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    await Promise.all(this.inFlight);
  }

  /**
   * Claims what is due, as many as there are free slots, and attempts them all; resolves when
   * they are recorded. Answers how many it claimed. For tests and tools; the loop runs the same steps.
   */
  async deliverDue(limit = this.concurrency): Promise<number> {
    const claimed = await this.claim(limit);
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private async run(): Promise<void> {
    let errorBackoffMs = this.config.webhookPollMs;
    while (this.running) {
      const free = this.concurrency - this.inFlight.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        try {
          claimed = await this.claim(free);
          errorBackoffMs = this.config.webhookPollMs;
        } catch (err) {
          this.logger.warn({ err }, 'webhook worker could not claim deliveries; trying again');
          await this.idle(errorBackoffMs);
          errorBackoffMs = Math.min(MAX_ERROR_BACKOFF_MS, errorBackoffMs * 2);
          continue;
        }
      }
      for (const delivery of claimed) this.track(this.deliver(delivery));
      // A full claim may have left more due: claim again at once if a slot freed meanwhile.
      if (claimed.length > 0 && claimed.length === free && this.inFlight.size < this.concurrency) continue;
      // Sleeps until the next poll, or until an attempt ends and frees a slot (track wakes it).
      await this.idle(this.config.webhookPollMs);
    }
  }

  private claim(limit: number): Promise<ClaimedDelivery[]> {
    return claimDue(this.db, limit, this.leaseMs, { perSubscription: this.perSubscription, busy: this.busy });
  }

  /** Waits `ms`, or until stop() or an attempt's end wakes it. */
  private async idle(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.wake = undefined;
  }

  private track(attempt: Promise<void>): void {
    this.inFlight.add(attempt);
    void attempt.finally(() => {
      this.inFlight.delete(attempt);
      // A freed slot while the loop waits for one: claim again at once.
      this.wake?.();
    });
  }

  /** One attempt of one claimed delivery, recorded. Never rejects: a failure to record leaves the lease to run out. */
  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const subscription = delivery.subscription_id;
    this.busy.set(subscription, (this.busy.get(subscription) ?? 0) + 1);
    try {
      if (delivery.subscription_status !== 'active') {
        await failUnsent(this.db, delivery, 'the subscription is disabled; the event was not sent');
        this.totals.failed++;
        return;
      }
      const started = performance.now();
      const result = await this.send(delivery);
      const durationMs = performance.now() - started;
      const verdict = verdictFor(result, delivery.attempt, this.config.webhookRetrySchedule);
      await recordAttempt(this.db, delivery, { ...result, durationMs }, verdict);
      this.options.counters?.attempt(verdict.kind, durationMs / 1000);
      this.count(delivery, result, verdict.kind, verdict.kind === 'failed' && Boolean(verdict.disableSubscription));
    } catch (err) {
      this.logger.error({ err, delivery: delivery.id }, 'webhook attempt could not be recorded; it will be made again when its lease ends');
    } finally {
      const left = (this.busy.get(subscription) ?? 1) - 1;
      if (left > 0) this.busy.set(subscription, left);
      else this.busy.delete(subscription);
    }
  }

  private send(delivery: ClaimedDelivery): Promise<AttemptResult> {
    const secrets = delivery.previous_secret ? [delivery.secret, delivery.previous_secret] : [delivery.secret];
    const now = this.options.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
    return sendWebhook({
      url: delivery.url,
      body: delivery.payload,
      headers: webhookHeaders(secrets, delivery.id, now, delivery.payload),
      timeoutMs: this.config.webhookTimeoutMs,
      policy: { allowHttp: this.config.webhookAllowHttp, allowPrivateAddresses: this.config.webhookAllowPrivateAddresses },
      lookup: this.options.lookup,
    });
  }

  private count(delivery: ClaimedDelivery, result: AttemptResult, kind: 'delivered' | 'retry' | 'failed', disabled: boolean): void {
    this.totals.attempts++;
    const fields = { delivery: delivery.id, subscription: delivery.subscription_id, attempt: delivery.attempt, ...result };
    if (kind === 'delivered') {
      this.totals.delivered++;
      this.logger.debug(fields, 'webhook delivered');
    } else if (kind === 'retry') {
      this.totals.retried++;
      this.logger.info(fields, 'webhook attempt failed; will retry');
    } else {
      this.totals.failed++;
      if (disabled) this.totals.disabledSubscriptions++;
      this.logger.warn(
        { ...fields, disabled },
        disabled ? 'webhook receiver answered 410: subscription disabled' : 'webhook delivery failed',
      );
    }
  }
}

/** A running worker and how to stop it. */
export interface RunningWebhookWorker {
  worker: WebhookWorker;
  stop: () => Promise<void>;
}

/**
 * Starts a delivery worker (WEBHOOK_* settings): polls every webhookPollMs when idle, up to 8
 * attempts at once. stop() waits for the attempts in flight (at most webhookTimeoutMs each).
 */
export function startWebhookWorker(
  config: WebhookWorkerConfig,
  db: Database,
  logger: Logger,
  options: WebhookWorkerOptions = {},
): RunningWebhookWorker {
  const worker = new WebhookWorker(config, db, logger, options);
  worker.start();
  logger.info(
    { timeoutMs: config.webhookTimeoutMs, retrySchedule: config.webhookRetrySchedule, pollMs: config.webhookPollMs },
    'webhook delivery worker started',
  );
  return {
    worker,
    stop: async () => {
      await worker.stop();
      logger.info(worker.totals, 'webhook delivery worker stopped');
    },
  };
}
