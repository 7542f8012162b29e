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

/**
 * Fixed windows of `limit` requests, one per key: what the rate-limit middleware counts with.
 * Every method is asynchronous so that a store shared by several instances (Redis, with the
 * operations issue) can implement the same interface; the in-memory one below answers at once.
 */
export interface RateLimitStore {
  /** Counts one request of `key` and decides on it; a refused request does not count. */
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
 * distinct keys, at the price of failing open for the longest-known client. Which keys reach a
 * limiter decides whose windows such a flood can evict (see rate-limit.ts).
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
    const allowed = window.count < this.options.limit;
    if (allowed) window.count++;
    return this.decision(window, now, allowed);
  }

  /** `key`'s open window at `now` without counting (undefined when it has none); see RateLimitStore.peek. */
  peek(key: string, now: number): RateDecision | undefined {
    this.dropExpired(now);
    const window = this.windows.get(key);
    return window && this.decision(window, now, window.count < this.options.limit);
  }

  /** Windows remembered now (for tests and the bound on memory). */
  get size(): number {
    return this.windows.size;
  }

  private decision(window: Window, now: number, allowed: boolean): RateDecision {
    const { limit, windowMs } = this.options;
    return { allowed, limit, remaining: limit - window.count, resetSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
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

/** The RateLimitStore of one process: a FixedWindowLimiter read on a monotonic clock. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly limiter: FixedWindowLimiter;

  /** `now` is monotonic milliseconds; tests pass their own clock to cross a window without waiting. */
  constructor(options: LimiterOptions, private readonly now: () => number) {
    this.limiter = new FixedWindowLimiter(options);
  }

  async consume(key: string): Promise<RateDecision> {
    return this.limiter.take(key, this.now());
  }

  async peek(key: string): Promise<RateDecision | undefined> {
    return this.limiter.peek(key, this.now());
  }

  /** Windows remembered now. */
  get size(): number {
    return this.limiter.size;
  }
}
