import type { WebhookDelivery, WebhookDeliveryAttempt, WebhookSubscription } from '../../../shared/schemas/webhook';
import type { WebhookAttemptRow, WebhookDeliveryRow } from '../store/webhook-deliveries';
import type { WebhookSubscriptionRow } from '../store/webhooks';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A subscription as its owner sees it (never with a secret). */
export function presentSubscription(row: WebhookSubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    saved_search_id: row.saved_search_id,
    status: row.status,
    disabled_reason: row.disabled_reason,
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One attempt as the delivery log shows it. */
function presentAttempt(row: WebhookAttemptRow): WebhookDeliveryAttempt {
  return {
    attempt: row.attempt,
    attempted_at: row.attempted_at.toISOString(),
    response_status: row.response_status,
    error: row.error,
    duration_ms: row.duration_ms,
  };
}

/** A delivery with its attempts; the body it sends is shown parsed. */
export function presentDelivery(row: WebhookDeliveryRow, attempts: readonly WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    delivered_at: iso(row.delivered_at),
    last_error: row.last_error,
    payload: JSON.parse(row.payload) as WebhookDelivery['payload'],
    attempt_log: attempts.filter((a) => a.delivery_id === row.id).map(presentAttempt),
  };
}
