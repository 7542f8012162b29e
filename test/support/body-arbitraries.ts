import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { JsonSchema } from '../../shared/openapi/document-types';
import type { DocumentOperation, FuzzWorld, RawRequest } from './fuzz-target';
import { hostileHeaderValue } from './hostile-text';
import { bigValueText, invalidUtf8, jsonText, keyText, objectText } from './json-text';
import { PROTOTYPE_NAMES, headerParameters, queryString, requestPath } from './query-arbitraries';
import { resolveSchema, validObject, type SchemaContext } from './schema-values';

/**
 * Requests to a POST operation of the OpenAPI document with hostile bodies: a valid body with some
 * fields of the wrong type or hostile, prototype keys and duplicates added; any JSON; huge or deep
 * structures; then, at the byte level, truncated, with bytes that are not UTF-8, or in another
 * encoding; under odd media types and content encodings, with the world's API keys or bad ones.
 */

/** Every property name of the schema and of the object schemas inside it. */
function schemaNames(context: SchemaContext, schema: JsonSchema | undefined, seen = new Set<JsonSchema>()): string[] {
  if (!schema) return [];
  const resolved = resolveSchema(context.document, schema);
  if (seen.has(resolved)) return [];
  seen.add(resolved);
  const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
  const nested = [...Object.values(properties), resolved.items as JsonSchema | undefined].flatMap((s) => schemaNames(context, s, seen));
  return [...new Set([...Object.keys(properties), ...nested])];
}

/**
 * A valid body with some values replaced by hostile JSON and entries added before and after it
 * (a duplicate key first or last), so each case is wrong in a few places and right in the rest.
 */
function mutatedBody(schema: JsonSchema | undefined, key: fc.Arbitrary<string>, context: SchemaContext): fc.Arbitrary<string> {
  const valid = schema ? validObject(schema, context) : fc.constant({});
  const value = fc.oneof({ weight: 4, arbitrary: jsonText(key) }, bigValueText);
  const entries = fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 3 }));
  return fc
    .tuple(valid, entries, entries, fc.array(fc.oneof({ weight: 10, arbitrary: fc.constant(null) }, value), { maxLength: 20 }))
    .map(([body, before, after, replacements]) => {
      const own = Object.entries(body).map(([name, v], i) => [name, replacements[i] ?? JSON.stringify(v)] as const);
      return objectText([...before, ...own, ...after]);
    });
}

/** Prototype pollution attempts around a valid body. */
function pollutingBody(schema: JsonSchema | undefined, context: SchemaContext): fc.Arbitrary<string> {
  const valid = schema ? validObject(schema, context) : fc.constant({});
  const payload = fc.constantFrom(
    '{"isAdmin":true,"is_recruiter":true,"title":1}',
    '{"prototype":{"polluted":1}}',
    'null',
    '[]',
    '1',
    '{"__proto__":{"x":1}}',
  );
  return fc.tuple(valid, fc.constantFrom(...PROTOTYPE_NAMES), payload, fc.boolean()).map(([body, name, value, first]) => {
    const own = Object.entries(body).map(([n, v]) => [n, JSON.stringify(v)] as const);
    return objectText(first ? [[name, value], ...own] : [...own, [name, value]]);
  });
}

/** The JSON text of a hostile body for the operation. */
function bodyText(operation: DocumentOperation, context: SchemaContext): fc.Arbitrary<string> {
  const schema = operation.operation.requestBody?.content['application/json']?.schema;
  const key = keyText(schemaNames(context, schema), PROTOTYPE_NAMES);
  return fc.oneof(
    { weight: 5, arbitrary: mutatedBody(schema, key, context) },
    { weight: 2, arbitrary: pollutingBody(schema, context) },
    { weight: 2, arbitrary: jsonText(key) },
    { weight: 1, arbitrary: bigValueText },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '\n',
        'null',
        '[]',
        '{}{}',
        '{} x',
        '"{}"',
        '{"a":1,}',
        "{'a':1}",
        '{"a" 1}',
        'NaN',
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":01}',
        '{"a":.5}',
        '{"a":+1}',
        '{"a":"\t"}',
        '/*x*/{}',
      ),
    },
  );
}

