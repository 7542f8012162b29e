/**
 * How long to wait before retrying: exponential from `baseMs`, capped at `maxMs`. The indexer's
 * loop hands it to p-retry (minTimeout, maxTimeout, factor 2) while a dependency is down; each
 * outbox row's own schedule is retryDelayMs below.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/** The default: 0.5 s, 1 s, 2 s, ... up to 30 s between attempts. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 30_000 };

/**
 * Delay before an outbox row's next attempt after `failures` failed ones (1 = the first
 * failure), with +-25 % jitter (never above the cap) so that rows that failed together do not all
 * come back at the same instant. Not p-retry's: this delay is not waited in this process but
 * stored as the row's next_attempt_at, with the attempt count kept in the row, and p-retry
 * computes its delays only inside its own retry loop (none is exported).
 */
export function retryDelayMs(failures: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const capped = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(Math.min(policy.maxMs, capped * (0.75 + random() * 0.5)));
}
