import { defineRoute } from '../../../../shared/http/route';
import { WebhookDeliveriesQuery, WebhookDeliveryList, WebhookIdParam } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { listWebhookDeliveries } from '../../commands/webhooks-deliveries';
import type { WriteDeps } from '../../deps';
import { EXAMPLE_DELIVERY } from './examples';

/** GET /agents/webhooks/{webhook_id}/deliveries (issue 31): what was sent, or is to be, and how each attempt went. */
export function webhookDeliveriesRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/agents/webhooks/{webhook_id}/deliveries',
    summary: 'List the deliveries of one of your webhook subscriptions',
    description:
      'The events queued for the subscription, newest first, each with its body, its state (pending, delivered, failed) and every ' +
      'attempt (when, the status that came back or what went wrong, how long it took). `status` narrows the list. Checks: a valid ' +
      "key (401 unauthenticated), a subscription of yours (404 not_found, also for a malformed id or another user's subscription), " +
      'valid parameters (400 invalid_request).',
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: WebhookIdParam,
    query: WebhookDeliveriesQuery,
    responses: {
      200: {
        description: 'A page of deliveries, newest first',
        schema: WebhookDeliveryList,
        example: { deliveries: [EXAMPLE_DELIVERY], pagination: { current_page: 1, total_pages: 1, total_items: 1 } },
      },
    },
    errors: ['unauthenticated', 'not_found', 'invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { params, query, auth }) => {
      ctx.body = await listWebhookDeliveries(deps, auth.userId, params.webhook_id, query);
    },
  });
}
