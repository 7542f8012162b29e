import type http from 'node:http';
import { inject } from 'light-my-request';

/** Who made the MCP request a tool call serves: the API counts its rate limits by that address. */
export interface Caller {
  remoteAddress?: string;
  /** Headers of the MCP request the API reads as if sent to it (X-Forwarded-For, behind a trusted proxy). */
  headers?: Record<string, string>;
}

/** Headers of a fetch Response from light-my-request's, repeated ones appended. */
function responseHeaders(raw: http.OutgoingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, String(value));
  }
  return headers;
}

/**
 * A fetch that hands each request to the API's request handler in this process, with no socket
 * and no second HTTP parse: the tools at /mcp call the same API, through the same validation,
 * authentication and rate limits, as a client over the network, from the MCP caller's address.
 */
export function injectFetch(handler: http.RequestListener, caller: Caller): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await inject(handler, {
      method: request.method as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: { ...caller.headers, ...Object.fromEntries(request.headers) },
      ...(payload ? { payload } : {}),
      ...(caller.remoteAddress ? { remoteAddress: caller.remoteAddress } : {}),
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: responseHeaders(res.headers) });
  };
}
