import type { ErrorObject } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { validatorFor } from '../../../../shared/schemas/ajv';
import { COMMA_LIST, type CommaListSpec } from '../../../../shared/schemas/job-search';

/**
 * Splits a comma-separated parameter (DESIGN.md 4): values trimmed, normalized, empty ones
 * dropped and duplicates removed, so "a, A,,b" with lowercasing is ["a", "b"].
 */
export function splitList(raw: string | undefined, normalize: (value: string) => string = (v) => v): string[] {
  if (raw === undefined) return [];
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .map(normalize)
    .filter((v) => v !== '');
  return [...new Set(values)];
}

/** A hashtag as the index holds it: without its leading "#" signs, case folded later by the index. */
export function stripHash(tag: string): string {
  return tag.replace(/^#+/, '').trim();
}

/**
 * What a parameter's schema says of each of its values: for a comma list (COMMA_LIST), the schema
 * of one value and the most values; for a single-valued parameter, its own schema and one.
 */
export function valueSchemaOf(parameter: TSchema): { item: TSchema; maxItems: number } {
  const list = parameter[COMMA_LIST] as CommaListSpec | undefined;
  return list ? { item: list.items as TSchema, maxItems: list.maxItems } : { item: parameter, maxItems: 1 };
}

/**
 * The first thing a value's schema finds wrong with it (ajv's error: keyword and params, e.g. the
 * `allowedValues` of an enum or the `limit` of a maxLength), or undefined when it is fine.
 */
export function valueProblem(item: TSchema, value: string): ErrorObject | undefined {
  const validate = validatorFor(item);
  return validate(value) ? undefined : (validate.errors?.[0] ?? { keyword: 'invalid', instancePath: '', schemaPath: '', params: {} });
}
