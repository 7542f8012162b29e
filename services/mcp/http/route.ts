import type http from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { defineRoute, type AnyRoute } from '../../../shared/http/route';
import { createMcpServer } from '../server';
import { callerApi } from './caller-api';

/** Where the Streamable HTTP transport answers, on the public base URL. */
const MCP_PATH = '/mcp';

/**
 * A JSON-RPC message as far as the route checks it: a JSON object (within the API's body limit).
 * The transport checks the rest and answers a bad message as JSON-RPC errors, which MCP clients read.
 */
const JsonRpcMessage = Type.Object({}, { additionalProperties: true });

/**
 * Hands the request to the transport, which writes the answer itself (ctx.respond = false), and
 * resolves once the answer is sent, so the request log and metrics see its status. Should the
 * transport fail before answering, Koa answers again and the error boundary makes it the 500.
 */
async function handOver(ctx: Context, transport: StreamableHTTPServerTransport, body: unknown): Promise<void> {
  const sent = new Promise<void>((resolve) => ctx.res.once('close', resolve));
  ctx.respond = false;
  try {
    await transport.handleRequest(ctx.req, ctx.res, body);
  } catch (err) {
    if (!ctx.res.headersSent) ctx.respond = true;
    throw err;
  }
  await sent;
}

/**
 * POST /mcp, the MCP Streamable HTTP endpoint, stateless: each POST is one JSON-RPC exchange with
 * a server made for it, whose tools call `api` (the whole API's handler, in process) as the caller
 * (caller-api.ts), so one instance or many behind a balancer answer alike. Without sessions there
 * is no server-to-client stream to open, so only POST is routed: GET and DELETE are the app's 405.
 */
export function mcpRoute(api: http.RequestListener): AnyRoute {
  return defineRoute({
    operationId: 'mcp',
    method: 'POST',
    path: MCP_PATH,
    summary: 'MCP Streamable HTTP endpoint (JSON-RPC)',
    tags: ['MCP'],
    body: JsonRpcMessage,
    responses: { 200: { description: 'The JSON-RPC answer' }, 202: { description: 'A notification, accepted' } },
    errors: [],
    handle: async (ctx, input) => {
      const server = createMcpServer(callerApi(ctx, api));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      ctx.res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await handOver(ctx, transport, input.body);
    },
  });
}
