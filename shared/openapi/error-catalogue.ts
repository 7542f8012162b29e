import { errors, type ApiError, type ErrorCode } from '../errors';

const SAMPLE_JOB = '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70';
const SAMPLE_ORG = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const SAMPLE_LOCATION = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const SAMPLE_PROJECT = 'a8098c1a-f86e-41da-80a7-3e1fb1b0a1f2';
const SAMPLE_APPLICATION = '9b2d4e1f-3c5a-4f6b-8d7e-1a2b3c4d5e6f';

/**
 * What each error code means and an example of it, built with the same factories the services
 * throw, so the documented messages are the real ones. Typed by ErrorCode: a code added to the
 * catalogue does not compile until it is documented here.
 */
export const ERROR_CATALOGUE: Record<ErrorCode, { meaning: string; example: () => ApiError }> = {
  invalid_request: {
    meaning:
      'the request is malformed: unknown or bad parameters, a body that is not JSON or breaks the schema (`details` names each field)',
    example: () => errors.invalidQuery([{ field: 'limit', message: 'must be <= 100' }]),
  },
  unknown_organization: { meaning: '`organization_id` names no organization', example: () => errors.unknownOrganization(SAMPLE_ORG) },
  unknown_location: { meaning: '`location_id` names no location', example: () => errors.unknownLocation(SAMPLE_LOCATION) },
  unknown_project: {
    meaning: "`project_id` names no project of the job's organization",
    example: () => errors.unknownProject(SAMPLE_PROJECT, SAMPLE_ORG),
  },
  invalid_argument: {
    meaning: 'an RPC request is malformed (the RPC name for invalid_request)',
    example: () => errors.invalidBody([{ field: 'pagination.pagination.limit', message: 'must be <= 100' }], 'invalid_argument'),
  },
  unauthenticated: {
    meaning: 'the x-api-key header is missing, unknown or revoked (on /metrics: the bearer token is missing or wrong)',
    example: () => errors.unauthenticated('The x-api-key header is missing.'),
  },
  forbidden: {
    meaning: "the key's user may not do this (not a recruiter, or not a member of the organization)",
    example: () => errors.forbidden('Only recruiters can create jobs.', 'Ask an operator to mark your user as a recruiter.'),
  },
  own_posting: { meaning: "the key's user created this job", example: () => errors.ownPosting(SAMPLE_JOB) },
  not_found: {
    meaning: 'no job with this id (also for a malformed id), no application of yours with this id, or no such route',
    example: () => errors.jobNotFound(SAMPLE_JOB),
  },
  method_not_allowed: {
    meaning: 'the path exists under another method (see the Allow header)',
    example: () => errors.methodNotAllowed('PUT', ['GET']),
  },
  request_timeout: {
    meaning:
      'the headers (15 s) or the whole request (30 s) did not arrive in time; the connection is closed (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS)',
    example: () => errors.requestTimeout(30),
  },
  already_applied: {
    meaning: "the key's user already applied to this job (details name the application)",
    example: () => errors.alreadyApplied(SAMPLE_JOB, SAMPLE_APPLICATION),
  },
  job_inactive: {
    meaning: 'the job is not active (closed, or its closing date has passed): it takes no applications; a closed job takes no edits either',
    example: () => errors.jobInactive(SAMPLE_JOB, '2026-01-31'),
  },
  application_final: {
    meaning: 'the application was already decided (rejected or hired) and can no longer be withdrawn',
    example: () => errors.applicationFinal(SAMPLE_APPLICATION, 'hired'),
  },
  embedding_pending: {
    meaning: 'similar jobs of a job that has no vector yet (indexed moments ago, not embedded yet); `Retry-After` says when to ask again',
    example: () => errors.embeddingPending(SAMPLE_JOB),
  },
  precondition_failed: {
    meaning:
      'the If-Match header names another version of the job than the current one (someone changed it since you read it); details give the current ETag',
    example: () => errors.preconditionFailed(SAMPLE_JOB, 'W/"v4-open"'),
  },
  payload_too_large: { meaning: 'the body is over 256 KiB', example: () => errors.payloadTooLarge('256 KiB') },
  unsupported_media_type: {
    meaning:
      'the body is not sent as JSON (application/json or another application/*+json type), or in a Content-Encoding other than gzip, deflate or br',
    example: () => errors.unsupportedMediaType('text/plain'),
  },
  headers_too_large: {
    meaning: 'the request line and headers are over 16 KiB (a very long URL or header); the connection is closed',
    example: () => errors.headersTooLarge('16 KiB'),
  },
  resume_required: { meaning: "the key's user has no active resume", example: () => errors.resumeRequired() },
  idempotency_key_reused: {
    meaning: 'the Idempotency-Key was used in the last 24 hours with another request body (details name the job it created)',
    example: () => errors.idempotencyKeyReused('order-7f3a', SAMPLE_JOB),
  },
  limit_reached: {
    meaning: 'the user already keeps as many saved searches or webhook subscriptions as allowed (details give the limit); delete one first',
    example: () => errors.limitReached('saved searches', 100, '/agents/saved-searches'),
  },
  webhook_url_refused: {
    meaning:
      'a webhook URL this service will not call: not https (unless the operator allows http), or its host resolves to a loopback, private, link-local or metadata address',
    example: () => errors.webhookUrlRefused('https://10.0.0.7/hooks', 'its host resolves to 10.0.0.7, a private address'),
  },
  rate_limited: { meaning: 'too many requests; retry after the Retry-After seconds', example: () => errors.rateLimited(30) },
  internal: { meaning: 'an unexpected failure; report the x-request-id', example: () => errors.internal() },
  unavailable: {
    meaning: 'a dependency (Postgres or Elasticsearch) does not answer; retry after the Retry-After seconds',
    example: () => errors.unavailable('Elasticsearch'),
  },
};
