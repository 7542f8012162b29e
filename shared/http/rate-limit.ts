import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import { hashApiKey } from '../auth/api-key';
import type { Config } from '../config';
import { errors } from '../errors';
import { isApiOperation } from '../openapi/operation-errors';
import { FixedWindowLimiter } from './rate-limiter';
import type { RouteDefinition } from './route';

const MINUTE_MS = 60_000;

/**
 * The limiters of one process (DESIGN.md 10), in memory: the limits hold per instance, so with
 * N read instances behind the proxy a client gets up to N times the read limit.
 */
export interface RateLimits {
  /** Per client address: reads, and the RPC list calls (they take no key). Undefined: off. */
  read?: FixedWindowLimiter;
  /** Per API key: the operations that need one (create, apply). Undefined: off. */
  write?: FixedWindowLimiter;
  /** Monotonic milliseconds; tests pass their own clock to cross a window without waiting. */
  now: () => number;
}

/** The limiters READ_RATE_LIMIT_PER_MINUTE and WRITE_RATE_LIMIT_PER_MINUTE ask for (0 turns one off). */
export function createRateLimits(
  config: Pick<Config, 'readRateLimitPerMinute' | 'writeRateLimitPerMinute'>,
  now: () => number = () => performance.now(),
): RateLimits {
  const limiter = (limit: number) => (limit > 0 ? new FixedWindowLimiter({ limit, windowMs: MINUTE_MS }) : undefined);
  return { read: limiter(config.readRateLimitPerMinute), write: limiter(config.writeRateLimitPerMinute), now };
}

/**
 * Which limit counts a request to `route`: none for health and documentation (probes and readers
 * of the docs are never throttled) nor for unknown routes, the write limit for operations that
 * take a key, the read limit for the rest (reads and the keyless RPC list calls).
 */
export function rateLimitTier(route: RouteDefinition<any, any, any> | undefined): 'read' | 'write' | undefined {
  if (!route || !isApiOperation(route)) return undefined;
  return route.auth === 'apiKey' ? 'write' : 'read';
}

/**
 * The key a request is counted under: the SHA-256 of its API key for the write limit (the key
 * itself is never kept), else the client address. A write without a key counts against its
 * address, so a flood of keyless requests is limited too.
 */
export function rateLimitKey(tier: 'read' | 'write', apiKey: string, address: string): string {
  const key = apiKey.trim();
  return tier === 'write' && key ? `key:${hashApiKey(key)}` : `address:${address}`;
}

/**
 * Counts each request of a limited operation (see rateLimitTier) and answers 429 `rate_limited`
 * with Retry-After once its window is used up. Every response of a limited operation carries
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds), errors included. Runs inside
 * the error boundary and before authentication, so a refused request costs no database query.
 */
export function rateLimit(limits: RateLimits): Middleware {
  return async (ctx, next) => {
    const tier = rateLimitTier(ctx.state.route);
    const limiter = tier && limits[tier];
    if (limiter) {
      const decision = limiter.take(rateLimitKey(tier, ctx.get('x-api-key'), ctx.ip), limits.now());
      ctx.set({
        'RateLimit-Limit': String(decision.limit),
        'RateLimit-Remaining': String(decision.remaining),
        'RateLimit-Reset': String(decision.resetSeconds),
      });
      if (!decision.allowed) throw errors.rateLimited(decision.resetSeconds);
    }
    await next();
  };
}
