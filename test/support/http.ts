import type http from 'node:http';
import type Koa from 'koa';
import supertest from 'supertest';
import { checkResponse } from './contract';

/**
 * The HTTP client of the integration tests: supertest over the app's callback, with every
 * response checked against the OpenAPI document (./contract), so code and document cannot drift.
 * Every integration test talks to the services through this.
 */
export function httpClient(app: Koa | http.RequestListener) {
  const handler = typeof app === 'function' ? app : app.callback();
  const checked: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: any[]) => boolean;
    const end = res.end.bind(res) as (...args: any[]) => http.ServerResponse;
    res.write = ((chunk: any, ...rest: any[]) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: any, ...rest: any[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      checkResponse(req, res, Buffer.concat(chunks));
      return end(chunk, ...rest);
    }) as typeof res.end;
    return handler(req, res);
  };
  return supertest(checked);
}
