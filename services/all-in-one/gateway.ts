import type http from 'node:http';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Config } from '../../shared/config';
import { preflightMethod } from '../../shared/http/cors';
import { healthRoutes, type ReadinessChecks } from '../../shared/http/health-routes';
import type { HttpState } from '../../shared/http/http-state';
import { metricsRoute } from '../../shared/http/metrics-route';
import type { AnyRoute } from '../../shared/http/route';
import { createServiceApp, type ProtocolEndpoint } from '../../shared/http/service-app';
import type { Logger } from '../../shared/logger';
import { docsRoutes, withOpenApi } from '../../shared/openapi/api-docs-routes';
import { WHOLE_API } from '../../shared/openapi/document-info';

interface MountedApp {
  app: Koa;
  router: Router;
  /** The app's operations, for the whole API's OpenAPI document. */
  routes: readonly AnyRoute[];
}

/**
 * The path of a request target, as Koa reads it: "/p?q" in the usual origin form, and also in the
 * absolute form "http://host/p?q" that HTTP/1.1 servers must accept (RFC 9112, 3.2.2).
 */
export function targetPath(url: string): string {
  const query = url.indexOf('?');
  const target = query === -1 ? url : url.slice(0, query);
  if (target.startsWith('/')) return target;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(target);
  return absolute ? (absolute[1] ?? '/') : target;
}

/**
 * One base URL for the whole API: each request goes straight to the app whose router serves its
 * method and path (a map lookup, no proxying), a CORS preflight to the app that serves the method
 * it asks about. Health, docs, the endpoints (/mcp) and anything no app serves are answered by the
 * gateway itself, whose 404/405 know the paths of every app.
 */
export function createGateway(options: {
  logger: Logger;
  apps: MountedApp[];
  checks: ReadinessChecks;
  /** The state the apps share: the base URL's /metrics reports on all of them. */
  http: HttpState;
  /** The settings the gateway's own routes need, as each app's: proxy trust, metrics token, CORS origins. */
  config: Pick<Config, 'trustProxy' | 'metricsToken' | 'corsWriteOrigins'>;
  /** Endpoints of other protocols the gateway serves itself, through its own middleware (/mcp). */
  endpoints?: readonly ProtocolEndpoint[];
}): http.RequestListener {
  const gateway = createServiceApp({
    logger: options.logger,
    // The base URL's /openapi.json describes the whole API: the gateway's own routes and every app's.
    routes: withOpenApi(
      [...docsRoutes(), ...healthRoutes(options.checks), metricsRoute(options.http.metrics, options.config.metricsToken)],
      WHOLE_API,
      options.apps.flatMap((a) => a.routes),
    ),
    http: options.http,
    config: options.config,
    fallbackRouters: options.apps.map((a) => a.router),
    endpoints: options.endpoints,
  });
  const own = gateway.app.callback();
  const targets = options.apps.map((a) => ({ router: a.router, handle: a.app.callback() }));
  // Koa answers a failed request itself (ctx.onerror); its promise rejects only when that answer fails too.
  const settle = (handled: Promise<void>) => void handled.catch((err: unknown) => options.logger.error({ err }, 'request handler failed'));
  return (req, res) => {
    const path = targetPath(req.url ?? '/');
    // A CORS preflight goes to the app that serves the method it asks about: that app knows
    // whether the operation may be called from the page's origin.
    const method = preflightMethod(req.method, req.headers) ?? req.method ?? 'GET';
    if (!gateway.router.match(path, method).route) {
      for (const target of targets) if (target.router.match(path, method).route) return settle(target.handle(req, res));
    }
    settle(own(req, res));
  };
}
