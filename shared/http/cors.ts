import koaCors from '@koa/cors';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { findRoute } from './route-match';
import type { AnyRoute } from './route';

/**
 * Who may read an operation's answers from a browser page of another origin:
 * - `public`: any origin, without credentials (the reads, the RPC lists, health and docs: anyone
 *   may call them with curl, so a browser may too);
 * - `keyed`: the operations that take an API key, only from the origins of CORS_WRITE_ORIGINS
 *   (none by default: a key belongs on a server, and a site that puts one in a page says so);
 * - `closed`: operations with credentials of another kind (the metrics token), never.
 */
export type CorsPolicy = 'public' | 'keyed' | 'closed';

/** The policy of an operation (see CorsPolicy); requests no operation answers (404, 405) are public. */
export function corsPolicy(route: AnyRoute | undefined): CorsPolicy {
  if (route?.auth === 'apiKey') return 'keyed';
  if (route?.authenticate) return 'closed';
  return 'public';
}

/** How long a browser may reuse a preflight answer, in seconds (Chromium caps it at 7200). */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Request headers a page may send to any operation (besides those browsers always allow). */
const BASE_REQUEST_HEADERS = ['Content-Type', 'Content-Encoding', 'If-None-Match', 'X-Request-Id'];

/** Response headers a page may read (browsers hide all but a few unless listed). */
const BASE_RESPONSE_HEADERS = ['X-Request-Id', 'ETag', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/**
 * The method a CORS preflight asks about: a request is a preflight when it is OPTIONS with both
 * Origin and Access-Control-Request-Method (Fetch standard); anything else is undefined.
 */
export function preflightMethod(method: string | undefined, headers: Record<string, string | string[] | undefined>): string | undefined {
  if (method !== 'OPTIONS' || !headers.origin) return undefined;
  const asked = headers['access-control-request-method'];
  return typeof asked === 'string' && asked.trim() ? asked.trim().toUpperCase() : undefined;
}

function unique(values: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const value of values) if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  return [...seen.values()];
}

/** The @koa/cors middleware of one policy, its lists derived from the routes under it. */
function policyMiddleware(routes: readonly AnyRoute[], origin: string | ((ctx: Context) => string)): Middleware {
  const methods = unique(routes.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])));
  const requestHeaders = routes.flatMap((r) => [...(r.auth === 'apiKey' ? ['X-Api-Key'] : []), ...Object.keys(r.requestHeaders ?? {})]);
  const responseHeaders = routes.flatMap((r) => Object.values(r.responses).flatMap((response) => Object.keys(response.headers ?? {})));
  return koaCors({
    origin,
    credentials: false,
    allowMethods: methods,
    allowHeaders: unique([...BASE_REQUEST_HEADERS, ...requestHeaders]),
    exposeHeaders: unique([...BASE_RESPONSE_HEADERS, ...responseHeaders]),
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  }) as Middleware;
}

/**
 * CORS for the routes of one app (see CorsPolicy). A preflight is answered here, before rate
 * limits and routes, always 204: with the Access-Control-Allow-* headers when the operation it
 * asks about may be called from that origin, without them otherwise (the browser then refuses to
 * send the request). A preflight is never rate limited, and never a 404 or 405 in the metrics.
 * OPTIONS without the preflight headers goes on to the routes (405). Actual requests get
 * Access-Control-Allow-Origin and -Expose-Headers before the error boundary runs, so the page
 * can read error answers too. Needs `ctx.state.route` (matchRoute) for actual requests.
 */
export function cors(options: { router: Router; routes: readonly AnyRoute[]; writeOrigins: readonly string[] }): Middleware {
  const byOperationId = new Map(options.routes.map((route) => [route.operationId, route]));
  const allowed = new Set(options.writeOrigins);
  const under = (policy: CorsPolicy) => options.routes.filter((route) => corsPolicy(route) === policy);
  const policies: Record<CorsPolicy, Middleware | undefined> = {
    public: policyMiddleware(under('public'), '*'),
    // The origin is echoed only when listed; '' makes @koa/cors add nothing.
    keyed:
      allowed.size > 0 ? policyMiddleware(under('keyed'), (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : '')) : undefined,
    closed: undefined,
  };
  const noop = () => Promise.resolve();
  return async (ctx, next) => {
    const asked = preflightMethod(ctx.method, ctx.headers);
    if (asked) {
      const route = findRoute(options.router, byOperationId, asked, ctx.path);
      const policy = route && policies[corsPolicy(route)];
      if (policy) await policy(ctx, noop);
      ctx.status = 204;
      return;
    }
    const policy = policies[corsPolicy(ctx.state.route)];
    await (policy ? policy(ctx, next) : next());
  };
}
