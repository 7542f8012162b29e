import type http from 'node:http';
import { PREFLIGHT_MAX_AGE_SECONDS, preflightMethod } from '../../shared/http/cors';

/** What a page may send to /mcp: the transport's own headers, and a key only from CORS_WRITE_ORIGINS. */
const PUBLIC_HEADERS = ['Content-Type', 'Accept', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-Id', 'X-Request-Id'];
const KEY_HEADERS = ['X-Api-Key', 'Authorization'];
const EXPOSED_HEADERS = ['X-Request-Id', 'Mcp-Session-Id', 'Retry-After'];

const sendsKey = (req: http.IncomingMessage) => Boolean(req.headers['x-api-key'] || req.headers.authorization);

/**
 * CORS for /mcp, by the API's rule (shared/http/cors): a page of any origin may use the tools
 * without a key, as it may call the public reads; with a key (x-api-key or Authorization) only
 * the origins of CORS_WRITE_ORIGINS. A preflight is answered here, 204, with the Allow headers when
 * the request it announces may be sent, without them otherwise (the browser then does not send
 * it). Returns true when it answered the request.
 */
export function mcpCors(req: http.IncomingMessage, res: http.ServerResponse, writeOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  const trusted = writeOrigins.has(origin);
  res.setHeader('Vary', 'Origin');
  const method = preflightMethod(req.method, req.headers);
  if (method === undefined) {
    if (!sendsKey(req) || trusted) {
      res.setHeader('Access-Control-Allow-Origin', trusted ? origin : '*');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    }
    return false;
  }
  const asked = String(req.headers['access-control-request-headers'] ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const wantsKey = asked.some((h) => KEY_HEADERS.some((k) => k.toLowerCase() === h));
  if (method === 'POST' && (!wantsKey || trusted)) {
    res.setHeader('Access-Control-Allow-Origin', trusted ? origin : '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    res.setHeader('Access-Control-Allow-Headers', [...PUBLIC_HEADERS, ...(trusted ? KEY_HEADERS : [])].join(', '));
    res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
  }
  res.writeHead(204);
  res.end();
  return true;
}
