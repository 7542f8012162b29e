import type { TObject, TSchema } from '@sinclair/typebox';
import { COMMA_LIST, type CommaListSpec } from '../../shared/schemas/job-search';

/** A JSON Schema as plain JSON, as MCP tool definitions carry it. */
export type JsonSchemaObject = { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown };

/** Keywords a tool schema leaves out: ids (MCP clients compile every tool's schema into one validator registry, where a repeated $id is an error) and examples (tokens the model pays for). */
const DROPPED = new Set(['$id', 'examples']);

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  // A comma-separated query parameter is an array of its values for a tool, as in the OpenAPI document.
  const list = record[COMMA_LIST] as CommaListSpec | undefined;
  if (list)
    return {
      type: 'array',
      items: strip(list.items),
      maxItems: list.maxItems,
      ...(record.description ? { description: record.description } : {}),
    };
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => !DROPPED.has(key))
      .map(([key, value]) => [key, strip(value)]),
  );
}

/**
 * The JSON Schema of a tool's input or output, from the TypeBox definition the HTTP route
 * validates with (or an object schema made of its properties): TypeBox's bookkeeping dropped
 * (JSON round trip), comma lists as arrays.
 */
export function toolSchema(schema: TSchema | JsonSchemaObject): JsonSchemaObject {
  const json = strip(JSON.parse(JSON.stringify(schema))) as JsonSchemaObject;
  if (json.type !== 'object') throw new Error('a tool schema must describe an object');
  return json;
}

/** An object schema of the given properties of a TypeBox object, plus others, for a tool's input. */
export function pickProperties(schema: TObject, names: readonly string[], extra: Record<string, TSchema> = {}): JsonSchemaObject {
  const required = new Set(schema.required ?? []);
  const properties: Record<string, TSchema> = {};
  for (const name of names) properties[name] = schema.properties[name];
  return toolSchema({
    type: 'object',
    properties: { ...properties, ...extra },
    required: names.filter((name) => required.has(name)),
    additionalProperties: false,
  });
}
