import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDetail } from '../errors';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEvent } from '../webhooks/events';
import { canonicalUuid, Pagination, Uuid } from './common';
import { OwnListPaging } from './recruiter-jobs';

/** The longest webhook URL kept (the table's bound). */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

const timestamp = (description: string) => Type.String({ format: 'date-time', description });
const nullableTimestamp = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

/** One subscribable event, as one string `enum` (a wrong value is reported once, with the choices). */
export const WebhookEventName = Type.Unsafe<WebhookEvent>(
  Type.String({
    enum: [...WEBHOOK_EVENTS],
    description:
      'job.matched (a saved search of yours gained a job), application.created and application.withdrawn (an application to a job of ' +
      'one of your organizations; recruiters only), job.closed (a job of one of your organizations was closed; recruiters only)',
  }),
);

/** Body of POST /agents/webhooks. */
export const WebhookCreateRequest = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: WEBHOOK_URL_MAX_LENGTH,
      description:
        'where events are POSTed: an https URL (http only where the operator allows it) whose host resolves to public addresses only',
      examples: ['https://hooks.example.com/job-board'],
    }),
    events: Type.Array(WebhookEventName, {
      minItems: 1,
      maxItems: WEBHOOK_EVENTS.length,
      description: 'the events to send, each once',
      examples: [['application.created', 'application.withdrawn']],
    }),
    saved_search_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          'with job.matched: only the matches of this saved search of yours; absent: the matches of all your saved searches, ' +
          'including those saved later',
      }),
    ),
  },
  {
    $id: 'WebhookCreateRequest',
    additionalProperties: false,
    examples: [{ url: 'https://hooks.example.com/job-board', events: ['application.created', 'application.withdrawn'] }],
  },
);
export type WebhookCreateRequest = Static<typeof WebhookCreateRequest>;

/**
 * Normalizes a create body in place (the URL trimmed, a null or empty saved_search_id dropped,
 * the id lowercased) and returns what the schema cannot say: an event listed twice, and a
 * saved_search_id without job.matched (it would never be used).
 */
export function prepareWebhookCreate(body: Record<string, unknown>): ErrorDetail[] {
  if (typeof body.url === 'string') body.url = body.url.trim();
  const search = body.saved_search_id;
  if (search === null || (typeof search === 'string' && search.trim() === '')) delete body.saved_search_id;
  else if (typeof search === 'string') body.saved_search_id = canonicalUuid(search.trim()) ?? search;
  const problems: ErrorDetail[] = [];
  if (Array.isArray(body.events)) {
    // One pass (a Set), not indexOf per item: a hostile body may list thousands of events.
    const [once, twice] = [new Set<string>(), new Set<string>()];
    for (const event of body.events) if (typeof event === 'string') (once.has(event) ? twice : once).add(event);
    for (const event of twice) problems.push({ field: 'events', message: `lists "${String(event)}" more than once; name each event once` });
    if (body.saved_search_id !== undefined && !body.events.includes('job.matched'))
      problems.push({
        field: 'saved_search_id',
        message: 'is only used by job.matched, which events does not list; add job.matched or leave saved_search_id out',
      });
  }
  return problems;
}

/** Path parameter of the operations on one subscription. */
export const WebhookIdParam = Type.Object({
  webhook_id: Type.String({ description: 'webhook subscription id (UUID); a malformed or unknown id answers 404 not_found' }),
});

/** A webhook subscription as its owner sees it; its secret is shown only by create and rotate-secret. */
export const WebhookSubscription = Type.Object(
  {
    id: Uuid,
    url: Type.String({ description: 'where events are POSTed' }),
    events: Type.Array(WebhookEventName, { description: 'the events sent to it' }),
    saved_search_id: Type.Union([Uuid, Type.Null()], {
      description: 'the saved search whose matches job.matched reports; null: all your saved searches',
    }),
    status: Type.Union([Type.Literal('active'), Type.Literal('disabled')], {
      description: 'active, or disabled (the receiver answered 410 Gone); POST .../enable makes it active again',
    }),
    disabled_reason: Type.Union([Type.String(), Type.Null()], { description: 'why it was disabled; null while active' }),
    previous_secret_expires_at: nullableTimestamp(
      'after a rotation, until when the previous secret still signs (each delivery carries a signature by each); null: one secret signs',
    ),
    created_at: timestamp('when it was created'),
    updated_at: timestamp('when it last changed (rotation, enabling, disabling)'),
  },
  { $id: 'WebhookSubscription', additionalProperties: false },
);
export type WebhookSubscription = Static<typeof WebhookSubscription>;

