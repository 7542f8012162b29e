/**
 * The events a webhook subscription can ask for (issue 31), and the one JSON body every delivery
 * carries: `{ type, timestamp, data }`, written once when the event happens (the queue stores the
 * text, so every attempt signs the same bytes).
 *
 * Who receives what:
 * - `job.matched`: the subscriber's saved searches (the one named by saved_search_id, or all of
 *   the subscriber's when none is named) gained a job; inserted by the matcher.
 * - `application.created`, `application.withdrawn`, `job.closed`: every active subscription to the
 *   event whose owner is a recruiter and a member of the job's organization; inserted by the
 *   write service in the transaction of the change.
 * - `webhook.test`: sent on demand to one subscription (POST /agents/webhooks/{id}/test); it
 *   cannot be subscribed to.
 */

/** The events a subscription may list. */
export const WEBHOOK_EVENTS = ['job.matched', 'application.created', 'application.withdrawn', 'job.closed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The events about an organization's jobs and applications: only recruiters may subscribe to them. */
export const RECRUITER_EVENTS: readonly WebhookEvent[] = ['application.created', 'application.withdrawn', 'job.closed'];

/** The test event, sent by POST /agents/webhooks/{id}/test only. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every type a delivery can carry. */
export type WebhookEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT];

/** `data` of application.created and application.withdrawn. */
export interface ApplicationEventData {
  application_id: string;
  job_id: string;
  job_title: string;
  organization_id: string;
  /** The application's status after the event: submitted, or withdrawn. */
  status: string;
  applicant: { user_id: string; name: string };
  created_at: string;
  updated_at: string;
}

/** `data` of job.closed. */
export interface JobClosedEventData {
  job_id: string;
  title: string;
  organization_id: string;
  closed_at: string;
}

/** `data` of webhook.test. */
export interface TestEventData {
  subscription_id: string;
  message: string;
}

/** The body of every delivery. */
export interface WebhookEnvelope<D = unknown> {
  type: WebhookEventType;
  /** When the event happened (RFC 3339, UTC, milliseconds). */
  timestamp: string;
  data: D;
}

/** The JSON text of one event's body, as the queue stores it and every attempt sends it. */
export function eventPayload(type: WebhookEventType, data: unknown, at: Date | string): string {
  const timestamp = (typeof at === 'string' ? new Date(at) : at).toISOString();
  const envelope: WebhookEnvelope = { type, timestamp, data };
  return JSON.stringify(envelope);
}
