import Koa from 'koa';
import Router from '@koa/router';
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
import { mountRoutes, routeFallback, type RouteDefinition } from './route';
import { matchRoute } from './route-match';
import { securityHeaders } from './security-headers';

/** What createServiceApp needs; each service passes its own routes. */
export interface ServiceAppOptions {
  logger: Logger;
  routes: readonly RouteDefinition<any, any, any>[];
  /** Metrics and rate-limit windows of the process (shared by the all-in-one's apps). */
  http: HttpState;
  /** Take the client address from X-Forwarded-For (set TRUST_PROXY behind a proxy only). */
  trustProxy: boolean;
  /** Origins whose pages may call the operations that take an API key (config.corsWriteOrigins). */
  corsWriteOrigins: readonly string[];
  /** Routers of other apps whose paths count for 405 answers (the all-in-one gateway). */
  fallbackRouters?: readonly Router[];
}

/**
 * The skeleton both services share: security headers, request id, response compression, request
 * log and metrics (outside the error boundary, so they see the final status), CORS, ETags and 304
 * answers for GET, the one error boundary, rate limits, the routes, and JSON 404/405 for
 * everything else. Returns the app and its router (the all-in-one process and the OpenAPI
 * document use the router to know what each service serves).
 */
export function createServiceApp({ logger, routes, http, trustProxy, corsWriteOrigins, fallbackRouters = [] }: ServiceAppOptions): { app: Koa; router: Router } {
  const app = new Koa();
  app.proxy = trustProxy;
  // Behind one proxy that appends to X-Forwarded-For, the last entry is the address it saw; the
  // entries before it are whatever the client sent. Rate limits count per this address.
  app.maxIpsCount = 1;
  // Errors are answered by the boundary; Koa's own printing would duplicate them.
  app.silent = true;
  // Strict: `/agents/jobs/` is not browse and `/agents/jobs/{id}/` is not get; only documented paths match.
  const router = new Router({ strict: true });
  mountRoutes(router, routes);
  app.use(securityHeaders());
  app.use(requestId());
  // Outside the boundary and the routes, so every body is compressed, error bodies included.
  app.use(compressResponses());
  app.use(matchRoute(router, routes));
  app.use(requestLog(logger));
  app.use(countRequests(http.metrics));
  // Preflights are answered here: logged and counted as the 204 they are, never rate limited.
  // Outside the boundary, so error answers carry Access-Control-Allow-Origin too.
  app.use(cors({ router, routes, writeOrigins: corsWriteOrigins }));
  // Inside the log and the metrics, so a 304 is recorded as one; outside the boundary, so only
  // successful answers get a tag.
  app.use(conditionalGet());
  app.use(errorBoundary(logger));
  app.use(rateLimit(http.rateLimits));
  app.use(router.routes());
  app.use(routeFallback([router, ...fallbackRouters]));
  return { app, router };
}
