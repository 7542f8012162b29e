import type { TObject } from '@sinclair/typebox';
import { ApiError, errors, type InvalidInputCode } from '../errors';
import { describeErrors, validatorFor } from '../schemas/ajv';
import { closestName } from './closest';

/** An optional sign and decimal digits. Number() also reads "0x10", "1e3", "1.0" and " ", which no client means as a page number. */
const INTEGER_TEXT = /^[+-]?\d+$/;

/** Reads a request's query string (Koa's ctx.query) into the route's query input, or throws its 400. */
export type QueryReader = (raw: Record<string, unknown>) => Record<string, unknown>;

/**
 * The reader of a route's query string, prepared once when the route is mounted. It refuses
 * unknown parameters (naming the closest known one) and repeated ones, turns integer parameters
 * written in decimal digits into numbers (any other text stays a string and fails the schema as
 * "must be an integer"), then applies the defaults and checks the schema. Query values are text,
 * so the schema may hold string and integer parameters only; any other type fails at start-up.
 */
export function queryReader(schema: TObject | undefined, code: InvalidInputCode = 'invalid_request'): QueryReader {
  const properties = schema?.properties ?? {};
  const known = Object.keys(properties);
  const names = new Set(known);
  const integers = new Set<string>();
  for (const [name, property] of Object.entries(properties)) {
    const type = (property as { type?: unknown }).type;
    if (type === 'integer') integers.add(name);
    else if (type !== 'string') throw new Error(`query parameter "${name}": a query string holds only string and integer parameters`);
  }
  const knownList = `Known parameters: ${known.join(', ') || 'none'}.`;
  const validate = schema && validatorFor(schema);
  return (raw) => {
    const input: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(raw)) {
      if (!names.has(name)) {
        const close = closestName(name, known);
        throw new ApiError(code, `Unknown query parameter "${name}".`, {
          hint: close ? `Did you mean "${close}"? ${knownList}` : knownList,
          details: [{ field: name, message: 'is not a known parameter' }],
        });
      }
      if (Array.isArray(value)) {
        throw new ApiError(code, `Query parameter "${name}" is given more than once.`, {
          hint: 'Give it once; list several values separated by commas.',
          details: [{ field: name, message: 'is given more than once' }],
        });
      }
      input[name] = integers.has(name) && INTEGER_TEXT.test(value as string) ? Number(value) : value;
    }
    if (validate && !validate(input)) throw errors.invalidQuery(describeErrors(validate.errors), code);
    return input;
  };
}
