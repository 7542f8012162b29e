import type { WebhookDelivery, WebhookSubscription } from '../../../../shared/schemas/webhook';

/** A subscription of a recruiter's, for the OpenAPI document. */
export const EXAMPLE_WEBHOOK: WebhookSubscription = {
  id: '8c1f2e3d-4b5a-4c6d-9e7f-0a1b2c3d4e5f',
  url: 'https://hooks.example.com/job-board',
  events: ['application.created', 'application.withdrawn'],
  saved_search_id: null,
  status: 'active',
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:00:00.000Z',
};

/** A secret as create and rotate-secret show it (once). */
export const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** A delivered application.created event. */
export const EXAMPLE_DELIVERY: WebhookDelivery = {
  id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  event_type: 'application.created',
  status: 'delivered',
  attempts: 2,
  created_at: '2026-11-27T10:15:00.000Z',
  next_attempt_at: null,
  delivered_at: '2026-11-27T10:15:05.412Z',
  last_error: 'the receiver answered 503',
  payload: {
    type: 'application.created',
    timestamp: '2026-11-27T10:15:00.000Z',
    data: {
      application_id: '9b2d4e1f-3c5a-4f6b-8d7e-1a2b3c4d5e6f',
      job_id: '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70',
      job_title: 'Senior Backend Engineer',
      organization_id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      status: 'submitted',
      applicant: { user_id: '7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d', name: 'Ada Lovelace' },
      created_at: '2026-11-27T10:15:00.000Z',
      updated_at: '2026-11-27T10:15:00.000Z',
    },
  },
  attempt_log: [
    { attempt: 1, attempted_at: '2026-11-27T10:15:00.120Z', response_status: 503, error: 'the receiver answered 503', duration_ms: 84 },
    { attempt: 2, attempted_at: '2026-11-27T10:15:05.330Z', response_status: 200, error: null, duration_ms: 82 },
  ],
};

/** A test event just queued. */
export const EXAMPLE_TEST_DELIVERY: WebhookDelivery = {
  id: 'msg_2KWPC0dQ8hVvJ1r5mX3tYb7nE9a',
  event_type: 'webhook.test',
  status: 'pending',
  attempts: 0,
  created_at: '2026-11-27T09:01:00.000Z',
  next_attempt_at: '2026-11-27T09:01:00.000Z',
  delivered_at: null,
  last_error: null,
  payload: {
    type: 'webhook.test',
    timestamp: '2026-11-27T09:01:00.000Z',
    data: {
      subscription_id: EXAMPLE_WEBHOOK.id,
      message: 'A test event from the Job Listing Agent API: if its signature verifies, this endpoint is ready.',
    },
  },
  attempt_log: [],
};

/** Errors every operation on one subscription can answer. */
export const ONE_WEBHOOK_ERRORS = ['unauthenticated', 'not_found', 'unavailable', 'internal'] as const;
