import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api-types.js';

export type { components, operations, paths } from './api-types.js';

/** The Job of public reads (browse, search, get). */
export type Job = components['schemas']['Job'];
/** A Job in a page of browse or search: the chosen fields, `id` always, `snippet` when asked for. */
export type JobInPage = components['schemas']['JobInPage'];
/** A page of browse or search. */
export type JobSearchResult = components['schemas']['JobSearchResult'];
/** The error object of every failed request: code, message, hint, details. */
export type ApiErrorBody = components['schemas']['Error'];

/** A typed client of the Job Listing Agent API (openapi-fetch over the generated types). */
export type JobListingClient = Client<paths>;

/** Where the API is and who calls it. */
export interface JobListingClientOptions {
  /** The API's base URL, e.g. https://jobs.example (no trailing path). */
  baseUrl: string;
  /** An API key, for writes; reads need none. Server-side use only. May be undefined, so an unset env variable type-checks. */
  apiKey?: string | undefined;
  /** A fetch of your own (tests, proxies, in-process transports); globalThis.fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request, besides the key. */
  headers?: Record<string, string>;
}

/**
 * A client of the API. Multi-value filters are arrays (`job_types: ['full_time', 'contract']`),
 * sent as the document says, one comma-separated value (style form, explode false). Every call
 * answers `{ data, error, response }`: `data` on 2xx, `error` (code, message, hint) on 4xx/5xx.
 * A 304 comes only to a request that sent If-None-Match and has neither: check `response.status`.
 */
export function createJobListingClient(options: JobListingClientOptions): JobListingClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) },
    querySerializer: { array: { style: 'form', explode: false } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
