import createClient, { type Client } from 'openapi-fetch';
import type { ApiPaths } from './api-paths';

/** The API as the MCP tools call it: openapi-fetch, typed by the operations they use. */
export type ApiClient = Client<ApiPaths>;

/** Where the API is, who calls it, and how. */
export interface ApiClientOptions {
  /** The API's base URL (a trailing slash is dropped). */
  baseUrl: string;
  /** The caller's API key, sent as x-api-key; reads need none. */
  apiKey?: string | undefined;
  /** A fetch of its own (the in-process transport of /mcp); globalThis.fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The tools' client of the API. Multi-value filters are arrays, sent as the routes read them: one
 * comma-separated value (style form, explode false). Every call answers `{ data, error, response }`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return createClient<ApiPaths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.apiKey ? { 'x-api-key': options.apiKey } : {},
    querySerializer: { array: { style: 'form', explode: false } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
