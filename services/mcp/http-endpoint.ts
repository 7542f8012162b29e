import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { errors, type ApiError } from '../../shared/errors';
import { requestIdFrom } from '../../shared/http/request-id';
import { SECURITY_HEADERS } from '../../shared/http/security-headers';
import type { Logger } from '../../shared/logger';
import { createApiClient } from './api-client';
import { mcpCors } from './cors';
import { injectFetch } from './inject-fetch';
import { createMcpServer } from './server';

/** Where the Streamable HTTP transport answers, on the public base URL. */
export const MCP_PATH = '/mcp';

/** The caller's API key: x-api-key, or Authorization: Bearer (what MCP clients send). */
export function apiKeyOf(req: http.IncomingMessage): string | undefined {
  const key = req.headers['x-api-key'];
  if (typeof key === 'string' && key.trim()) return key.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return bearer?.[1];
}

/**
 * What every answer of the API has, for /mcp too: its request id (the client's when sane), echoed
 * and logged once the answer is sent, and the security headers. The tools' API calls carry the
 * same id, so their log lines join this one.
 */
function traced(req: http.IncomingMessage, res: http.ServerResponse, logger: Logger): string {
  const started = performance.now();
  const requestId = requestIdFrom(req.headers['x-request-id']);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('x-request-id', requestId);
  res.on('finish', () => {
    const line = { requestId, method: req.method, route: MCP_PATH, path: MCP_PATH, status: res.statusCode, durationMs: Math.round((performance.now() - started) * 1000) / 1000 };
    if (res.statusCode >= 500) logger.error(line, 'request');
    else logger.info(line, 'request');
  });
  return requestId;
}

function answerError(res: http.ServerResponse, error: ApiError): void {
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', ...error.headers });
  res.end(JSON.stringify(error.toBody()));
}

/**
 * The MCP Streamable HTTP endpoint, stateless: each POST is one JSON-RPC exchange with a server
 * made for it, whose tools call `api` (the whole API's handler, in process) with the caller's key
 * and address, so one instance or many behind a balancer answer alike. Without sessions there is
 * no server-to-client stream to open, so GET and DELETE are 405.
 */
export function mcpEndpoint(api: http.RequestListener, logger: Logger, corsWriteOrigins: readonly string[] = []): http.RequestListener {
  const writeOrigins = new Set(corsWriteOrigins);
  return (req, res) => {
    const requestId = traced(req, res, logger);
    if (mcpCors(req, res, writeOrigins)) return;
    if (req.method !== 'POST') return answerError(res, errors.methodNotAllowed(req.method ?? 'GET', ['POST']));
    const forwarded = req.headers['x-forwarded-for'];
    const client = createApiClient({
      baseUrl: 'http://api.internal',
      apiKey: apiKeyOf(req),
      fetch: injectFetch(api, {
        remoteAddress: req.socket.remoteAddress,
        headers: { 'x-request-id': requestId, ...(typeof forwarded === 'string' ? { 'x-forwarded-for': forwarded } : {}) },
      }),
    });
    const server = createMcpServer(client);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((err: unknown) => {
        logger.error({ err }, 'MCP request failed');
        if (!res.headersSent) answerError(res, errors.internal(err));
      });
  };
}
