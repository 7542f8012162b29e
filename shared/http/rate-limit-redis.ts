import { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger';
import { decisionOf, type LimiterOptions, type RateDecision, type RateLimitStore } from './rate-limit-store';

/**
 * How long a rate-limit count may wait for Redis. A limiter is on the path of every request:
 * a Redis that hangs must cost a request this much at most, then the request is counted in memory.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * The connection of one process to the Redis its rate limits are counted in. Commands never wait
 * for a connection (no offline queue): while Redis is unreachable they fail at once and the
 * stores count in memory; ioredis reconnects in the background (every 0.2 s up to every 2 s).
 */
export function connectRateLimitRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/**
 * Whether the shared store answers, for the whole process: logs each change once (not once per
 * request), and exposes `rate_limit_store_up` and `rate_limit_store_fallbacks_total` so an outage
 * shows on a dashboard while the limits quietly hold per instance.
 */
export class SharedStoreHealth {
  private up = true;
  private connected = false;
  private readonly waiting: (() => void)[] = [];
  private readonly upGauge: Gauge;
  private readonly fallbacks: Counter<'limit'>;

  constructor(
    private readonly logger: Logger,
    registry: Registry,
  ) {
    this.upGauge = new Gauge({
      name: 'rate_limit_store_up',
      help: '1 while the shared rate-limit store (Redis) answers; 0 while limits are counted in this process alone.',
      registers: [registry],
    });
    this.upGauge.set(1);
    this.fallbacks = new Counter({
      name: 'rate_limit_store_fallbacks_total',
      help: 'Requests counted in memory because the shared rate-limit store (Redis) did not answer, by limit.',
      labelNames: ['limit'] as const,
      registers: [registry],
    });
  }

  /** The connection is ready (commands sent before fail at once and are counted in memory). */
  connectionReady(): void {
    this.connected = true;
    this.waiting.splice(0).forEach((resolve) => resolve());
    this.answered();
  }

  /** Resolves once the first connection is ready: what a start or a test may wait for. */
  async ready(): Promise<void> {
    if (!this.connected) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** The store answered. */
  answered(): void {
    if (this.up) return;
    this.up = true;
    this.upGauge.set(1);
    this.logger.info('the rate-limit store (Redis) answers again: limits are shared by every instance');
  }

  /** The store failed a count of `limit`, which memory counts instead. */
  failed(limit: string, err: unknown): void {
    this.fallbacks.inc({ limit });
    if (!this.up) return;
    this.up = false;
    this.upGauge.set(0);
    this.logger.warn({ err }, 'the rate-limit store (Redis) does not answer: counting limits in this process until it does');
  }

  /** The connection reported a fault (it reconnects by itself). */
  connectionFault(err: unknown): void {
    this.failed('connection', err);
  }

  get isUp(): boolean {
    return this.up;
  }
}

/**
 * A RateLimitStore counted in Redis (rate-limiter-flexible's fixed windows: the first request
 * starts a window of `windowMs`), so every instance pointed at the same Redis enforces one limit.
 * When Redis fails a count, the request is counted in `fallback` (memory) instead: rate limiting
 * protects the service, and a read must never fail because its limiter's store is gone. During
 * such an outage each instance enforces the limit on its own (N instances: up to N times it).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    private readonly options: LimiterOptions & { keyPrefix: string; name: string },
    private readonly fallback: RateLimitStore,
    private readonly health: SharedStoreHealth,
  ) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: options.keyPrefix,
      points: options.limit,
      duration: Math.max(1, Math.round(options.windowMs / 1000)),
      // Fail at once while disconnected instead of waiting for the connection.
      rejectIfRedisNotReady: true,
    });
  }

  async consume(key: string): Promise<RateDecision> {
    try {
      const res = await this.limiter.consume(key);
      this.health.answered();
      return decisionOf(res, this.options.limit, true);
    } catch (refusal) {
      // rate-limiter-flexible rejects with the window's state when the limit is used up, and with
      // an Error when Redis failed.
      if (refusal instanceof RateLimiterRes) {
        this.health.answered();
        return decisionOf(refusal, this.options.limit, false);
      }
      this.health.failed(this.options.name, refusal);
      return this.fallback.consume(key);
    }
  }

  async peek(key: string): Promise<RateDecision | undefined> {
    try {
      const res = await this.limiter.get(key);
      this.health.answered();
      return res ? decisionOf(res, this.options.limit, res.consumedPoints < this.options.limit) : undefined;
    } catch (err) {
      this.health.failed(this.options.name, err);
      return this.fallback.peek(key);
    }
  }
}
