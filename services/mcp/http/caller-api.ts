/*
 * How a tool called at /mcp reaches the API: as a request to the API's own handler, in process,
 * on behalf of the MCP caller. Not by calling the read and write services' public faces
 * (services/read, services/write): a tool call must be the operation it stands for, with the
 * same authentication (the caller's key), input validation, error objects and rate limits as
 * the same call over HTTP, and those live in the routes and the app's middleware, not in the
 * functions the routes call. A direct call would have to repeat each of them and would drift.
 * Dispatching through the handler costs no socket and no second parse of the MCP request, and
 * the tools stay one code path for both transports: the stdio server (npm run mcp) gives the
 * same client a fetch over the network instead. The client's request and answer types come from
 * the TypeBox schemas the routes validate with (../api-paths.ts), never from the generated client.
 */
import type http from 'node:http';
import type { Context } from 'koa';
import { createApiClient, type ApiClient } from '../api-client';
import { injectFetch } from './inject-fetch';

/** The caller's API key: x-api-key, or Authorization: Bearer (what MCP clients send). */
function apiKeyOf(req: http.IncomingMessage): string | undefined {
  const key = req.headers['x-api-key'];
  if (typeof key === 'string' && key.trim()) return key.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return bearer?.[1];
}

/**
 * The API as the tools of one /mcp request call it: `api` (the whole API's handler) with the
 * caller's key, from the caller's address (and X-Forwarded-For, which the API trusts only behind
 * a proxy), so its rate limits count the caller; and with the request's id, so the log lines of
 * the tool calls join the line of the /mcp request.
 */
export function callerApi(ctx: Context, api: http.RequestListener): ApiClient {
  const forwarded = ctx.req.headers['x-forwarded-for'];
  return createApiClient({
    // Never resolved: injectFetch hands the request to `api` by its path.
    baseUrl: 'http://api.internal',
    apiKey: apiKeyOf(ctx.req),
    fetch: injectFetch(api, {
      remoteAddress: ctx.req.socket.remoteAddress,
      headers: {
        'x-request-id': ctx.state.requestId as string,
        ...(typeof forwarded === 'string' ? { 'x-forwarded-for': forwarded } : {}),
      },
    }),
  });
}
