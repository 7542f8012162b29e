import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../../../shared/http/route';
import { prepareWebhookCreate, WebhookCreateRequest, WebhookSubscriptionWithSecret } from '../../../../shared/schemas/webhook';
import { authenticate } from '../../auth/authenticate';
import { createWebhook } from '../../commands/webhooks-create';
import type { WriteDeps } from '../../deps';
import { EXAMPLE_SECRET, EXAMPLE_WEBHOOK } from './examples';

/** POST /agents/webhooks (issue 31): subscribe a URL to events; the answer holds the signing secret, shown once. */
export function createWebhookRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'createWebhook',
    method: 'POST',
    path: '/agents/webhooks',
    summary: 'Subscribe a URL to events (webhook)',
    description:
      'Events are POSTed to the URL as JSON, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the ' +
      '`secret` of this answer, which is shown here only: keep it now (POST .../rotate-secret makes a new one). ' +
      'Checks, in this order: a valid key (401 unauthenticated), a JSON body that matches the schema (400 invalid_request: ' +
      'an unknown event, an event listed twice, saved_search_id without job.matched), recruiter events ' +
      '(application.created, application.withdrawn, job.closed) only with a recruiter key (403 forbidden), saved_search_id one of ' +
      'your saved searches (400 invalid_request), a URL this service may send to (400 webhook_url_refused: https only unless the ' +
      'operator allows http; a host that resolves to a loopback, private, link-local or metadata address is refused), fewer ' +
      'subscriptions than the per-user limit (409 limit_reached). job.matched without saved_search_id reports the matches of all ' +
      'your saved searches, those saved later included.',
    tags: ['Webhooks'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    body: WebhookCreateRequest,
    prepareBody: prepareWebhookCreate,
    responses: {
      201: {
        description: 'The subscription, with its signing secret (shown this once)',
        schema: WebhookSubscriptionWithSecret,
        headers: { Location: { description: 'URL of the subscription', schema: Type.String({ format: 'uri' }) } },
        example: { ...EXAMPLE_WEBHOOK, secret: EXAMPLE_SECRET },
      },
    },
    errors: [
      'unauthenticated',
      'unsupported_media_type',
      'payload_too_large',
      'invalid_request',
      'forbidden',
      'webhook_url_refused',
      'limit_reached',
      'unavailable',
      'internal',
    ],
    handle: async (ctx, { body, auth }) => {
      const created = await createWebhook(deps, auth, body);
      ctx.status = 201;
      ctx.set('Location', `${deps.config.baseUrl}/agents/webhooks/${created.id}`);
      ctx.body = created;
    },
  });
}
