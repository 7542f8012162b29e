/**
 * Whether a request's If-None-Match holds a response's entity tag, by the weak comparison
 * (RFC 9110 13.1.2: GET and HEAD compare weakly; `W/"x"` and `"x"` are the same tag). `*` holds
 * any tag. An origin server evaluates it whatever the request's Cache-Control says: `no-cache`
 * tells caches on the way to revalidate, which is just what a conditional request to the origin
 * does. (The `fresh` package that Koa's ctx.fresh uses answers "stale" for any `no-cache`, and
 * fetch, in browsers and in Node, adds `Cache-Control: no-cache` to every request that sets
 * If-None-Match by hand, so such a client never got its 304.)
 */
export function ifNoneMatchHolds(header: string | undefined, etag: string | undefined): boolean {
  if (!header || !etag) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}
