import { errors } from '../../../shared/errors';
import { paginate } from '../../../shared/schemas/common';
import type { WebhookDeliveriesQuery, WebhookDelivery, WebhookDeliveryList } from '../../../shared/schemas/webhook';
import { eventPayload, WEBHOOK_TEST_EVENT, type TestEventData } from '../../../shared/webhooks/events';
import { newMessageId } from '../../../shared/webhooks/signing';
import type { WriteDeps } from '../deps';
import { presentDelivery } from '../presenters/webhooks';
import { attemptsOf, insertDelivery, listDeliveries } from '../store/webhook-deliveries';
import { findSubscription } from '../store/webhooks';
import { webhookId } from './webhooks-manage';

/** The subscription's id when it is the caller's, else the 404. */
async function ownSubscription(deps: WriteDeps, userId: string, id: string): Promise<string> {
  const row = await findSubscription(deps.db, userId, webhookId(id));
  if (!row) throw errors.webhookNotFound(id);
  return row.id;
}

/**
 * Queues a webhook.test event for one of the caller's subscriptions, through the same queue and
 * worker as every other event, so it is signed, retried and logged the same way.
 */
export async function sendTestEvent(deps: WriteDeps, userId: string, id: string, now = new Date()): Promise<WebhookDelivery> {
  const subscriptionId = await ownSubscription(deps, userId, id);
  const data: TestEventData = {
    subscription_id: subscriptionId,
    message: 'A test event from the Job Listing Agent API: if its signature verifies, this endpoint is ready.',
  };
  const row = await insertDelivery(
    deps.db,
    newMessageId(),
    subscriptionId,
    WEBHOOK_TEST_EVENT,
    eventPayload(WEBHOOK_TEST_EVENT, data, now),
  );
  return presentDelivery(row, []);
}

/** A page of the deliveries of one of the caller's subscriptions, newest first, each with its attempts. */
export async function listWebhookDeliveries(
  deps: WriteDeps,
  userId: string,
  id: string,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveryList> {
  const subscriptionId = await ownSubscription(deps, userId, id);
  const { rows, total } = await listDeliveries(deps.db, subscriptionId, query);
  const attempts = await attemptsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return { deliveries: rows.map((r) => presentDelivery(r, attempts)), pagination: paginate(total, query.page, query.limit) };
}
