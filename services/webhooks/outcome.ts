/**
 * What one delivery attempt's result means for the delivery (and its subscription): pure, so the
 * retry policy is tested without a receiver. The policy is Ashby's and Standard Webhooks': only a
 * 2xx counts; 410 Gone disables the endpoint; 401, 403, 404 and 405 say the endpoint will not take
 * this, so it is not retried; anything else (5xx, 429, 3xx, a timeout, a refused connection or
 * address) is retried on the operator's schedule until it runs out. A receiver that asks for more
 * time (Retry-After, on a 429 or 503 mostly) is given it, up to MAX_RETRY_AFTER_MS, but never
 * less than the schedule's delay, and the attempt still counts against the schedule.
 */

/** How an attempt ended: the receiver's status (and its Retry-After, read), or an error before any status came. */
export type AttemptResult = { status: number; retryAfterMs?: number; error?: undefined } | { status?: undefined; error: string };

/** The longest wait a receiver's Retry-After can ask for: a day, so one receiver cannot park its deliveries for ever. */
export const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/**
 * A Retry-After header in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110
 * 10.2.3); undefined when absent or unreadable, 0 for a date already past.
 */
export function parseRetryAfter(header: string | undefined, now: Date = new Date()): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) || !/[a-z]/i.test(text) ? undefined : Math.max(0, at - now.getTime());
}

/** What to do with the delivery after an attempt. */
export type Verdict =
  | { kind: 'delivered' }
  | { kind: 'retry'; delayMs: number; reason: string }
  | { kind: 'failed'; reason: string; disableSubscription?: string };

/** Statuses after which a retry cannot help (Ashby's list, 410 aside). */
const NO_RETRY = new Set([401, 403, 404, 405]);

/** The most a retry's delay is stretched, as a share of its scheduled delay, so retries spread out. */
export const MAX_JITTER = 0.1;

/** "the receiver answered 503" or the error: the reason an attempt failed, as last_error keeps it. */
export function failureReason(result: AttemptResult): string {
  return result.status === undefined ? result.error : `the receiver answered ${result.status}`;
}

/**
 * The verdict on attempt number `attempt` (1 = the first), with `schedule` the seconds from each
 * failed attempt to the next (WEBHOOK_RETRY_SCHEDULE): a delivery makes at most schedule.length + 1
 * attempts. `random` (0 to 1) picks the jitter.
 */
export function verdictFor(
  result: AttemptResult,
  attempt: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): Verdict {
  if (result.status !== undefined && result.status >= 200 && result.status < 300) return { kind: 'delivered' };
  const reason = failureReason(result);
  if (result.status === 410) {
    return {
      kind: 'failed',
      reason: `${reason} (Gone): the subscription is disabled`,
      disableSubscription: 'The receiver answered 410 Gone: it no longer takes these events.',
    };
  }
  if (result.status !== undefined && NO_RETRY.has(result.status)) return { kind: 'failed', reason: `${reason}, which is not retried` };
  const seconds = schedule[attempt - 1];
  if (seconds === undefined) return { kind: 'failed', reason: `${reason}; gave up after ${attempt} attempts` };
  const scheduled = Math.round(seconds * 1000 * (1 + MAX_JITTER * random()));
  const asked = Math.min((result.status !== undefined && result.retryAfterMs) || 0, MAX_RETRY_AFTER_MS);
  return asked > scheduled
    ? { kind: 'retry', delayMs: asked, reason: `${reason} (Retry-After ${Math.round(asked / 1000)} s)` }
    : { kind: 'retry', delayMs: scheduled, reason };
}
