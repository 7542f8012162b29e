import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import { toApiError } from './dependency-errors';

/**
 * The one place where errors become responses: every error, on every path, leaves as the JSON
 * error object with its status. Unknown errors become an opaque 500 and are logged with the
 * request id; their details never reach the client.
 */
export function errorBoundary(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const error = toApiError(thrown);
      const log = { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, code: error.code };
      if (error.status >= 500) logger.error({ ...log, err: error.cause ?? thrown }, 'request failed');
      else logger.debug(log, 'request rejected');
      ctx.status = error.status;
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      ctx.body = error.toBody();
    }
  };
}
