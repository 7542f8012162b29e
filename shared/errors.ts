/**
 * The error catalogue (DESIGN.md 9): every error the API answers is an ApiError with a stable code
 * and status, turned into the JSON error object by the one error middleware.
 */

export type ErrorCode =
  | 'invalid_request'
  | 'unknown_organization'
  | 'unknown_location'
  | 'unknown_project'
  | 'invalid_argument'
  | 'unauthenticated'
  | 'forbidden'
  | 'own_posting'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'already_applied'
  | 'job_inactive'
  | 'application_final'
  | 'embedding_pending'
  | 'precondition_failed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'headers_too_large'
  | 'resume_required'
  | 'idempotency_key_reused'
  | 'limit_reached'
  | 'webhook_url_refused'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

/** Status of each code; the OpenAPI document and the tests read this table too. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unknown_organization: 400,
  unknown_location: 400,
  unknown_project: 400,
  invalid_argument: 400,
  unauthenticated: 401,
  forbidden: 403,
  own_posting: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  already_applied: 409,
  job_inactive: 409,
  application_final: 409,
  embedding_pending: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  resume_required: 422,
  idempotency_key_reused: 422,
  limit_reached: 409,
  webhook_url_refused: 400,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** One problem in a request, naming the field it concerns. */
export interface ErrorDetail {
  field: string;
  message: string;
  [key: string]: unknown;
}

