import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { decisionOf, type LimiterOptions, type RateDecision, type RateLimitStore } from './rate-limit-store';

const DEFAULT_MAX_KEYS = 100_000;

/**
 * The RateLimitStore of one process: rate-limiter-flexible's RateLimiterMemory, whose fixed
 * windows start with a key's first request and last `windowMs` (on Date.now; each window is
 * dropped by a timer when it ends). A refused request does not move its window.
 *
 * RateLimiterMemory remembers every key it saw within a window; this store bounds that: once
 * `maxKeys` windows are open the oldest is forgotten (its client gets a fresh window), so memory
 * stays bounded under a flood of distinct keys, at the price of failing open for the
 * longest-known client. Which keys reach a store decides whose windows such a flood can evict
 * (see rate-limit.ts).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly limiter: RateLimiterMemory;
  private readonly maxKeys: number;
  /**
   * Keys in the order their current window opened, oldest first (at most maxKeys, ended windows
   * included: they are the oldest, so they go first).
   */
  private readonly opened = new Set<string>();

  constructor(private readonly options: LimiterOptions) {
    if (!(options.limit >= 1) || !(options.windowMs > 0)) throw new Error('a rate limit needs limit >= 1 and windowMs > 0');
    this.limiter = new RateLimiterMemory({ points: options.limit, duration: options.windowMs / 1000 });
    this.maxKeys = Math.max(1, options.maxKeys ?? DEFAULT_MAX_KEYS);
  }

  async consume(key: string): Promise<RateDecision> {
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await this.limiter.consume(key);
    } catch (refusal) {
      // rate-limiter-flexible rejects with the window's state when the limit is used up.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      [res, allowed] = [refusal, false];
    }
    if (res.isFirstInDuration) this.windowOpened(key);
    return decisionOf(res, this.options.limit, allowed);
  }

  async peek(key: string): Promise<RateDecision | undefined> {
    const res = await this.limiter.get(key);
    // A window that has ended but whose timer has not dropped it yet is no window.
    if (!res || res.msBeforeNext <= 0) return undefined;
    return decisionOf(res, this.options.limit, res.consumedPoints < this.options.limit);
  }

  /** Windows remembered now, at most maxKeys (ended ones included until evicted or reopened). */
  get size(): number {
    return this.opened.size;
  }

  private windowOpened(key: string): void {
    this.opened.delete(key);
    this.opened.add(key);
    if (this.opened.size <= this.maxKeys) return;
    const oldest = this.opened.values().next().value!;
    this.opened.delete(oldest);
    void this.limiter.delete(oldest);
  }
}
