import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AnyRoute } from './route';

/**
 * The operation a request will be dispatched to, found before dispatch so rate limits, metrics and
 * request logs can tell operations apart (their path template, tags and auth). Undefined for the
 * 404/405 answers of the fallback. mountRoutes names each router layer by its operationId, and the
 * router runs matching layers in order (the first handler answers), so the first named layer wins.
 */
export function findRoute(
  router: Router,
  byOperationId: ReadonlyMap<string, AnyRoute>,
  method: string,
  path: string,
): AnyRoute | undefined {
  for (const layer of router.match(path, method).pathAndMethod) {
    if (layer.methods.length > 0 && layer.name) return byOperationId.get(layer.name);
  }
  return undefined;
}

/** Sets `ctx.state.route` to the RouteDefinition that will answer the request (see findRoute). */
export function matchRoute(router: Router, routes: readonly AnyRoute[]): Middleware {
  const byOperationId = new Map(routes.map((route) => [route.operationId, route]));
  return async (ctx, next) => {
    ctx.state.route = findRoute(router, byOperationId, ctx.method, ctx.path);
    await next();
  };
}
