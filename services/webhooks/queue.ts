import type { Database } from '../../shared/db/database';
import { queryableClient } from '../../shared/db/queryable';
import type { Verdict } from './outcome';

/** A claimed delivery with what its attempt needs of its subscription. */
export interface ClaimedDelivery {
  id: string;
  event_type: string;
  payload: string;
  /** This attempt's number (1 = the first): the claim counted it. */
  attempt: number;
  subscription_id: string;
  url: string;
  subscription_status: 'active' | 'disabled';
  secret: string;
  /** The secret before the last rotation, while it still signs; else null. */
  previous_secret: string | null;
}

/** One attempt as webhook_delivery_attempts keeps it. */
export interface AttemptRecord {
  status?: number;
  error?: string;
  durationMs: number;
}

/** Fairness of a claim: how many attempts each subscription may have in flight, and how many it has. */
export interface ClaimFairness {
  /** Attempts in flight one subscription may have at most (its receiver's slowness stays its own). */
  perSubscription: number;
  /** Attempts the claiming worker has in flight now, by subscription id. */
  busy: ReadonlyMap<string, number>;
}

/** Due rows looked at per claim, per delivery claimed: the oldest due, read by the due index. */
const SCAN_PER_CLAIM = 50;

/**
 * Takes up to `limit` due deliveries and leases them: next_attempt_at moves `leaseMs` ahead (longer
 * than an attempt may take) and the attempt is counted, in one statement that commits at once. No
 * transaction stays open across the HTTP request; SKIP LOCKED keeps two workers' claims apart. A
 * worker that dies before recording leaves the delivery due again when the lease ends: it is sent
 * again with the same webhook-id (at least once). A crash counts as an attempt, so a delivery that
 * kills its worker every time still runs out of attempts.
 *
 * Oldest due first, but no subscription gets more than `fairness.perSubscription` attempts in
 * flight (counting those the worker has): a receiver that hangs for the whole timeout with a
 * thousand events waiting holds that many of the worker's slots, and every other receiver's
 * events still go out. The window is the oldest `limit * 50` due rows.
 */
export function claimDue(
  db: Database,
  limit: number,
  leaseMs: number,
  fairness: ClaimFairness = { perSubscription: limit, busy: new Map() },
): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `WITH window_rows AS (
       SELECT id, subscription_id, next_attempt_at FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $3
        FOR UPDATE SKIP LOCKED),
     ranked AS (
       SELECT w.id, w.next_attempt_at,
              row_number() OVER (PARTITION BY w.subscription_id ORDER BY w.next_attempt_at, w.id) + coalesce(b.n, 0) AS nth
         FROM window_rows w LEFT JOIN unnest($5::uuid[], $6::int[]) AS b(subscription_id, n) ON b.subscription_id = w.subscription_id),
     due AS (
       SELECT id FROM ranked WHERE nth <= $4 ORDER BY next_attempt_at, id LIMIT $1)
     UPDATE webhook_deliveries d
        SET next_attempt_at = now() + $2 * interval '1 millisecond', attempts = d.attempts + 1
       FROM due, webhook_subscriptions s
      WHERE d.id = due.id AND s.id = d.subscription_id
      RETURNING d.id, d.event_type, d.payload, d.attempts AS attempt, s.id AS subscription_id, s.url,
                s.status AS subscription_status, s.secret,
                CASE WHEN s.previous_secret_expires_at > now() THEN s.previous_secret END AS previous_secret`,
    [limit, leaseMs, limit * SCAN_PER_CLAIM, fairness.perSubscription, [...fairness.busy.keys()], [...fairness.busy.values()]],
  );
}

/**
 * Records an attempt and settles its delivery by the verdict, in one transaction: the attempt's
 * row; the delivery delivered, failed, or due again after the retry delay; a 410's subscription
 * disabled. Only the claim that made this attempt settles it (its attempt number is still the
 * delivery's): a worker whose lease ran out while it waited must not undo a later attempt's
 * outcome; a success is recorded whatever came since.
 */
export async function recordAttempt(db: Database, delivery: ClaimedDelivery, attempt: AttemptRecord, verdict: Verdict): Promise<void> {
  const lastError = verdict.kind === 'delivered' ? null : verdict.reason.slice(0, 1000);
  await db.transaction(async (client) => {
    const q = queryableClient(client);
    await q.query(
      // A delivery deleted meanwhile (its subscription was) has nothing left to record.
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, response_status, error, duration_ms)
       SELECT $1::text, $2::int, $3::int, $4::text, $5::int WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $1)
       ON CONFLICT DO NOTHING`,
      [
        delivery.id,
        delivery.attempt,
        attempt.status ?? null,
        attempt.error?.slice(0, 1000) ?? null,
        Math.max(0, Math.round(attempt.durationMs)),
      ],
    );
    await q.query(
      `UPDATE webhook_deliveries
          SET status = $3,
              delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
              next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + $4 * interval '1 millisecond' ELSE next_attempt_at END,
              last_error = $5
        WHERE id = $1 AND status = 'pending' AND (attempts = $2 OR $3 = 'delivered')`,
      [delivery.id, delivery.attempt, statusOf(verdict), verdict.kind === 'retry' ? verdict.delayMs : 0, lastError],
    );
    if (verdict.kind === 'failed' && verdict.disableSubscription) {
      await q.query(
        `UPDATE webhook_subscriptions SET status = 'disabled', disabled_reason = $2, updated_at = now()
          WHERE id = $1 AND status = 'active'`,
        [delivery.subscription_id, verdict.disableSubscription.slice(0, 500)],
      );
    }
  });
}

/**
 * Fails a delivery whose subscription was disabled before its turn came: nothing was sent, so its
 * claim is not counted as an attempt.
 */
export async function failUnsent(db: Database, delivery: ClaimedDelivery, reason: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'failed', attempts = attempts - 1, last_error = $3
      WHERE id = $1 AND status = 'pending' AND attempts = $2`,
    [delivery.id, delivery.attempt, reason.slice(0, 1000)],
  );
}

function statusOf(verdict: Verdict): 'delivered' | 'pending' | 'failed' {
  return verdict.kind === 'delivered' ? 'delivered' : verdict.kind === 'retry' ? 'pending' : 'failed';
}
