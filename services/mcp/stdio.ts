import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiClient } from './api-client';
import { createMcpServer } from './server';

/**
 * `npm run mcp`: the MCP server over stdio, for an agent framework that starts it as a child
 * process. It calls the API at BASE_URL (default http://localhost:3000) with the key in
 * JLA_API_KEY (optional: reads need none). Stdout carries the protocol only; notes go to stderr.
 */
async function main(): Promise<void> {
  const baseUrl = process.env.BASE_URL?.trim() || 'http://localhost:3000';
  const apiKey = process.env.JLA_API_KEY?.trim() || undefined;
  const server = createMcpServer(createApiClient({ baseUrl, apiKey }));
  await server.connect(new StdioServerTransport());
  console.error(`job-listing-agent-api MCP server on stdio, calling ${baseUrl}${apiKey ? ' with an API key' : ' without an API key (reads only)'}`);
}

main().catch((err) => {
  console.error(`MCP server failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
