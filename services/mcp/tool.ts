import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from './api-client';
import type { JsonSchemaObject } from './tool-schema';

/** One MCP tool: what tools/list shows of it, and what tools/call runs. */
export interface ToolDefinition {
  name: string;
  title: string;
  /** Written for the model: what the tool is for, when to use another, its limits. */
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema: JsonSchemaObject;
  annotations: ToolAnnotations;
  /** Runs the tool with arguments that passed `inputSchema`, through the API's typed client. */
  call: (api: ApiClient, args: Record<string, unknown>) => Promise<CallToolResult>;
}

/** Annotations of a tool that only reads this API. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
