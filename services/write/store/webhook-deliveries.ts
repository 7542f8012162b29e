import type { Database } from '../../../shared/db/database';
import type { Queryable } from '../../../shared/db/queryable';
import type { DeliveryStatus } from '../../../shared/schemas/webhook';
import type { ApplicationEventData, JobClosedEventData, WebhookEvent, WebhookEventType } from '../../../shared/webhooks/events';
import { pageWithTotal } from './page-query';

/**
 * A new message id per row, in SQL, for the statements that queue one event for many subscriptions
 * at once: `msg_` and 32 hex digits of a random UUID (the table's check wants `msg_` and 20 to 40
 * letters or digits). Volatile, so each row gets its own.
 */
const NEW_MESSAGE_ID = `'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/** A delivery row as the presenter reads it. */
export interface WebhookDeliveryRow {
  id: string;
  event_type: WebhookEventType;
  status: DeliveryStatus;
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  delivered_at: Date | null;
  last_error: string | null;
  payload: string;
}

/** One attempt of a delivery. */
export interface WebhookAttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
}

const DELIVERY_COLUMNS = 'id, event_type, status, attempts, created_at, next_attempt_at, delivered_at, last_error, payload';

/**
 * Queues one event about an organization's job for every active subscription to it whose owner is
 * a recruiter and a member of the organization, in one statement (run inside the change's
 * transaction, so the event commits with the change or not at all). Returns how many were queued.
 * Read from the organization's members (one row each) to their subscriptions, both by index, so
 * its cost follows the organization's size, not the number of subscriptions.
 */
export async function enqueueOrganizationEvent(q: Queryable, type: WebhookEvent, organizationId: string, payload: string): Promise<number> {
  const rows = await q.query(
    `INSERT INTO webhook_deliveries (id, subscription_id, event_type, payload)
     SELECT ${NEW_MESSAGE_ID}, s.id, $1, $3
       FROM organization_memberships m
       JOIN users u ON u.id = m.user_id AND u.is_recruiter
       JOIN webhook_subscriptions s ON s.user_id = m.user_id
      WHERE m.organization_id = $2 AND s.status = 'active' AND $1 = ANY (s.events)
     RETURNING id`,
    [type, organizationId, payload],
  );
  return rows.length;
}

/** Queues one event for one subscription (the test ping) and returns the delivery. */
export async function insertDelivery(
  q: Queryable,
  id: string,
  subscriptionId: string,
  type: WebhookEventType,
  payload: string,
): Promise<WebhookDeliveryRow> {
  const [row] = await q.query<WebhookDeliveryRow>(
    `INSERT INTO webhook_deliveries (id, subscription_id, event_type, payload) VALUES ($1, $2, $3, $4) RETURNING ${DELIVERY_COLUMNS}`,
    [id, subscriptionId, type, payload],
  );
  return row;
}

/** What the application events say of an application (read in the transaction that changed it). */
export async function applicationEventData(q: Queryable, applicationId: string): Promise<ApplicationEventData | undefined> {
  const [row] = await q.query<Omit<ApplicationEventData, 'applicant'> & { user_id: string; name: string; created: Date; updated: Date }>(
    `SELECT a.id AS application_id, a.job_id, j.title AS job_title, j.organization_id, a.status,
            u.id AS user_id, u.name, a.created_at AS created, a.updated_at AS updated
       FROM applications a JOIN jobs j ON j.id = a.job_id JOIN users u ON u.id = a.user_id
      WHERE a.id = $1`,
    [applicationId],
  );
  if (!row) return undefined;
  return {
    application_id: row.application_id,
    job_id: row.job_id,
    job_title: row.job_title,
    organization_id: row.organization_id,
    status: row.status,
    applicant: { user_id: row.user_id, name: row.name },
    created_at: row.created.toISOString(),
    updated_at: row.updated.toISOString(),
  };
}

/** What job.closed says of a job (read in the transaction that closed it). */
export async function closedJobEventData(q: Queryable, jobId: string): Promise<JobClosedEventData | undefined> {
  const [row] = await q.query<{ job_id: string; title: string; organization_id: string; closed_at: Date | null }>(
    `SELECT id AS job_id, title, organization_id, closed_at FROM jobs WHERE id = $1`,
    [jobId],
  );
  if (!row) return undefined;
  return {
    job_id: row.job_id,
    title: row.title,
    organization_id: row.organization_id,
    closed_at: (row.closed_at ?? new Date()).toISOString(),
  };
}

/** A page of a subscription's deliveries, newest first, optionally in one state. */
export async function listDeliveries(
  db: Database,
  subscriptionId: string,
  filter: { status?: DeliveryStatus; page: number; limit: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  return pageWithTotal<WebhookDeliveryRow>(
    db,
    {
      columns: DELIVERY_COLUMNS,
      from: 'FROM webhook_deliveries WHERE subscription_id = $1 AND ($2::text IS NULL OR status = $2)',
      params: [subscriptionId, filter.status ?? null],
      orderBy: 'created_at DESC, id',
    },
    filter.limit,
    (filter.page - 1) * filter.limit,
  );
}

/** Every attempt of the given deliveries, in order. */
export async function attemptsOf(db: Queryable, deliveryIds: readonly string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.query<WebhookAttemptRow>(
    `SELECT delivery_id, attempt, attempted_at, response_status, error, duration_ms
       FROM webhook_delivery_attempts WHERE delivery_id = ANY ($1::text[]) ORDER BY delivery_id, attempt`,
    [deliveryIds],
  );
}
