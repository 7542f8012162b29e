import koaCors from '@koa/cors';
import type { Context, Middleware } from 'koa';
import { PREFLIGHT_MAX_AGE_SECONDS, preflightMethod } from '../../../shared/http/cors';

/** What a page may send to /mcp: the transport's own headers, and a key only from CORS_WRITE_ORIGINS. */
const PUBLIC_HEADERS = ['Content-Type', 'Accept', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-Id', 'X-Request-Id'];
const KEY_HEADERS = ['X-Api-Key', 'Authorization'];
const EXPOSED_HEADERS = ['X-Request-Id', 'Mcp-Session-Id', 'Retry-After'];

/** Whether the request sends a key, or, for a preflight, announces that the request it asks about will. */
function withKey(ctx: Context): boolean {
  if (!preflightMethod(ctx.method, ctx.headers)) return Boolean(ctx.get('x-api-key') || ctx.get('authorization'));
  const asked = ctx
    .get('access-control-request-headers')
    .split(',')
    .map((h) => h.trim().toLowerCase());
  return KEY_HEADERS.some((header) => asked.includes(header.toLowerCase()));
}

/** @koa/cors for POST /mcp with these request headers; an origin of '' makes it add nothing. */
function policy(allowHeaders: string[], origin: (ctx: Context) => string): Middleware {
  return koaCors({
    origin,
    credentials: false,
    allowMethods: ['POST'],
    allowHeaders,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  }) as Middleware;
}

/**
 * CORS for /mcp, by the API's rule (shared/http/cors.ts) applied per call rather than per route,
 * since one path carries every tool: a page of any origin may use the tools without a key, as it
 * may call the public reads; with a key (x-api-key or Authorization) only the origins of
 * CORS_WRITE_ORIGINS. A preflight is answered here, 204, with the Allow headers when the request
 * it announces may be sent, without them otherwise (the browser then does not send it); it is
 * never rate limited nor passed on. Mounted where the app's own CORS middleware runs.
 */
export function mcpCors(writeOrigins: readonly string[]): Middleware {
  const trusted = new Set(writeOrigins);
  const keyed = policy([...PUBLIC_HEADERS, ...KEY_HEADERS], (ctx) => ctx.get('Origin'));
  const open = policy(PUBLIC_HEADERS, (ctx) => (withKey(ctx) ? '' : '*'));
  // The `next` of a preflight answered here: nothing runs after the CORS middleware.
  const answered = () => Promise.resolve();
  return async (ctx, next) => {
    const chosen = trusted.has(ctx.get('Origin')) ? keyed : open;
    const asked = preflightMethod(ctx.method, ctx.headers);
    if (asked === undefined) {
      await chosen(ctx, next);
      return;
    }
    if (asked === 'POST') await chosen(ctx, answered);
    ctx.status = 204;
  };
}
