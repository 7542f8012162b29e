import type http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type Koa from 'koa';
import supertest from 'supertest';
import { checkResponse } from './contract';

/**
 * The HTTP client of the integration tests: supertest over the app's callback, with every
 * response checked against the OpenAPI document (./contract), so code and document cannot drift.
 * Every integration test talks to the services through this.
 */
export function httpClient(app: Koa | http.RequestListener) {
  return supertest(contractChecked(app));
}

/**
 * The app's handler with every response checked against the OpenAPI document: for tests that
 * must see the bytes on the wire, which supertest hides (it decompresses).
 */
export function contractChecked(app: Koa | http.RequestListener): http.RequestListener {
  const handler = typeof app === 'function' ? app : app.callback();
  return (req, res) => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    res.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: string | Uint8Array | (() => void), ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      checkResponse(req, res, decodedBody(res, Buffer.concat(chunks)));
      return end(chunk, ...rest);
    }) as typeof res.end;
    return handler(req, res);
  };
}

const DECODERS: Record<string, (wire: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/**
 * The body as the route wrote it, before the compression middleware encoded it for the wire (the
 * test client asks for gzip, as most clients do). A body that does not decode is passed on as it
 * came, and the contract check reports it as not JSON.
 */
function decodedBody(res: http.ServerResponse, wire: Buffer): Buffer {
  const decode = DECODERS[String(res.getHeader('content-encoding') ?? '').toLowerCase()];
  if (!decode) return wire;
  try {
    return decode(wire);
  } catch {
    return wire;
  }
}
