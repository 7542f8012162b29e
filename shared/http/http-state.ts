import type { Config } from '../config';
import { createLogger, type Logger } from '../logger';
import { HttpMetrics } from './metrics';
import { createRateLimits, type RateLimits, type SharedRateLimitStore } from './rate-limit';
import { connectRateLimitRedis, RedisRateLimitStore, SharedStoreHealth } from './rate-limit-redis';

/**
 * What the HTTP middleware of one process keeps across requests: the metrics registry and the
 * rate-limit windows. Each app makes its own unless given one; the all-in-one process gives its
 * apps one, so its /metrics and its limits cover the whole API.
 */
export interface HttpState {
  metrics: HttpMetrics;
  rateLimits: RateLimits;
  /** Health of the shared rate-limit store; undefined when limits are counted in memory only. */
  sharedLimits?: SharedStoreHealth;
  /** Closes the connection to the shared rate-limit store, if any. */
  close(): Promise<void>;
}

export interface HttpStateOptions {
  /** Bound of each in-memory limiter (tests shrink it to show what a flood evicts). */
  maxWindows?: number;
  /** Where the shared store reports its outages (default: a logger of its own at the configured level). */
  logger?: Logger;
  /** Prefix of the Redis keys (default `jla:rate-limit`); tests give each run its own. */
  redisKeyPrefix?: string;
}

/**
 * A fresh state for the configured rate limits: counted in Redis when REDIS_URL is set (in memory
 * while Redis does not answer), in memory otherwise.
 */
export function createHttpState(config: Config, options: HttpStateOptions = {}): HttpState {
  const metrics = new HttpMetrics();
  if (!config.redisUrl) {
    return { metrics, rateLimits: createRateLimits(config, { maxWindows: options.maxWindows }), close: () => Promise.resolve() };
  }
  const logger = options.logger ?? createLogger(config.logLevel, 'rate-limits');
  const health = new SharedStoreHealth(logger, metrics.registry);
  const redis = connectRateLimitRedis(config.redisUrl);
  // Without a listener ioredis' connection errors would be unhandled 'error' events.
  redis.on('error', (err) => health.connectionFault(err));
  redis.on('ready', () => health.connectionReady());
  const prefix = options.redisKeyPrefix ?? config.redisKeyPrefix;
  const shared: SharedRateLimitStore = (name, limiter, memory) =>
    new RedisRateLimitStore(redis, { ...limiter, name, keyPrefix: `${prefix}:${name}` }, memory, health);
  return {
    metrics,
    rateLimits: createRateLimits(config, { maxWindows: options.maxWindows, shared }),
    sharedLimits: health,
    close: () => {
      redis.disconnect();
      return Promise.resolve();
    },
  };
}
