import { errors } from '../../../shared/errors';
import { canonicalUuid, paginate } from '../../../shared/schemas/common';
import type {
  WebhookListQuery,
  WebhookSubscription,
  WebhookSubscriptionList,
  WebhookSubscriptionWithSecret,
} from '../../../shared/schemas/webhook';
import { newSecret } from '../../../shared/webhooks/signing';
import type { WriteDeps } from '../deps';
import { presentSubscription } from '../presenters/webhooks';
import {
  deleteSubscription,
  disableSubscription,
  enableSubscription,
  findSubscription,
  listSubscriptions,
  rotateSecret,
  type WebhookSubscriptionRow,
} from '../store/webhooks';

/** The canonical id of a subscription, or the 404 a malformed one answers (it never reaches Postgres). */
export function webhookId(id: string): string {
  const canonical = canonicalUuid(id);
  if (!canonical) throw errors.webhookNotFound(id);
  return canonical;
}

/** The row, or the 404 of an id that is unknown or another user's (the two answer alike, so ids tell nothing). */
function found(row: WebhookSubscriptionRow | undefined, id: string): WebhookSubscriptionRow {
  if (!row) throw errors.webhookNotFound(id);
  return row;
}

/** The caller's subscriptions, in the order they were made. */
export async function listWebhooks(deps: WriteDeps, userId: string, query: WebhookListQuery): Promise<WebhookSubscriptionList> {
  const { rows, total } = await listSubscriptions(deps.db, userId, query.page, query.limit);
  return { webhooks: rows.map(presentSubscription), pagination: paginate(total, query.page, query.limit) };
}

/** One of the caller's subscriptions. */
export async function getWebhook(deps: WriteDeps, userId: string, id: string): Promise<WebhookSubscription> {
  return presentSubscription(found(await findSubscription(deps.db, userId, webhookId(id)), id));
}

/** Deletes one of the caller's subscriptions, and with it its deliveries (pending ones are never sent). */
export async function deleteWebhook(deps: WriteDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteSubscription(deps.db, userId, webhookId(id)))) throw errors.webhookNotFound(id);
}

/** A new secret for one of the caller's subscriptions, shown once; the old one signs on for WEBHOOK_SECRET_OVERLAP_SECONDS. */
export async function rotateWebhookSecret(deps: WriteDeps, userId: string, id: string): Promise<WebhookSubscriptionWithSecret> {
  const secret = newSecret();
  const row = found(await rotateSecret(deps.db, userId, webhookId(id), secret, deps.config.webhookSecretOverlapSeconds), id);
  return { ...presentSubscription(row), secret };
}

/** Makes one of the caller's subscriptions active again (after a 410 disabled it, or its owner did). Idempotent. */
export async function enableWebhook(deps: WriteDeps, userId: string, id: string): Promise<WebhookSubscription> {
  return presentSubscription(found(await enableSubscription(deps.db, userId, webhookId(id)), id));
}

/** Pauses one of the caller's subscriptions: no new events are queued for it until it is enabled. Idempotent. */
export async function disableWebhook(deps: WriteDeps, userId: string, id: string): Promise<WebhookSubscription> {
  return presentSubscription(found(await disableSubscription(deps.db, userId, webhookId(id)), id));
}
