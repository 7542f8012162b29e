import { defineRoute } from '../../../../shared/http/route';
import { WebhookDelivery, WebhookIdParam } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { sendTestEvent } from '../../commands/webhooks-deliveries';
import type { WriteDeps } from '../../deps';
import { EXAMPLE_TEST_DELIVERY, ONE_WEBHOOK_ERRORS } from './examples';

/** POST /agents/webhooks/{webhook_id}/test (issue 31): queue a webhook.test event, to check a receiver end to end. */
export function testWebhookRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'testWebhook',
    method: 'POST',
    path: '/agents/webhooks/{webhook_id}/test',
    summary: 'Send a test event to one of your webhook subscriptions',
    description:
      'Queues a webhook.test event for the subscription and answers the delivery at once (202); the same queue and worker as ' +
      'every other event send it, signed, retried and logged alike, so GET .../deliveries shows how it went (on a disabled ' +
      'subscription it fails unsent: enable the subscription first). ' +
      'Checks: a valid key (401 unauthenticated), a subscription of yours (404 not_found, also for a malformed id or another ' +
      "user's subscription). No request body.",
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: WebhookIdParam,
    responses: { 202: { description: 'The test event, queued', schema: WebhookDelivery, example: EXAMPLE_TEST_DELIVERY } },
    errors: [...ONE_WEBHOOK_ERRORS],
    handle: async (ctx, { params, auth }) => {
      ctx.status = 202;
      ctx.body = await sendTestEvent(deps, auth.userId, params.webhook_id);
    },
  });
}
