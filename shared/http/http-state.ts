import type { Config } from '../config';
import { HttpMetrics } from './metrics';
import { createRateLimits, type RateLimits } from './rate-limit';

/**
 * What the HTTP middleware of one process keeps across requests: the metrics registry and the
 * rate-limit windows. Each app makes its own unless given one; the all-in-one process gives its
 * apps one, so its /metrics and its limits cover the whole API.
 */
export interface HttpState {
  metrics: HttpMetrics;
  rateLimits: RateLimits;
}

/**
 * A fresh state for the configured rate limits; `now` (monotonic ms) lets tests move time, and
 * `maxWindows` shrinks each limiter's memory to show what a flood of clients evicts.
 */
export function createHttpState(config: Config, options: { now?: () => number; maxWindows?: number } = {}): HttpState {
  return { metrics: new HttpMetrics(), rateLimits: createRateLimits(config, options.now, { maxWindows: options.maxWindows }) };
}
