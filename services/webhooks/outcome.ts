/**
 * What one delivery attempt's result means for the delivery (and its subscription): pure, so the
 * retry policy is tested without a receiver. The policy is Ashby's and Standard Webhooks': only a
 * 2xx counts; 410 Gone disables the endpoint; 401, 403, 404 and 405 say the endpoint will not take
 * this, so it is not retried; anything else (5xx, 429, 3xx, a timeout, a refused connection or
 * address) is retried on the operator's schedule until it runs out.
 */

/** How an attempt ended: the receiver's status, or an error before any status came. */
export type AttemptResult = { status: number; error?: undefined } | { status?: undefined; error: string };

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
  return { kind: 'retry', delayMs: Math.round(seconds * 1000 * (1 + MAX_JITTER * random())), reason };
}
