import type { Database } from '../../../shared/db/database';
import type { Queryable } from '../../../shared/db/queryable';
import type { WebhookEvent } from '../../../shared/webhooks/events';
import { pageWithTotal } from './page-query';

/** A subscription row as the presenter reads it (the secrets stay in the database but for create and rotate). */
export interface WebhookSubscriptionRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  saved_search_id: string | null;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of WebhookSubscriptionRow; the previous secret's expiry reads as null once past. */
const COLUMNS = `id, url, events, saved_search_id, status, disabled_reason,
  CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END AS previous_secret_expires_at,
  created_at, updated_at`;

/** What a new subscription is made of (checked before). */
export interface NewSubscription {
  userId: string;
  url: string;
  events: readonly WebhookEvent[];
  savedSearchId: string | null;
  secret: string;
}

/**
 * Locks the user's row for the rest of the transaction and counts their subscriptions: two
 * concurrent creates of one user are counted one after the other, so neither passes the limit.
 */
export async function lockAndCountSubscriptions(q: Queryable, userId: string): Promise<number> {
  await q.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  const [{ count }] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM webhook_subscriptions WHERE user_id = $1`, [
    userId,
  ]);
  return count;
}

/** Inserts a subscription and returns it. */
export async function insertSubscription(q: Queryable, s: NewSubscription): Promise<WebhookSubscriptionRow> {
  const [row] = await q.query<WebhookSubscriptionRow>(
    `INSERT INTO webhook_subscriptions (user_id, url, events, saved_search_id, secret) VALUES ($1, $2, $3::text[], $4, $5)
     RETURNING ${COLUMNS}`,
    [s.userId, s.url, s.events, s.savedSearchId, s.secret],
  );
  return row;
}

/** True when the saved search exists and is the user's. `id` must be a UUID. */
export async function isUsersSavedSearch(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM saved_searches WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows.length > 0;
}

/** The user's subscriptions, oldest first (the order they were made in), a page at a time. */
export async function listSubscriptions(
  db: Database,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: WebhookSubscriptionRow[]; total: number }> {
  return pageWithTotal<WebhookSubscriptionRow>(
    db,
    { columns: COLUMNS, from: 'FROM webhook_subscriptions WHERE user_id = $1', params: [userId], orderBy: 'created_at, id' },
    limit,
    (page - 1) * limit,
  );
}

/** One of the user's subscriptions; undefined when unknown or another user's. `id` must be a UUID. */
export async function findSubscription(db: Queryable, userId: string, id: string): Promise<WebhookSubscriptionRow | undefined> {
  const [row] = await db.query<WebhookSubscriptionRow>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return row;
}

/** Deletes one of the user's subscriptions with its deliveries; false when there was none. */
export async function deleteSubscription(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM webhook_subscriptions WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
  return rows.length > 0;
}

/**
 * Replaces the secret: the current one becomes the previous one, which still signs for
 * `overlapSeconds` (none when 0; a secret already previous is dropped). Undefined when not the user's.
 */
export async function rotateSecret(
  db: Database,
  userId: string,
  id: string,
  secret: string,
  overlapSeconds: number,
): Promise<WebhookSubscriptionRow | undefined> {
  const [row] = await db.query<WebhookSubscriptionRow>(
    `UPDATE webhook_subscriptions
        SET previous_secret = CASE WHEN $4::int > 0 THEN secret END,
            previous_secret_expires_at = CASE WHEN $4::int > 0 THEN now() + make_interval(secs => $4::int) END,
            secret = $3, updated_at = now()
      WHERE id = $1 AND user_id = $2
     RETURNING ${COLUMNS}`,
    [id, userId, secret, overlapSeconds],
  );
  return row;
}

/** Makes one of the user's subscriptions active again (a disabled one forgets why); undefined when not theirs. */
export async function enableSubscription(db: Database, userId: string, id: string): Promise<WebhookSubscriptionRow | undefined> {
  const [row] = await db.query<WebhookSubscriptionRow>(
    `UPDATE webhook_subscriptions
        SET status = 'active', disabled_reason = NULL, updated_at = CASE WHEN status = 'active' THEN updated_at ELSE now() END
      WHERE id = $1 AND user_id = $2
     RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return row;
}

/** Pauses one of the user's subscriptions at its owner's request; undefined when not theirs. A disabled one stays as it is. */
export async function disableSubscription(db: Database, userId: string, id: string): Promise<WebhookSubscriptionRow | undefined> {
  const [row] = await db.query<WebhookSubscriptionRow>(
    `UPDATE webhook_subscriptions
        SET status = 'disabled', disabled_reason = COALESCE(disabled_reason, 'disabled by its owner'),
            updated_at = CASE WHEN status = 'disabled' THEN updated_at ELSE now() END
      WHERE id = $1 AND user_id = $2
     RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return row;
}
