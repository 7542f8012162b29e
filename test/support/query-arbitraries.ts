import fc from 'fast-check';
import type { ParameterObject } from '../../shared/openapi/document-types';
import type { DocumentOperation, RawRequest } from './fuzz-target';
import { PERCENT_JUNK, cursorGarbage, hostileHeaderValue, hostileText, oddText, percentEncode, rawLatin1 } from './hostile-text';
import { validValue, type SchemaContext } from './schema-values';

/**
 * Requests to a GET operation of the OpenAPI document with hostile query strings, path segments
 * and header parameters: known and unknown names, repeated ones, names with brackets, empty and
 * missing values, values of every odd kind, percent-encoding junk and bytes that are not UTF-8.
 */

/** A real next_cursor and the request (path and query) it came with, to forge cursors that pass the fingerprint. */
export interface CursorSeed {
  path: string;
  query: string;
  cursor: string;
}

/** Names that mean something to JavaScript objects. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'];

function parametersIn(operation: DocumentOperation, where: ParameterObject['in']): ParameterObject[] {
  return (operation.operation.parameters ?? []).filter((p) => p.in === where);
}

/** A parameter name: mostly a known one (so repeats are common), else a near miss or junk. */
function parameterName(known: string[]): fc.Arbitrary<string> {
  const nearMisses = known.flatMap((n) => [`${n}[]`, `${n}[0]`, `${n}[a]`, n.toUpperCase(), ` ${n}`, `${n}.x`]);
  return fc.oneof(
    ...(known.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES, '', ' ', 'unknown', 'q', 'page', ...nearMisses) },
    { weight: 1, arbitrary: oddText },
  );
}

/** A value that the parameter's schema accepts, as query text. */
function validText(parameter: ParameterObject, context: SchemaContext): fc.Arbitrary<string> {
  const fromSchema = validValue(parameter.schema, parameter.name, context).map(String);
  return parameter.example === undefined ? fromSchema : fc.oneof(fc.constant(parameter.example).map(String), fromSchema);
}

/** How one name=value pair is written on the wire. */
function writePair(name: string, value: string, form: string, junk: string): string {
  switch (form) {
    case 'bare':
      return percentEncode(name);
    case 'empty':
      return `${percentEncode(name)}=`;
    case 'junk':
      return `${percentEncode(name)}=${percentEncode(value)}${junk}`;
    case 'junk-name':
      return `${percentEncode(name)}${junk}=${percentEncode(value)}`;
    case 'plus':
      return `${percentEncode(name)}=${percentEncode(value).replace(/%20/g, '+')}`;
    default:
      return `${percentEncode(name)}=${percentEncode(value)}`;
  }
}

/** Junk sent verbatim: malformed percent-encoding or raw bytes that are not UTF-8. */
const rawJunk = fc.oneof(fc.constantFrom(...PERCENT_JUNK), rawLatin1);

/** One query string for the operation (without the `?`). */
export function queryString(operation: DocumentOperation, context: SchemaContext): fc.Arbitrary<string> {
  const parameters = parametersIn(operation, 'query');
  const byName = new Map(parameters.map((p) => [p.name, p]));
  const pair = parameterName([...byName.keys()]).chain((name) => {
    const parameter = byName.get(name);
    const value = parameter
      ? fc.oneof({ weight: 3, arbitrary: validText(parameter, context) }, { weight: 4, arbitrary: hostileText })
      : hostileText;
    const form = fc.constantFrom('encoded', 'encoded', 'encoded', 'encoded', 'bare', 'empty', 'junk', 'junk-name', 'plus');
    return fc.tuple(value, form, rawJunk).map(([text, how, junk]) => writePair(name, text, how, junk));
  });
  return fc
    .tuple(
      fc.array(pair, { maxLength: 8 }),
      fc.constantFrom('&', '&', '&', '&&', ';'),
      fc.constantFrom('', '', '&', '?'),
      fc.constantFrom('', '', '&', '#x'),
    )
    .map(([pairs, separator, prefix, suffix]) => `${prefix}${pairs.join(separator)}${suffix}`);
}

