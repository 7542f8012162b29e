import type { TSchema } from '@sinclair/typebox';
import type { JsonSchema } from './document-types';

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'allOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `anyOf` of string (or number) constants, as TypeBox writes a union of literals, becomes an `enum`. */
function literalUnionAsEnum(schema: JsonSchema): JsonSchema {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length === 0) return schema;
  const literal = (m: unknown) => isObject(m) && 'const' in m && Object.keys(m).every((k) => k === 'const' || k === 'type');
  if (!members.every(literal)) return schema;
  const types = new Set(members.map((m) => (m as JsonSchema).type));
  if (types.size !== 1 || [...types][0] === undefined) return schema;
  const { anyOf: _, ...rest } = schema;
  return { type: [...types][0], enum: members.map((m) => (m as JsonSchema).const), ...rest };
}

/**
 * Turns TypeBox schemas into the schemas of the OpenAPI document (JSON Schema 2020-12, which
 * OpenAPI 3.1 uses as is): TypeBox's symbol keys dropped, every shape with a `$id` stored once in
 * components.schemas and referenced by `$ref`, literal unions written as enums (which viewers show
 * as a list of choices).
 */
export class SchemaComponents {
  /** components.schemas of the document, by name ($id). */
  readonly schemas: Record<string, JsonSchema> = {};

  /** The OpenAPI form of a schema; named shapes become references. */
  convert(schema: TSchema | JsonSchema): JsonSchema {
    // JSON round trip: TypeBox keeps its bookkeeping under symbol keys, which JSON drops.
    return this.walk(JSON.parse(JSON.stringify(schema)) as JsonSchema);
  }

  /** The component a reference made by `convert` points to. */
  resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    return this.schemas[ref.replace('#/components/schemas/', '')] ?? schema;
  }

  private walk(node: JsonSchema): JsonSchema {
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (SCHEMA_KEYWORDS.includes(key) && isObject(value)) out[key] = this.walk(value);
      else if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value))
        out[key] = value.map((v: unknown) => (isObject(v) ? this.walk(v) : v));
      else if (SCHEMA_MAP_KEYWORDS.includes(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, isObject(v) ? this.walk(v) : v]));
      } else out[key] = value;
    }
    if (typeof out.$ref === 'string' && !out.$ref.startsWith('#')) out.$ref = `#/components/schemas/${out.$ref}`;
    const normalized = literalUnionAsEnum(out);
    const id = normalized.$id;
    if (typeof id !== 'string') return normalized;
    const { $id: _, ...body } = normalized;
    this.register(id, body);
    return { $ref: `#/components/schemas/${id}` };
  }

  private register(name: string, body: JsonSchema): void {
    if (!COMPONENT_NAME.test(name)) throw new Error(`schema $id "${name}" is not a valid component name (letters, digits, . _ -)`);
    const known = this.schemas[name];
    if (known && JSON.stringify(known) !== JSON.stringify(body)) {
      throw new Error(`two different schemas share the $id "${name}": give each shape its own $id`);
    }
    this.schemas[name] = body;
  }
}
