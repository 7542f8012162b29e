import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, errors } from '../errors';
import { SECURITY_HEADERS } from '../http/security-headers';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** How long a client may take over its headers and its whole request (config.httpHeadersTimeoutMs, httpRequestTimeoutMs). */
export type HttpTimeouts = Pick<Config, 'httpHeadersTimeoutMs' | 'httpRequestTimeoutMs'>;

/** Largest request line plus headers the parser takes (Node's default, set explicitly so the 431 says the truth). */
export const MAX_HEADER_SIZE = { bytes: 16 * 1024, text: '16 KiB' };

/**
 * How long a refused connection stays open after its answer, reading and dropping what the client
 * still sends. Closing a socket with unread input resets it, and a reset can discard the answer
 * before the client reads it (a 100 KB URL is still arriving when the parser gives up at 16 KiB).
 */
const LINGER_MS = 1_000;

/** An error of Node's HTTP layer: a parser error (HPE_*, with a reason) or a socket error. */
type ClientError = Error & { code?: string; reason?: string };

/**
 * The answer to an error of Node's HTTP layer, or undefined when there is nobody to answer: a
 * socket error (ECONNRESET, EPIPE) means the connection is already gone. `requestStarted` says
 * whether the headers had arrived, which tells the two timeouts apart (Node reports both alike).
 */
export function clientErrorAnswer(err: ClientError, requestStarted: boolean, timeouts: HttpTimeouts): ApiError | undefined {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return errors.headersTooLarge(MAX_HEADER_SIZE.text);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('payload_too_large', 'The chunk extensions of the request body are too large.', {
        hint: 'Send the body without chunk extensions.',
      });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return requestStarted
        ? errors.requestTimeout(timeouts.httpRequestTimeoutMs / 1000)
        : errors.requestTimeout(timeouts.httpHeadersTimeoutMs / 1000, 'headers');
    case undefined:
      return undefined;
  }
  if (err.code?.startsWith('HPE_')) return errors.malformedHttp(err.reason ?? err.message);
  return undefined;
}

/** The whole HTTP/1.1 response for an error, written straight to the socket (no request object exists to answer through). */
export function rawErrorResponse(error: ApiError, requestId: string): string {
  const body = JSON.stringify(error.toBody());
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
    ...SECURITY_HEADERS,
    ...error.headers,
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status]}\r\n${head}\r\n${body}`;
}

/**
 * Answers what Node's HTTP layer refuses before any handler runs (malformed bytes, oversized
 * headers, timeouts) with the same JSON error object and x-request-id as every other error, instead
 * of Node's empty default; then closes the connection. Sockets that cannot be written, or whose
 * response has already begun, are destroyed unanswered.
 */
export function answerClientErrors(server: http.Server, logger: Logger, timeouts: HttpTimeouts): void {
  // The parser reports every later chunk of a refused connection again; one answer is enough.
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (err: ClientError, socket: Duplex) => {
    if (answered.has(socket)) return;
    // Node's own default reads this internal too: the response in flight on the socket, if any.
    const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    const error = socket.writable && !inFlight?.headersSent ? clientErrorAnswer(err, Boolean(inFlight), timeouts) : undefined;
    if (!error) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const requestId = randomUUID();
    logger.info({ requestId, status: error.status, code: error.code, cause: err.code }, 'request refused by the HTTP layer');
    socket.end(rawErrorResponse(error, requestId));
    const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(linger));
  });
}
