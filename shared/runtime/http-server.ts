import http from 'node:http';
import type { Logger } from '../logger';
import { answerClientErrors, MAX_HEADER_SIZE, type HttpTimeouts } from './client-errors';

export type { HttpTimeouts };

/** Longest wait between two checks for expired requests; Node's 30 s would let a trickler stay up to 30 s past its timeout. */
const MAX_CHECK_INTERVAL_MS = 1_000;

/**
 * The HTTP server every service listens with: the request timeouts, the header size limit, and JSON
 * answers for what Node's HTTP layer refuses before the handler runs. Not listening yet.
 */
export function createHttpServer(handler: http.RequestListener, timeouts: HttpTimeouts, logger: Logger): http.Server {
  const server = http.createServer(
    {
      // Above the 60 s idle timeout of common load balancers, so they never reuse a connection this side closed.
      keepAliveTimeout: 65_000,
      headersTimeout: timeouts.httpHeadersTimeoutMs,
      requestTimeout: timeouts.httpRequestTimeoutMs,
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.ceil(timeouts.httpHeadersTimeoutMs / 4)),
      maxHeaderSize: MAX_HEADER_SIZE.bytes,
    },
    handler,
  );
  answerClientErrors(server, logger, timeouts);
  return server;
}
