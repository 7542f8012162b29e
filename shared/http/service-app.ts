import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { compressResponses } from './compression';
import { conditionalGet } from './conditional-get';
import { cors } from './cors';
import { errorBoundary } from './error-boundary';
import type { HttpState } from './http-state';
import { countRequests } from './metrics';
import { rateLimit } from './rate-limit';
import { requestId } from './request-id';
import { requestLog } from './request-log';
import { mountRoutes, routeFallback, type AnyRoute } from './route';
import { matchRoute } from './route-match';
import { securityHeaders } from './security-headers';

/** What createServiceApp needs; each service passes its own routes. */
export interface ServiceAppOptions {
  logger: Logger;
  routes: readonly AnyRoute[];
  /** Metrics and rate-limit windows of the process (shared by the all-in-one's apps). */
  http: HttpState;
  /**
   * trustProxy: take the client address from X-Forwarded-For (TRUST_PROXY, behind a proxy only);
   * corsWriteOrigins: origins whose pages may call the operations that take an API key.
   */
  config: Pick<Config, 'trustProxy' | 'corsWriteOrigins'>;
  /** Routers of other apps whose paths count for 405 answers (the all-in-one gateway). */
  fallbackRouters?: readonly Router[];
  /** Endpoints of another protocol over HTTP that dispatch back through the API (/mcp): see ProtocolEndpoint. */
  endpoints?: readonly ProtocolEndpoint[];
}

/**
 * An endpoint that carries another protocol over HTTP at one fixed path (MCP's Streamable HTTP at
 * /mcp) and dispatches each of its calls back through the API's own routes. Its route goes through
 * the same request id, security headers, log, metrics, body limits and error boundary as any
 * other, with two differences, both because one request of it stands for calls of several
 * operations: it brings its own CORS policy (one path takes calls with and without a key), and it
 * is not rate limited itself (every call it dispatches is counted as the operation it is, so
 * counting the envelope too would count each call twice). It stays out of the OpenAPI document,
 * which describes the operations, not the protocols carrying them.
 */
export interface ProtocolEndpoint {
  route: AnyRoute;
  cors: Middleware;
}

/** The shared CORS middleware, except on an endpoint's path, where its own policy answers. */
function corsByPath(shared: Middleware, endpoints: readonly ProtocolEndpoint[]): Middleware {
  // By path rather than by matched route: a preflight (OPTIONS) matches no route, and a wrong
  // method on the endpoint's path still gets its CORS headers, so a page can read the 405.
  const own = new Map(endpoints.map((endpoint) => [endpoint.route.path, endpoint.cors]));
  return async (ctx, next) => {
    await (own.get(ctx.path) ?? shared)(ctx, next);
  };
}

/** The rate limits, skipped on the endpoints (see ProtocolEndpoint). */
function limitOperations(limit: Middleware, endpoints: readonly ProtocolEndpoint[]): Middleware {
  const exempt = new Set(endpoints.map((endpoint) => endpoint.route));
  return async (ctx, next) => {
    await (ctx.state.route && exempt.has(ctx.state.route) ? next() : limit(ctx, next));
  };
}

/**
 * The skeleton both services share: security headers, request id, response compression, request
 * log and metrics (outside the error boundary, so they see the final status), CORS, ETags and 304
 * answers for GET, the one error boundary, rate limits, the routes, and JSON 404/405 for
 * everything else. Returns the app and its router (the all-in-one process and the OpenAPI
 * document use the router to know what each service serves).
 */
export function createServiceApp({
  logger,
  routes,
  http,
  config: { trustProxy, corsWriteOrigins },
  fallbackRouters = [],
  endpoints = [],
}: ServiceAppOptions): { app: Koa; router: Router } {
  const app = new Koa();
  app.proxy = trustProxy;
  // Behind one proxy that appends to X-Forwarded-For, the last entry is the address it saw; the
  // entries before it are whatever the client sent. Rate limits count per this address.
  app.maxIpsCount = 1;
  // Errors are answered by the boundary; Koa's own printing would duplicate them.
  app.silent = true;
  // Strict: `/agents/jobs/` is not browse and `/agents/jobs/{id}/` is not get; only documented paths match.
  const router = new Router({ strict: true });
  const mounted = [...routes, ...endpoints.map((endpoint) => endpoint.route)];
  mountRoutes(router, mounted);
  app.use(securityHeaders());
  app.use(requestId());
  // Outside the boundary and the routes, so every body is compressed, error bodies included.
  app.use(compressResponses());
  app.use(matchRoute(router, mounted));
  app.use(requestLog(logger));
  app.use(countRequests(http.metrics));
  // Preflights are answered here: logged and counted as the 204 they are, never rate limited.
  // Outside the boundary, so error answers carry Access-Control-Allow-Origin too.
  app.use(corsByPath(cors({ router, routes, writeOrigins: corsWriteOrigins }), endpoints));
  // Inside the log and the metrics, so a 304 is recorded as one; outside the boundary, so only
  // successful answers get a tag.
  app.use(conditionalGet());
  app.use(errorBoundary(logger));
  app.use(limitOperations(rateLimit(http.rateLimits), endpoints));
  app.use(router.routes());
  app.use(routeFallback([router, ...fallbackRouters]));
  return { app, router };
}
