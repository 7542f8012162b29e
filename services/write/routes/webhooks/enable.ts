import { defineRoute } from '../../../../shared/http/route';
import { WebhookIdParam, WebhookSubscription } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { disableWebhook, enableWebhook } from '../../commands/webhooks-manage';
import type { WriteDeps } from '../../deps';
import { EXAMPLE_WEBHOOK, ONE_WEBHOOK_ERRORS } from './examples';

/** POST /agents/webhooks/{webhook_id}/enable (issue 31): active again, after a 410 (or its owner) disabled it. */
export function enableWebhookRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'enableWebhook',
    method: 'POST',
    path: '/agents/webhooks/{webhook_id}/enable',
    summary: 'Enable one of your webhook subscriptions',
    description:
      'Makes a disabled subscription active again (a receiver that answered 410 Gone disables its subscription): events that ' +
      'happen from now on are sent to it. Enabling an active subscription answers it unchanged. Checks: a valid key ' +
      "(401 unauthenticated), a subscription of yours (404 not_found, also for a malformed id or another user's subscription). " +
      'No request body.',
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: WebhookIdParam,
    responses: { 200: { description: 'The subscription, active', schema: WebhookSubscription, example: EXAMPLE_WEBHOOK } },
    errors: [...ONE_WEBHOOK_ERRORS],
    handle: async (ctx, { params, auth }) => {
      ctx.body = await enableWebhook(deps, auth.userId, params.webhook_id);
    },
  });
}

/** POST /agents/webhooks/{webhook_id}/disable (issue 31): paused by its owner. */
export function disableWebhookRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'disableWebhook',
    method: 'POST',
    path: '/agents/webhooks/{webhook_id}/disable',
    summary: 'Disable one of your webhook subscriptions',
    description:
      'Pauses the subscription: no event is queued for it until POST .../enable (events meanwhile are not sent later). Disabling a ' +
      'disabled subscription answers it unchanged. Checks: a valid key (401 unauthenticated), a subscription of yours ' +
      "(404 not_found, also for a malformed id or another user's subscription). No request body.",
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: WebhookIdParam,
    responses: {
      200: {
        description: 'The subscription, disabled',
        schema: WebhookSubscription,
        example: {
          ...EXAMPLE_WEBHOOK,
          status: 'disabled',
          disabled_reason: 'disabled by its owner',
          updated_at: '2026-11-27T12:00:00.000Z',
        },
      },
    },
    errors: [...ONE_WEBHOOK_ERRORS],
    handle: async (ctx, { params, auth }) => {
      ctx.body = await disableWebhook(deps, auth.userId, params.webhook_id);
    },
  });
}
