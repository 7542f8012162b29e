import { errors } from '../../../shared/errors';
import type { WebhookCreateRequest, WebhookSubscriptionWithSecret } from '../../../shared/schemas/webhook';
import { RECRUITER_EVENTS } from '../../../shared/webhooks/events';
import { newSecret } from '../../../shared/webhooks/signing';
import { resolveWebhookUrl } from '../../../shared/webhooks/url-policy';
import { queryableClient } from '../../../shared/db/queryable';
import type { Caller } from '../auth/authenticate';
import type { WriteDeps } from '../deps';
import { presentSubscription } from '../presenters/webhooks';
import { insertSubscription, isUsersSavedSearch, lockAndCountSubscriptions } from '../store/webhooks';

/**
 * Subscribes the caller to events (the body's own rules were checked with its schema), in this
 * order: recruiter events need a recruiter key (403), a saved_search_id must be one of the
 * caller's saved searches (400), the URL must pass the operator's policy after DNS resolution
 * (400 webhook_url_refused), and the caller must keep fewer than WEBHOOK_LIMIT subscriptions
 * (409 limit_reached, counted under a lock of the caller's row). Answers the new subscription with
 * its secret, the only time it is shown.
 */
export async function createWebhook(deps: WriteDeps, caller: Caller, body: WebhookCreateRequest): Promise<WebhookSubscriptionWithSecret> {
  const recruiterOnly = body.events.filter((e) => RECRUITER_EVENTS.includes(e));
  if (recruiterOnly.length > 0 && !caller.isRecruiter) {
    throw errors.forbidden(
      `Only recruiters may subscribe to ${recruiterOnly.join(', ')}: these events are about the jobs of a recruiter's organizations.`,
      'Subscribe with the API key of a recruiter account, or ask for job.matched only (the matches of your saved searches).',
    );
  }
  const savedSearchId = body.saved_search_id ?? null;
  if (savedSearchId !== null && !(await isUsersSavedSearch(deps.db, caller.userId, savedSearchId))) {
    throw errors.invalidRequest(
      `No saved search with id "${savedSearchId}" among yours.`,
      'Your saved searches and their ids are listed by GET /agents/saved-searches; leave saved_search_id out to hear of the matches of all of them.',
      [{ field: 'saved_search_id', message: 'is not one of your saved searches' }],
    );
  }
  // The URL is kept as sent: the worker resolves and checks it again before every attempt.
  await resolveWebhookUrl(body.url, {
    allowHttp: deps.config.webhookAllowHttp,
    allowPrivateAddresses: deps.config.webhookAllowPrivateAddresses,
  });
  const secret = newSecret();
  const row = await deps.db.transaction(async (client) => {
    const q = queryableClient(client);
    const count = await lockAndCountSubscriptions(q, caller.userId);
    if (count >= deps.config.webhookLimit) throw errors.limitReached('webhook subscriptions', deps.config.webhookLimit, '/agents/webhooks');
    return insertSubscription(q, { userId: caller.userId, url: body.url, events: body.events, savedSearchId, secret });
  });
  return { ...presentSubscription(row), secret };
}