/** A path parameter's segment: a real id, a random UUID, or hostile text (encoded or verbatim junk). */
function pathSegment(parameter: ParameterObject, context: SchemaContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: validText(parameter, context).map(percentEncode) },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 4, arbitrary: hostileText.map(percentEncode) },
    { weight: 1, arbitrary: rawJunk },
    { weight: 1, arbitrary: fc.constantFrom('.', '..', '%2e%2e', '%2F', '~', '%20', 'null', '-1') },
  );
}

/** The operation's path with every `{param}` filled in. */
export function requestPath(operation: DocumentOperation, context: SchemaContext): fc.Arbitrary<string> {
  const parameters = parametersIn(operation, 'path');
  if (parameters.length === 0) return fc.constant(operation.path);
  return fc
    .tuple(...parameters.map((p) => pathSegment(p, context)))
    .map((segments) => parameters.reduce((path, p, i) => path.replace(`{${p.name}}`, segments[i]), operation.path));
}

/** The operation's header parameters, each present or not, with valid-looking or hostile values. */
export function headerParameters(operation: DocumentOperation): fc.Arbitrary<Record<string, string>> {
  const names = parametersIn(operation, 'header').map((p) => p.name);
  return fc.record(Object.fromEntries(names.map((n) => [n, hostileHeaderValue])), { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, string>
  >;
}

/** A GET request to the operation with a hostile query string. */
export function hostileGet(operation: DocumentOperation, context: SchemaContext): fc.Arbitrary<RawRequest> {
  return fc
    .record({ path: requestPath(operation, context), query: queryString(operation, context), headers: headerParameters(operation) })
    .map(({ path, query, headers }) => ({ method: 'GET', path: query === '' ? path : `${path}?${query}`, headers }));
}

/** Sort values a client may forge into a cursor that carries the right fingerprint. */
const forgedSortValue = fc.oneof(
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 5e-324, 0, -0, 1.5, 253402300800000, -62135596800001),
  fc.integer().map(String),
  oddText,
  fc.integer({ min: 200, max: 3000 }).map((n) => 'z'.repeat(n)),
  fc.constantFrom(null, true, {}, []),
);

/**
 * Requests with a cursor made from a real one: the same fingerprint (so it gets past the
 * scope check) and forged offset and sort values, or a real cursor damaged.
 */
export function forgedCursorGet(seed: CursorSeed): fc.Arbitrary<RawRequest> {
  const body = JSON.parse(Buffer.from(seed.cursor, 'base64url').toString('utf8')) as { v: unknown; h: string; a: unknown[]; o: number };
  const forged = fc
    .record({
      a: fc.oneof(
        fc.array(forgedSortValue, { minLength: body.a.length, maxLength: body.a.length }),
        fc.array(forgedSortValue, { maxLength: 4 }),
      ),
      o: fc.oneof(fc.constantFrom(0, 1, 9_999, 10_000, 10_001, 1e6, Number.MAX_SAFE_INTEGER, -1), fc.nat()),
    })
    .map(({ a, o }) => Buffer.from(JSON.stringify({ ...body, a, o })).toString('base64url'));
  const damaged = fc.tuple(fc.nat(seed.cursor.length), fc.constantFrom('truncate', 'flip', 'append', 'double')).map(([at, how]) => {
    if (how === 'truncate') return seed.cursor.slice(0, at);
    if (how === 'flip') return `${seed.cursor.slice(0, at)}${seed.cursor[at] === 'A' ? 'B' : 'A'}${seed.cursor.slice(at + 1)}`;
    if (how === 'append') return `${seed.cursor}${seed.cursor.slice(at)}`;
    return `${seed.cursor}.${seed.cursor}`;
  });
  const extra = fc.constantFrom('', '&limit=1', '&limit=100', '&fields=title', '&facets=all', '&page=1', '&limit=0');
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: forged }, damaged, cursorGarbage), extra)
    .map(([cursor, more]) => ({ method: 'GET', path: `${seed.path}?${seed.query}&cursor=${percentEncode(cursor)}${more}` }));
}
