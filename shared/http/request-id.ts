import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: the client's X-Request-Id when it is a plain token (it lands in logs), else a new one. */
export function requestIdFrom(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && SAFE_ID.test(sent) ? sent : randomUUID();
}

/** Gives every request an id (the client's, when it sent a sane one) and echoes it on the response. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const id = requestIdFrom(ctx.get('x-request-id'));
    ctx.state.requestId = id;
    ctx.set('x-request-id', id);
    await next();
  };
}
