import type { Middleware } from 'koa';

/**
 * The policy of every answer but the docs page: JSON and text load nothing and run nothing, so a
 * response opened in a browser, or one an attacker tricks a browser into rendering, can do
 * nothing, and no page may frame it. The docs page sets its own (DOCS_PAGE_CSP).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Headers that make browsers handle every answer as what it says it is: `nosniff` (a JSON or text
 * body is never run as a script or a page, whatever it contains), no framing (clickjacking of
 * /docs), no Referer leaking API URLs with their queries to other sites. Set before anything
 * runs, so errors carry them too; a route may replace the Content-Security-Policy (the docs page
 * does). HSTS is left to whatever terminates TLS: this process does not know it is behind one.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': API_CSP,
};

/** Sets SECURITY_HEADERS on every answer of the app. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(SECURITY_HEADERS);
    await next();
  };
}