/** The optional parts of an ApiError; `headers` are set on its response, `cause` is logged, never sent. */
export interface ApiErrorOptions {
  hint?: string;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error meant for the client: code, status, message and an optional hint. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly hint?: string;
  readonly details?: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.hint = options.hint;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** The JSON error object of spec 2.7 (plus `details` where there is more than one problem). */
  toBody(): { code: ErrorCode; message: string; hint?: string; details?: ErrorDetail[] } {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint ? { hint: this.hint } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** The code of a request that breaks its schema: RPC calls answer invalid_argument. */
export type InvalidInputCode = 'invalid_request' | 'invalid_argument';

/** "a must be x; b is required": the problems of `details` in one line. */
function listProblems(details: readonly ErrorDetail[]): string {
  return details.map((d) => `${d.field} ${d.message}`).join('; ');
}

/** Factories for the errors the services raise; each states its usual message and hint. */
export const errors = {
  invalidRequest: (message: string, hint?: string, details?: ErrorDetail[]) => new ApiError('invalid_request', message, { hint, details }),
  /** Query parameters that break their schema or rules, each problem in `details`. */
  invalidQuery: (details: ErrorDetail[], code: InvalidInputCode = 'invalid_request') =>
    new ApiError(code, `Invalid query parameter${details.length > 1 ? 's' : ''}: ${listProblems(details)}.`, {
      hint: 'Fix the parameters named in details.',
      details,
    }),
  /** A JSON body that breaks its schema, each problem in `details`. */
  invalidBody: (details: ErrorDetail[], code: InvalidInputCode = 'invalid_request') =>
    new ApiError(code, `The request body is invalid: ${listProblems(details)}.`, { hint: 'Fix the fields named in details.', details }),
  /** A body that is JSON but not an object. */
  bodyNotAnObject: (code: InvalidInputCode = 'invalid_request') =>
    new ApiError(code, 'The request body must be a JSON object.', { hint: 'Send a JSON object, not an array or a scalar.' }),
  jobNotFound: (jobId: string) =>
    new ApiError('not_found', `No job with id "${jobId}".`, {
      hint: 'Job ids are UUIDs as returned by GET /agents/jobs or /agents/jobs/search.',
    }),
  routeNotFound: (method: string, path: string) =>
    new ApiError('not_found', `No route for ${method} ${path}.`, {
      hint: 'See GET /openapi.json for the operations this API offers.',
    }),
  methodNotAllowed: (method: string, allowed: string[]) =>
    new ApiError('method_not_allowed', `Method ${method} is not allowed here.`, {
      hint: `Use ${allowed.join(' or ')}.`,
      headers: { Allow: allowed.join(', ') },
    }),
  unauthenticated: (message = 'A valid API key is required.') =>
    new ApiError('unauthenticated', message, {
      hint: 'Send your API key in the x-api-key header; if you have none, ask the operator of this service for an API key.',
    }),
  forbidden: (message: string, hint?: string) => new ApiError('forbidden', message, { hint }),
  unknownOrganization: (id: string) =>
    new ApiError('unknown_organization', `No organization with id "${id}".`, {
      hint: 'Find organization ids with POST /organization.v1.OrganizationService/List.',
      details: [{ field: 'organization_id', message: 'does not exist' }],
    }),
  unknownLocation: (id: string) =>
    new ApiError('unknown_location', `No location with id "${id}".`, {
      hint: 'Find location ids with POST /location.v1.LocationService/List.',
      details: [{ field: 'location_id', message: 'does not exist' }],
    }),
  unknownProject: (id: string, organizationId: string) =>
    new ApiError('unknown_project', `No project with id "${id}" in organization "${organizationId}".`, {
      hint: "A job's project must be one of its organization's projects; leave project_id out if there is none.",
      details: [{ field: 'project_id', message: 'does not exist in this organization' }],
    }),
  jobInactive: (jobId: string, closedOn?: string) =>
    new ApiError('job_inactive', closedOn ? `Job ${jobId} closed on ${closedOn}.` : `Job ${jobId} is not active.`, {
      hint: 'Only active jobs take applications; find open ones with GET /agents/jobs or /agents/jobs/search.',
    }),
  jobClosed: (jobId: string) =>
    new ApiError('job_inactive', `Job ${jobId} is closed; a closed job cannot be edited.`, {
      hint: 'Closing is final: post the job again (POST /agents/jobs) to reopen it.',
    }),
  /** The If-Match of a change names another version of the job than the current one. */
  preconditionFailed: (jobId: string, current: string) =>
    new ApiError('precondition_failed', `Job ${jobId} has changed since the version your If-Match names (it is now ${current}).`, {
      hint: 'GET the job again, apply your change to what it holds now, and send it with the new ETag in If-Match.',
      details: [{ field: 'If-Match', message: 'does not match the current ETag', current_etag: current }],
    }),
  applicationNotFound: (applicationId: string) =>
    new ApiError('not_found', `No application with id "${applicationId}" among yours.`, {
      hint: 'Your applications and their ids are listed by GET /agents/applications.',
    }),
  applicationFinal: (applicationId: string, status: string) =>
    new ApiError('application_final', `Application ${applicationId} is ${status}; it can no longer be withdrawn.`, {
      hint: 'Only applications still under consideration (submitted, in_review, shortlisted) can be withdrawn.',
    }),
  /** Similar jobs of a job the embedding worker has not embedded yet (issue 30). */
  embeddingPending: (jobId: string, retryAfterSeconds = 5) =>
    new ApiError('embedding_pending', `Job ${jobId} has no vector yet: it was indexed moments ago and has not been embedded.`, {
      hint: `Retry after ${retryAfterSeconds} seconds (jobs are embedded within seconds of being indexed), or search with its title meanwhile.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  ownPosting: (jobId: string) =>
    new ApiError('own_posting', `Job ${jobId} was posted by the owner of this API key; nobody can apply to their own posting.`, {
      hint: 'Apply with the API key of the candidate, not the recruiter who created the job.',
    }),
  resumeRequired: () =>
    new ApiError('resume_required', 'The owner of this API key has no active resume on file.', {
      hint: 'Applying sends your active resume; ask the operator of this service to add a resume to your account and make it active, then apply again.',
    }),
  alreadyApplied: (jobId: string, applicationId: string) =>
    new ApiError('already_applied', `The owner of this API key already applied to job ${jobId}.`, {
      hint: `The existing application is ${applicationId}; each user applies to a job once.`,
      details: [{ field: 'job_id', message: 'already has an application from this user', application_id: applicationId }],
    }),
  idempotencyKeyReused: (key: string, jobId: string) =>
    new ApiError(
      'idempotency_key_reused',
      `Idempotency-Key "${key}" was already used with another request body (it created job ${jobId}).`,
      {
        hint: 'A retry must repeat the first request exactly; a new job needs a new Idempotency-Key.',
        details: [{ field: 'Idempotency-Key', message: 'was used with another request body', job_id: jobId }],
      },
    ),
  savedSearchNotFound: (id: string) =>
    new ApiError('not_found', `No saved search with id "${id}" among yours.`, {
      hint: 'Your saved searches and their ids are listed by GET /agents/saved-searches.',
    }),
  webhookNotFound: (id: string) =>
    new ApiError('not_found', `No webhook subscription with id "${id}" among yours.`, {
      hint: 'Your webhook subscriptions and their ids are listed by GET /agents/webhooks.',
    }),
  /** A user already keeps as many saved searches (or webhook subscriptions) as allowed. */
  limitReached: (what: 'saved searches' | 'webhook subscriptions', limit: number, listPath: string) =>
    new ApiError('limit_reached', `You already keep ${limit} ${what}, the most one user may.`, {
      hint: `Delete one you no longer need (list them with GET ${listPath}), then try again.`,
      details: [{ field: 'limit', message: `at most ${limit} ${what} per user`, limit }],
    }),
  /** A webhook URL this service will not send to: its scheme, or an address it resolves to. */
  webhookUrlRefused: (url: string, reason: string) =>
    new ApiError('webhook_url_refused', `Webhook URL "${url}" is refused: ${reason}.`, {
      hint: 'Give a public https URL whose host name resolves to public addresses only.',
      details: [{ field: 'url', message: reason }],
    }),
  payloadTooLarge: (limit: string) =>
    new ApiError('payload_too_large', `The request body is larger than ${limit}.`, {
      hint: 'Send a smaller body: split the content, or trim long text fields.',
    }),
  unsupportedMediaType: (got: string | undefined) =>
    new ApiError('unsupported_media_type', `Content-Type ${got ? `"${got}"` : '(none)'} is not supported.`, {
      hint: 'Send the body as JSON with Content-Type: application/json.',
    }),
  unsupportedContentEncoding: (encoding: string) =>
    new ApiError('unsupported_media_type', `Content-Encoding "${encoding}" is not supported.`, {
      hint: 'Send the body uncompressed, or compressed with gzip, deflate or br.',
    }),
  /** Refused by Node's HTTP parser: the request line and headers are over the server's limit. */
  headersTooLarge: (limit: string) =>
    new ApiError('headers_too_large', `The request line and headers are larger than ${limit}.`, {
      hint: `Shorten the URL (fewer or shorter query parameters) and the headers: together they must stay under ${limit}.`,
    }),
  /** Refused by Node's HTTP parser: bytes that are not HTTP/1.1, e.g. a space or a raw non-ASCII byte in the path. */
  malformedHttp: (reason: string) =>
    new ApiError('invalid_request', `The request is not valid HTTP/1.1: ${reason.replace(/\.$/, '')}.`, {
      hint: 'Percent-encode spaces, control characters and non-ASCII bytes in the path and query, and send each header as one "Name: value" line.',
    }),
  /** The headers, or the whole request, did not arrive within the server's time limit. */
  requestTimeout: (seconds: number, part: 'request' | 'headers' = 'request') =>
    new ApiError(
      'request_timeout',
      part === 'headers'
        ? `The request headers did not arrive within ${seconds} seconds.`
        : `The request did not arrive in full within ${seconds} seconds.`,
      {
        hint: 'Send the headers and the body without pausing, then retry on a new connection.',
      },
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError('rate_limited', 'Too many requests.', {
      hint: `Retry after ${retryAfterSeconds} seconds.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  unavailable: (dependency: string, retryAfterSeconds = 5, cause?: unknown) =>
    new ApiError('unavailable', `The service is temporarily unavailable (${dependency} does not answer).`, {
      hint: `Retry after ${retryAfterSeconds} seconds.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
      cause,
    }),
  internal: (cause?: unknown) =>
    new ApiError('internal', 'An unexpected error occurred.', {
      hint: 'Retry later; if it persists, report the x-request-id of this response.',
      cause,
    }),
};
