/** What the limiter decided for one request: whether it may pass, and what the RateLimit-* headers say. */
export interface RateDecision {
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the current window ends (at least 1): RateLimit-Reset and Retry-After. */
  resetSeconds: number;
}

/** How many requests a key may make per window, and how many keys are remembered at most. */
export interface LimiterOptions {
  limit: number;
  windowMs: number;
  /** Upper bound of the memory: windows remembered at once (default 100 000, a few MB). */
  maxKeys?: number;
}

interface Window {
  start: number;
  count: number;
}

const DEFAULT_MAX_KEYS = 100_000;

/**
 * A fixed-window counter per key, in memory: each key's window starts with its first request and
 * lasts `windowMs`; a refused request does not count. The map is kept in order of window start
 * (a new window is re-inserted at the end), so expired windows are always at its front and are
 * dropped as time passes, in O(1) per request. When `maxKeys` live windows are remembered, the
 * oldest is forgotten (its client gets a fresh window): memory stays bounded under a flood of
 * distinct keys, at the price of failing open for the longest-known client.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;

  constructor(private readonly options: LimiterOptions) {
    if (!(options.limit >= 1) || !(options.windowMs > 0)) throw new Error('a rate limit needs limit >= 1 and windowMs > 0');
    this.maxKeys = Math.max(1, options.maxKeys ?? DEFAULT_MAX_KEYS);
  }

  /** Counts one request of `key` at time `now` (ms, from a monotonic clock) and decides on it. */
  take(key: string, now: number): RateDecision {
    this.dropExpired(now);
    let window = this.windows.get(key);
    if (!window) {
      if (this.windows.size >= this.maxKeys) this.dropOldest();
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    const { limit, windowMs } = this.options;
    const allowed = window.count < limit;
    if (allowed) window.count++;
    return { allowed, limit, remaining: limit - window.count, resetSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
  }

  /** Windows remembered now (for tests and the bound on memory). */
  get size(): number {
    return this.windows.size;
  }

  private dropExpired(now: number): void {
    for (const [key, window] of this.windows) {
      if (now < window.start + this.options.windowMs) return;
      this.windows.delete(key);
    }
  }

  private dropOldest(): void {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}
