import { defineRoute } from '../../../../shared/http/route';
import { WebhookIdParam, WebhookSubscription } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { getWebhook } from '../../commands/webhooks-manage';
import type { WriteDeps } from '../../deps';
import { EXAMPLE_WEBHOOK, ONE_WEBHOOK_ERRORS } from './examples';

/** GET /agents/webhooks/{webhook_id} (issue 31): one of the caller's subscriptions, without its secret. */
export function getWebhookRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'getWebhook',
    method: 'GET',
    path: '/agents/webhooks/{webhook_id}',
    summary: 'Get one of your webhook subscriptions',
    description:
      'The subscription, without its secret (shown only when created or rotated). Checks: a valid key (401 unauthenticated), ' +
      "a subscription of yours (404 not_found, also for a malformed id or another user's subscription).",
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: WebhookIdParam,
    responses: { 200: { description: 'The subscription', schema: WebhookSubscription, example: EXAMPLE_WEBHOOK } },
    errors: [...ONE_WEBHOOK_ERRORS],
    handle: async (ctx, { params, auth }) => {
      ctx.body = await getWebhook(deps, auth.userId, params.webhook_id);
    },
  });
}
