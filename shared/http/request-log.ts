import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import { UNMATCHED_ROUTE } from './metrics';

/**
 * One JSON log line per request, once it is answered: request id, method, route (the operation's
 * path template), path, status, duration and, for errors, the error code. Nothing else of the
 * request is logged: no headers (x-api-key stays out) and no query string. 5xx answers log at
 * error level (the error boundary logs their cause beside), the rest at info.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const body = ctx.body as { code?: unknown } | null | undefined;
      const line = {
        requestId: ctx.state.requestId,
        method: ctx.method,
        route: ctx.state.route?.path ?? UNMATCHED_ROUTE,
        path: ctx.path,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        ...(ctx.status >= 400 && typeof body?.code === 'string' ? { code: body.code } : {}),
      };
      if (ctx.status >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
