import type { ErrorDetail } from '../../../../shared/errors';

const LOWER_CAMEL = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;

/** The part of an object schema the names are read from (a TypeBox TObject fits). */
export interface FieldsSchema {
  properties?: Record<string, unknown>;
}

/** workplaceType -> workplace_type; names that are not lowerCamelCase are returned unchanged. */
export function snakeCaseName(name: string): string {
  return LOWER_CAMEL.test(name) ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an RPC body the way protobuf JSON does, in place, before schema validation: null values
 * are dropped (absent), and a lowerCamelCase name becomes its snake_case form when the schema
 * knows that form, at every level of nested objects. Names the schema does not know stay as sent,
 * so the schema's "is not a known field" names them as the client wrote them. Returns one problem
 * per field sent in both styles.
 */
export function normalizeFieldNames(body: Record<string, unknown>, schema: FieldsSchema, path = ''): ErrorDetail[] {
  // Nulls first: `{"workplaceType": "remote", "workplace_type": null}` is one field, not two.
  for (const [name, value] of Object.entries(body)) if (value === null) delete body[name];
  const known = schema.properties ?? {};
  const problems: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(body)) {
    let field = name;
    const snake = snakeCaseName(name);
    if (snake !== name && Object.hasOwn(known, snake)) {
      delete body[name];
      if (snake in body) {
        problems.push({ field: `${path}${name}`, message: `is the same field as ${path}${snake}: send only one of them` });
        continue;
      }
      body[snake] = value;
      field = snake;
    }
    const inner = known[field];
    if (isObject(value) && isObject(inner)) problems.push(...normalizeFieldNames(value, inner, `${path}${field}.`));
  }
  return problems;
}
