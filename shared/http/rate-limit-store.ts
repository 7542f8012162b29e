import type { RateLimiterRes } from 'rate-limiter-flexible';
/** What a limiter decided for one request: whether it may pass, and what the RateLimit-* headers say. */
export interface RateDecision {
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the current window ends (at least 1): RateLimit-Reset and Retry-After. */
  resetSeconds: number;
}

/**
 * Fixed windows of `limit` requests, one per key: what the rate-limit middleware counts with.
 * Implemented in memory (rate-limit-memory.ts) and in Redis (rate-limit-redis.ts), both on
 * rate-limiter-flexible.
 */
export interface RateLimitStore {
  /** Counts one request of `key` and decides on it. */
  consume(key: string): Promise<RateDecision>;
  /**
   * The state of `key`'s window without counting anything nor remembering the key: `allowed`
   * says whether one more request would pass. Undefined when the key has no open window.
   */
  peek(key: string): Promise<RateDecision | undefined>;
}

/** How many requests a key may make per window, and how many keys are remembered at most. */
export interface LimiterOptions {
  limit: number;
  windowMs: number;
  /** Upper bound of the memory: windows remembered at once (default 100 000, a few MB). */
  maxKeys?: number;
}

/** A window's state as rate-limiter-flexible reports it, in the terms of the RateLimit headers. */
export function decisionOf(res: RateLimiterRes, limit: number, allowed: boolean): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - res.consumedPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}
