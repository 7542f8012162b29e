import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Type, type TUnsafe } from '@sinclair/typebox';
import { API_VERSION } from '../../shared/openapi/document-types';
import { describeErrors, validatorFor } from '../../shared/schemas/ajv';
import type { ApiClient } from './api-client';
import type { ToolDefinition } from './tool';
import { toolError } from './tool-result';
import { TOOLS } from './tools';

/** What the server tells a client at initialize: the shape of a session, in three sentences. */
const INSTRUCTIONS =
  'Find jobs with search_jobs (keywords) or browse_jobs (newest, by filters); both answer compact pages with a next_cursor to page on. ' +
  'Read one posting in full with get_job; resolve organization and location names to ids with list_organizations and list_locations. ' +
  'To be told of new jobs rather than search again, save_search once and call get_new_matches later: it returns each new match once. ' +
  'apply_to_job and create_job act for the owner of the API key this server was given.';

/** The tools/list answer: the same for every request, while /mcp makes a server per request, so built once. */
const TOOL_LIST = {
  tools: TOOLS.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
    name,
    title,
    description,
    inputSchema,
    outputSchema,
    annotations,
  })),
};

const inputSchemas = new WeakMap<ToolDefinition, TUnsafe<Record<string, unknown>>>();

/**
 * A tool's input schema as the TypeBox type validatorFor takes: Type.Unsafe wraps the plain JSON
 * Schema, once per tool, so validatorFor (whose cache keys on the schema object) compiles it once.
 */
function inputSchema(tool: ToolDefinition): TUnsafe<Record<string, unknown>> {
  let schema = inputSchemas.get(tool);
  if (!schema) inputSchemas.set(tool, (schema = Type.Unsafe<Record<string, unknown>>(tool.inputSchema)));
  return schema;
}

/** Checks a call's arguments against the tool's input schema (defaults filled in), as the HTTP API checks its input. */
function checkArguments(tool: ToolDefinition, args: Record<string, unknown>): CallToolResult | undefined {
  const validate = validatorFor(inputSchema(tool));
  if (validate(args)) return undefined;
  const details = describeErrors(validate.errors);
  return toolError({
    code: 'invalid_request',
    message: `Invalid arguments: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}.`,
    hint: `Fix the arguments named in details; ${tool.name}'s input schema lists them.`,
    details,
  });
}

/**
 * Runs the tool; an API that cannot be reached (stdio server pointed at a stopped or wrong base
 * URL) is an `unavailable` result the model can report, not a protocol error.
 */
async function callApi(tool: ToolDefinition, api: ApiClient, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    return await tool.call(api, args);
  } catch (err) {
    return toolError({
      code: 'unavailable',
      message: `The Job Listing API did not answer (${err instanceof Error ? err.message : String(err)}).`,
      hint: 'Retry in a few seconds; if it persists, ask the operator of this MCP server to check the API it points to.',
    });
  }
}

/**
 * An MCP server whose tools call the API through `api` (its base URL and key set by the
 * transport). Tools are listed with JSON Schemas from the HTTP routes' TypeBox definitions;
 * each call answers structuredContent and a short text, or an isError result with the error object.
 */
export function createMcpServer(api: ApiClient): Server {
  const server = new Server(
    { name: 'job-listing-agent-api', title: 'Job Listing Agent API', version: API_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => TOOL_LIST);
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) {
      return toolError({
        code: 'not_found',
        message: `No tool named "${request.params.name}".`,
        hint: `Use one of: ${TOOLS.map((t) => t.name).join(', ')}.`,
      });
    }
    const args = { ...(request.params.arguments ?? {}) };
    return checkArguments(tool, args) ?? (await callApi(tool, api, args));
  });
  return server;
}
