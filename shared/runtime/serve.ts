import type http from 'node:http';
import { ConfigError } from '../config';
import type { Logger } from '../logger';
import { createHttpServer, type HttpTimeouts } from './http-server';
import { exitGracefullyOnSignal } from './shutdown';

/** A listening server: its URL, and `close` for the same graceful shutdown a signal starts. */
export interface Served {
  server: http.Server;
  url: string;
  close: () => Promise<void>;
}

/** A request listener, or a Koa app's callback(), which settles when the answer is sent. */
export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/**
 * Listens on `port` and shuts down gracefully on SIGTERM/SIGINT: stop accepting, let in-flight
 * requests finish, then run `onClose` (closing pools and clients). `timeouts` come from the
 * caller's config.
 */
export async function serve(
  handle: RequestHandler,
  port: number,
  logger: Logger,
  onClose: () => Promise<void>,
  timeouts: HttpTimeouts,
): Promise<Served> {
  // Koa answers a failed request itself (ctx.onerror); its promise rejects only when that answer
  // fails too, which is logged here rather than left to the unhandled-rejection exit.
  const handler: http.RequestListener = (req, res) => {
    const settled = handle(req, res);
    if (settled) settled.catch((err: unknown) => logger.error({ err }, 'request handler failed'));
  };
  const server = createHttpServer(handler, timeouts, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await onClose();
    })());
  exitGracefullyOnSignal(logger, close, 10_000);
  return { server, url, close };
}

/**
 * One line for a failed start: a bad setting names its variable, a taken port names the port (the
 * listen error carries it, so the configuration need not be loaded again), anything else its message.
 */
export function describeStartError(err: unknown): string {
  if (err instanceof ConfigError) return err.message;
  const { code, port } = err as { code?: string; port?: number };
  if (code === 'EADDRINUSE') return `Port ${port} is already in use — is the API already running? Stop it or set another port.`;
  return String((err as Error)?.message ?? err);
}