/** A subscription with its signing secret: the answer of create and rotate-secret, the only ones that show it. */
export const WebhookSubscriptionWithSecret = Type.Composite(
  [
    WebhookSubscription,
    Type.Object({
      secret: Type.String({
        pattern: '^whsec_[A-Za-z0-9+/=]{20,}$',
        description:
          'the signing secret (Standard Webhooks, whsec_ and base64): verify each delivery with it. Shown in this answer only; keep it now',
      }),
    }),
  ],
  { $id: 'WebhookSubscriptionWithSecret', additionalProperties: false },
);
export type WebhookSubscriptionWithSecret = Static<typeof WebhookSubscriptionWithSecret>;

/** Query of GET /agents/webhooks. */
export const WebhookListQuery = Type.Object({ ...OwnListPaging }, { additionalProperties: false });
export type WebhookListQuery = Static<typeof WebhookListQuery>;

/** Response of GET /agents/webhooks. */
export const WebhookSubscriptionList = Type.Object(
  { webhooks: Type.Array(WebhookSubscription), pagination: Pagination },
  { $id: 'WebhookSubscriptionList', additionalProperties: false },
);
export type WebhookSubscriptionList = Static<typeof WebhookSubscriptionList>;

/** The states of a delivery. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One attempt to deliver an event. */
export const WebhookDeliveryAttempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1, description: 'its number, from 1' }),
    attempted_at: timestamp('when it was sent'),
    response_status: Type.Union([Type.Integer({ minimum: 100, maximum: 599 }), Type.Null()], {
      description: "the receiver's HTTP status; null when none came (timeout, refused address, connection error)",
    }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'what went wrong; null for a 2xx' }),
    duration_ms: Type.Integer({ minimum: 0, description: 'how long it took' }),
  },
  { $id: 'WebhookDeliveryAttempt', additionalProperties: false },
);
export type WebhookDeliveryAttempt = Static<typeof WebhookDeliveryAttempt>;

/** One event for one subscription, with its attempts. */
export const WebhookDelivery = Type.Object(
  {
    id: Type.String({
      pattern: '^msg_[A-Za-z0-9]{20,40}$',
      description: 'the message id, sent as the webhook-id header on every attempt (drop a delivery whose id you have seen)',
    }),
    event_type: Type.Unsafe<string>(Type.String({ enum: [...WEBHOOK_EVENT_TYPES], description: 'the event' })),
    status: Type.Unsafe<DeliveryStatus>(
      Type.String({
        enum: [...DELIVERY_STATUSES],
        description: 'pending (to be attempted at next_attempt_at), delivered (a 2xx came back), failed (no more attempts)',
      }),
    ),
    attempts: Type.Integer({ minimum: 0, description: 'attempts made so far' }),
    created_at: timestamp('when the event was queued'),
    next_attempt_at: nullableTimestamp('when the next attempt is due; null unless pending'),
    delivered_at: nullableTimestamp('when a 2xx came back; null until then'),
    last_error: Type.Union([Type.String(), Type.Null()], { description: 'what went wrong in the last failed attempt' }),
    payload: Type.Object(
      {
        type: Type.String({ description: 'the event, as event_type' }),
        timestamp: Type.String({ format: 'date-time', description: 'when the event happened' }),
        data: Type.Unknown({ description: "the event's data (see the Webhooks section of the API guide)" }),
      },
      { additionalProperties: true, description: 'the JSON body sent (the exact bytes signed are the same JSON)' },
    ),
    attempt_log: Type.Array(WebhookDeliveryAttempt, { description: 'every attempt, first first' }),
  },
  { $id: 'WebhookDelivery', additionalProperties: false },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** Query of GET /agents/webhooks/{webhook_id}/deliveries. */
export const WebhookDeliveriesQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Unsafe<DeliveryStatus>(Type.String({ enum: [...DELIVERY_STATUSES], description: 'only deliveries in this state' })),
    ),
    ...OwnListPaging,
  },
  { additionalProperties: false },
);
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuery>;

/** Response of GET /agents/webhooks/{webhook_id}/deliveries. */
export const WebhookDeliveryList = Type.Object(
  { deliveries: Type.Array(WebhookDelivery), pagination: Pagination },
  { $id: 'WebhookDeliveryList', additionalProperties: false },
);
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;
