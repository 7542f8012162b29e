/**
 * The MCP server's public face: /mcp as an endpoint of the API's app, and the tools it lists (the
 * OpenAPI document names them). stdio.ts (`npm run mcp`) is its other entry, run on its own.
 */
export { mcpEndpoint } from './http/endpoint';
export { TOOLS } from './tools';
