import { defineRoute } from '../../../../shared/http/route';
import { WebhookIdParam } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { deleteWebhook } from '../../commands/webhooks-manage';
import type { WriteDeps } from '../../deps';
import { ONE_WEBHOOK_ERRORS } from './examples';

/** DELETE /agents/webhooks/{webhook_id} (issue 31): unsubscribe. */
export function deleteWebhookRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/agents/webhooks/{webhook_id}',
    summary: 'Delete one of your webhook subscriptions',
    description:
      'Deletes the subscription with its deliveries: nothing more is sent to it, pending retries included. Checks: a valid key ' +
      "(401 unauthenticated), a subscription of yours (404 not_found, also for a malformed id, another user's subscription, or " +
      'one deleted already).',
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: WebhookIdParam,
    responses: { 204: { description: 'Deleted' } },
    errors: [...ONE_WEBHOOK_ERRORS],
    handle: async (ctx, { params, auth }) => {
      await deleteWebhook(deps, auth.userId, params.webhook_id);
      ctx.status = 204;
    },
  });
}
