import etag from '@koa/etag';
import type { Middleware } from 'koa';
import { ifNoneMatchHolds } from './if-none-match';

/**
 * ETags on every successful GET (and HEAD) answer, and 304 Not Modified with no body when the
 * request's If-None-Match holds the current one: an agent that polls a job or a listing
 * downloads it again only when it changed. @koa/etag hashes the body, unless the route set a
 * tag of its own (a job's version: cheaper than hashing), and the request's If-None-Match is
 * compared with it (./if-none-match: whatever the request's Cache-Control says, which fetch sets
 * to no-cache on every conditional request). The tags are weak: the same JSON goes out plain or
 * compressed, and the bytes differ while the content does not. Other methods pass untouched.
 */
export function conditionalGet(): Middleware {
  const tag = etag({ weak: true });
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      await next();
      return;
    }
    await tag(ctx, async () => {
      await next();
      if (ctx.status >= 200 && ctx.status < 300 && isJsonObject(ctx.body)) {
        // Serialized once here, so the tag and the response share one JSON.stringify (the type
        // stays application/json, set when the object was assigned). Error objects stay as
        // they are, for the request log to read their code.
        ctx.body = JSON.stringify(ctx.body);
      }
    });
    if (ctx.status >= 200 && ctx.status < 300 && ifNoneMatchHolds(ctx.get('if-none-match'), ctx.response.get('etag'))) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}

/** A body Koa would serialize as JSON: an object that is neither a Buffer nor a stream. */
function isJsonObject(body: unknown): boolean {
  return body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}