/** The body's bytes: as UTF-8, truncated, with bytes that are not UTF-8, with a BOM or a NUL, or gzipped. */
function bodyBytes(text: fc.Arbitrary<string>): fc.Arbitrary<{ body: Buffer; encoding?: string; charset?: string }> {
  return fc
    .tuple(
      text,
      fc.nat(),
      invalidUtf8,
      fc.oneof(
        { weight: 12, arbitrary: fc.constant('utf8') },
        fc.constantFrom('truncate', 'inject', 'bom', 'nul', 'utf16', 'gzip', 'bogus-gzip', 'unknown-encoding'),
      ),
    )
    .map(([json, at, bad, how]) => {
      const utf8 = Buffer.from(json, 'utf8');
      const cut = at % (utf8.length + 1);
      switch (how) {
        case 'truncate':
          return { body: utf8.subarray(0, cut) };
        case 'inject':
          return { body: Buffer.concat([utf8.subarray(0, cut), bad, utf8.subarray(cut)]) };
        case 'bom':
          return { body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]) };
        case 'nul':
          return { body: Buffer.concat([utf8, Buffer.from([0])]) };
        case 'utf16':
          return { body: Buffer.from(json, 'utf16le'), charset: 'utf-16' };
        case 'gzip':
          return { body: gzipSync(utf8), encoding: 'gzip' };
        case 'bogus-gzip':
          return { body: utf8, encoding: 'gzip' };
        case 'unknown-encoding':
          return { body: utf8, encoding: 'x-snappy' };
        case 'utf8':
          return { body: utf8 };
      }
    });
}

const MEDIA_TYPES = [
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/json;charset="utf-8"',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json, text/plain',
  ';;;',
  'application/',
  '*/*',
];

/** The Content-Type: mostly JSON (so the body is read), else odd ones; none at all sometimes. */
const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  { weight: 2, arbitrary: fc.constantFrom(...MEDIA_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** The role each operation needs, so most cases get past authorization; an operation not named here gets any key. */
const ROLE: Record<string, 'recruiter' | 'applicant'> = { createJob: 'recruiter', applyToJob: 'applicant' };

/** The x-api-key: mostly one of the world's (of the role the operation needs), else another role's, a bad one or none. */
function apiKey(operationId: string, world: FuzzWorld): fc.Arbitrary<string | undefined> {
  const { recruiter, applicant, applicantWithoutResume, revoked } = world.keys;
  const fitting =
    ROLE[operationId] === 'recruiter' ? [recruiter] : ROLE[operationId] === 'applicant' ? [applicant] : [recruiter, applicant];
  return fc.oneof(
    { weight: 16, arbitrary: fc.constantFrom(...fitting) },
    { weight: 2, arbitrary: fc.constantFrom(recruiter, applicant, applicantWithoutResume) },
    { weight: 1, arbitrary: fc.constantFrom(revoked, `${recruiter}x`, recruiter.slice(0, -1), recruiter.toUpperCase(), undefined) },
    { weight: 1, arbitrary: hostileHeaderValue },
  );
}

/** A POST request to the operation with a hostile body. */
export function hostilePost(operation: DocumentOperation, context: SchemaContext, world: FuzzWorld): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      path: requestPath(operation, context),
      query: fc.oneof({ weight: 9, arbitrary: fc.constant('') }, queryString(operation, context)),
      headers: headerParameters(operation),
      bytes: bodyBytes(bodyText(operation, context)),
      type: contentType,
      key: apiKey(operation.operation.operationId, world),
    })
    .map(({ path, query, headers, bytes, type, key }) => ({
      method: 'POST',
      path: query === '' ? path : `${path}?${query}`,
      headers: {
        ...headers,
        ...(type === undefined
          ? {}
          : { 'content-type': bytes.charset && type.startsWith('application/json') ? `application/json; charset=${bytes.charset}` : type }),
        ...(bytes.encoding ? { 'content-encoding': bytes.encoding } : {}),
        ...(key === undefined ? {} : { 'x-api-key': key }),
      },
      body: bytes.body,
    }));
}
