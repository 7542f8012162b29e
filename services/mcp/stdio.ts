import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Type } from '@sinclair/typebox';
import { loadEnv } from '../../shared/config';
import { createApiClient } from './api-client';
import { createMcpServer } from './server';

const StdioSettings = Type.Object({
  BASE_URL: Type.String({ format: 'url', must: 'be a URL', default: 'http://localhost:3000', description: 'the API the tools call' }),
  JLA_API_KEY: Type.Optional(Type.String({ writeOnly: true, description: 'the API key the tools send (reads need none)' })),
});

/**
 * `npm run mcp`: the MCP server over stdio, for an agent framework that starts it as a child
 * process. It calls the API at BASE_URL (default http://localhost:3000) with the key in
 * JLA_API_KEY (optional: reads need none). Stdout carries the protocol only; notes go to stderr.
 */
async function main(): Promise<void> {
  const { BASE_URL: baseUrl, JLA_API_KEY: apiKey } = loadEnv(StdioSettings);
  const server = createMcpServer(createApiClient({ baseUrl, apiKey }));
  await server.connect(new StdioServerTransport());
  console.error(
    `job-listing-agent-api MCP server on stdio, calling ${baseUrl}${apiKey ? ' with an API key' : ' without an API key (reads only)'}`,
  );
}

main().catch((err) => {
  console.error(`MCP server failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
