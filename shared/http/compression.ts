import type { Middleware } from 'koa';
import compress from 'koa-compress';
import { constants } from 'node:zlib';

/** Smaller bodies are sent as they are: compressing them saves too little to pay for itself. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses response bodies of 1 KiB or more for clients that accept it, preferring br, then
 * gzip, then deflate (koa-compress negotiates Accept-Encoding and sets Vary). A page of jobs is
 * repetitive JSON that shrinks several times over (`npm run bench -- response-size`), which counts
 * for agents polling over real networks. Brotli runs at quality 4: near gzip's speed, smaller
 * output; its default of 11 costs tens of milliseconds per page. Clients that send no
 * Accept-Encoding (curl without --compressed) get plain JSON.
 */
export function compressResponses(): Middleware {
  return compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    deflate: {},
  });
}
