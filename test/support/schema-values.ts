import fc from 'fast-check';
import type { JsonSchema, OpenApiDocument } from '../../shared/openapi/document-types';
import { STORAGE_TROUBLE, oddText } from './hostile-text';

/**
 * Valid values from the JSON Schemas of the served OpenAPI document, so the fuzzers reach the
 * code behind validation too (a request that is wrong in one place and right everywhere else).
 * Ids come from the fuzz world, by the name of the field that takes them.
 */

/** What a valid value may be drawn from, besides the schema. */
export interface SchemaContext {
  document: OpenApiDocument;
  idsByField: Record<string, string[]>;
}

/** The schema a `$ref` names (only local references, as the document has). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  return resolveSchema(document, document.components.schemas[name] ?? {});
}

const WORDS = ['engineer', 'Backend', 'data', 'TypeScript', 'remote', 'Berlin', 'senior', 'a', 'ü'];

/** A string the schema accepts, or close to it (the schema's format decides). */
function validString(schema: JsonSchema, name: string, context: SchemaContext): fc.Arbitrary<string> {
  const known = context.idsByField[name];
  if (known || schema.format === 'uuid') {
    const ids = known ?? Object.values(context.idsByField).flat();
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, fc.uuid());
  }
  if (schema.format === 'date') return fc.constantFrom('2031-01-31', '2099-12-31', new Date().toISOString().slice(0, 10));
  const examples = Array.isArray(schema.examples) ? schema.examples.filter((e): e is string => typeof e === 'string') : [];
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Number(schema.maxLength ?? 200);
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...WORDS, ...examples) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 40) }) },
    // Valid for the schema, odd for everything behind it: NUL, lone surrogates, controls, wildcards.
    { weight: 1, arbitrary: oddText.filter(fits) },
    { weight: 2, arbitrary: fc.constantFrom(...STORAGE_TROUBLE).filter(fits) },
  );
}

/** A number within the schema's bounds. */
function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
  return schema.type === 'integer'
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 200)) })
    : fc.double({ min, max, noNaN: true });
}

/** A value the schema accepts (the first branch of a combinator), as a JS value. */
export function validValue(schema: JsonSchema, name: string, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(context.document, schema);
  const branch = (resolved.allOf ?? resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (branch?.length)
    return validValue({ ...resolved, allOf: undefined, anyOf: undefined, oneOf: undefined, ...branch[0] }, name, context, depth);
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return fc.constantFrom(...resolved.enum);
  switch (resolved.type) {
    case 'string':
      return validString(resolved, name, context);
    case 'integer':
    case 'number':
      return validNumber(resolved);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue((resolved.items as JsonSchema) ?? {}, name, context, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 4 ? fc.constant({}) : validObject(resolved, context, depth + 1);
    default:
      return fc.constant(null);
  }
}

/** An object with every required property and some optional ones, each valid. */
export function validObject(schema: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const resolved = resolveSchema(context.document, schema);
  const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
  const required = (resolved.required ?? []) as string[];
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, validValue(property, name, context, depth)]),
  );
  return fc.record(model, { requiredKeys: required.filter((name) => name in properties) });
}

/** The property names of an object schema (after `$ref`). */
export function propertyNames(document: OpenApiDocument, schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  return Object.keys(resolveSchema(document, schema).properties ?? {});
}
