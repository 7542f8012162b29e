import { defineRoute } from '../../../../shared/http/route';
import { WebhookListQuery, WebhookSubscriptionList } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { listWebhooks } from '../../commands/webhooks-manage';
import type { WriteDeps } from '../../deps';
import { EXAMPLE_WEBHOOK } from './examples';

/** GET /agents/webhooks (issue 31): the caller's webhook subscriptions. */
export function listWebhooksRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/agents/webhooks',
    summary: 'List your webhook subscriptions',
    description:
      'The webhook subscriptions of the user who owns the API key, in the order they were made, without their secrets. ' +
      'Checks: a valid key (401 unauthenticated), valid parameters (400 invalid_request).',
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    query: WebhookListQuery,
    responses: {
      200: {
        description: 'A page of your subscriptions',
        schema: WebhookSubscriptionList,
        example: { webhooks: [EXAMPLE_WEBHOOK], pagination: { current_page: 1, total_pages: 1, total_items: 1 } },
      },
    },
    errors: ['unauthenticated', 'invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { query, auth }) => {
      ctx.body = await listWebhooks(deps, auth.userId, query);
    },
  });
}
