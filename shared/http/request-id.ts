import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id (the client's, when it sent a sane one) and echoes it on the response. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const sent = ctx.get('x-request-id');
    const id = SAFE_ID.test(sent) ? sent : randomUUID();
    ctx.state.requestId = id;
    ctx.set('x-request-id', id);
    await next();
  };
}
