import { defineRoute } from '../../../../shared/http/route';
import { WebhookIdParam, WebhookSubscriptionWithSecret } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { rotateWebhookSecret } from '../../commands/webhooks-manage';
import type { WriteDeps } from '../../deps';
import { EXAMPLE_SECRET, EXAMPLE_WEBHOOK, ONE_WEBHOOK_ERRORS } from './examples';

/** POST /agents/webhooks/{webhook_id}/rotate-secret (issue 31): a new signing secret, the old one signing on for a while. */
export function rotateWebhookSecretRoute(deps: WriteDeps) {
  const hours = Math.round((deps.config.webhookSecretOverlapSeconds / 3600) * 10) / 10;
  return defineRoute({
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/agents/webhooks/{webhook_id}/rotate-secret',
    summary: 'Rotate the signing secret of one of your webhook subscriptions',
    description:
      'Makes a new signing secret and answers it, this once. Until previous_secret_expires_at ' +
      `(${hours} hours here) deliveries carry two signatures in webhook-signature, one by each secret, so a receiver can switch ` +
      'to the new secret at its own pace; a secret rotated out before is dropped at once. Checks: a valid key ' +
      "(401 unauthenticated), a subscription of yours (404 not_found, also for a malformed id or another user's subscription). " +
      'No request body.',
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: WebhookIdParam,
    responses: {
      200: {
        description: 'The subscription with its new secret (shown this once)',
        schema: WebhookSubscriptionWithSecret,
        example: {
          ...EXAMPLE_WEBHOOK,
          previous_secret_expires_at: '2026-11-28T12:00:00.000Z',
          updated_at: '2026-11-27T12:00:00.000Z',
          secret: EXAMPLE_SECRET,
        },
      },
    },
    errors: [...ONE_WEBHOOK_ERRORS],
    handle: async (ctx, { params, auth }) => {
      ctx.body = await rotateWebhookSecret(deps, auth.userId, params.webhook_id);
    },
  });
}
