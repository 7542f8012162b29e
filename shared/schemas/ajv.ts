import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorDetail } from '../errors';
import { UUID_PATTERN } from './common';

/**
 * Values are checked as they are, never coerced: bodies are JSON, and the query reader turns the
 * integer parameters of a query string into numbers itself (shared/http/query-input.ts).
 */
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
addFormats(ajv);
// Replaces ajv-formats' uuid, which accepts a "urn:uuid:" prefix that Postgres then refuses (a 500).
ajv.addFormat('uuid', UUID_PATTERN);

const compiled = new WeakMap<TSchema, ValidateFunction>();

/** Compiles (once per schema) a validator for a TypeBox schema. */
export function validatorFor<T extends TSchema>(schema: T): ValidateFunction<Static<T>> {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn as ValidateFunction<Static<T>>;
}

/**
 * The problems of a JSON object against a schema, or none: `prepare` first normalizes the object
 * in place and returns what the schema cannot say, which follows the schema's own problems.
 */
export function bodyProblems(
  schema: TSchema,
  body: Record<string, unknown>,
  prepare?: (body: Record<string, unknown>) => ErrorDetail[],
): ErrorDetail[] {
  const extra = prepare?.(body) ?? [];
  const validate = validatorFor(schema);
  return validate(body) ? extra : [...describeErrors(validate.errors), ...extra];
}

/**
 * The most problems an error names one by one. A body of 40 000 wrong array items has as many
 * problems: named all, the answer was megabytes, and telling them apart, pair by pair, took the
 * service 12 seconds of CPU (a fuzzed POST /agents/webhooks went unanswered). The first ones say
 * what is wrong; one more entry says how many are left.
 */
export const MAX_ERROR_DETAILS = 20;

/**
 * Turns ajv's errors into one entry per problem, each naming the field in plain words: at most
 * MAX_ERROR_DETAILS of them, and then one that counts the rest.
 */
export function describeErrors(errs: ErrorObject[] | null | undefined): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  let more = 0;
  for (const e of errs ?? []) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let message: string;
    switch (e.keyword) {
      case 'required':
        field = [field, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
        message = 'is required';
        break;
      case 'additionalProperties':
        field = [field, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.');
        message = 'is not a known field';
        break;
      case 'enum':
        message = `must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
        break;
      case 'type':
        message = `must be ${withArticle((e.params as { type: string }).type)}`;
        break;
      case 'minLength':
        message =
          (e.params as { limit: number }).limit === 1
            ? 'must not be empty'
            : `must be at least ${(e.params as { limit: number }).limit} characters`;
        break;
      case 'maxLength':
        message = `must be at most ${(e.params as { limit: number }).limit} characters`;
        break;
      case 'maxItems':
        message = `must have at most ${(e.params as { limit: number }).limit} items`;
        break;
      case 'minimum':
      case 'maximum':
        message = `must be ${e.keyword === 'minimum' ? '>=' : '<='} ${(e.params as { limit: number }).limit}`;
        break;
      default:
        message = e.message ?? 'is invalid';
    }
    const key = JSON.stringify([field, message]);
    if (seen.has(key)) continue;
    seen.add(key);
    if (details.length < MAX_ERROR_DETAILS) details.push({ field: field || '(body)', message });
    else more += 1;
  }
  if (more > 0) details.push({ field: '(body)', message: `and ${more} more problem(s) of the kinds above, not listed` });
  return details;
}

function withArticle(type: string): string {
  const name = type.replace(/,/g, ' or ');
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
