import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { errors, type ApiError, type ErrorCode } from '../errors';
import type { RouteResponse, AnyRoute } from '../http/route';
import { ErrorBody } from '../schemas/common';
import { COMMA_LIST, type CommaListSpec } from '../schemas/job-search';
import { documentDescription } from './document-description';
import {
  API_VERSION,
  type HeaderObject,
  type JsonSchema,
  type MediaType,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
} from './document-types';
import { ERROR_CATALOGUE } from './error-catalogue';
import { errorsByStatus, isApiOperation, operationErrorCodes } from './operation-errors';
import { SchemaComponents } from './json-schema';

/** Title and one-line summary of a document (the whole API, or one service's part of it). */
export interface DocumentInfo {
  title: string;
  summary: string;
}

const REQUEST_ID: HeaderObject = {
  description: "The request's id: the client's x-request-id when it sent a sane one, otherwise a new UUID.",
  required: true,
  schema: { type: 'string' },
};
const RETRY_AFTER: HeaderObject = {
  description: 'Seconds to wait before retrying.',
  required: true,
  schema: { type: 'integer', minimum: 0 },
};
const ALLOW: HeaderObject = { description: 'The methods the path accepts.', required: true, schema: { type: 'string' } };
const ETAG: HeaderObject = {
  description:
    'A weak tag of the content (the same whether the body is sent plain or compressed): send it back in If-None-Match to be answered 304 while the content has not changed.',
  required: true,
  schema: { type: 'string' },
};

/** What every GET operation adds for conditional requests (../http/conditional-get). */
const IF_NONE_MATCH: ParameterObject = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'ETags of earlier answers: when one still matches, the answer is 304 Not Modified with no body.',
  schema: { type: 'string' },
};
const NOT_MODIFIED: ResponseObject = {
  description:
    'Not Modified, only to a request that sent If-None-Match: the content still matches one of its ETags, so the answer has no body ' +
    '(use the copy you hold; generated clients see no data and no error, only the status). A request without If-None-Match never gets it.',
  headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' }, ETag: { $ref: '#/components/headers/ETag' } },
};
const rateLimitHeader = (description: string): HeaderObject => ({
  description: `${description} Sent on every response of the operation while rate limits are configured.`,
  required: false,
  schema: { type: 'integer', minimum: 0 },
});

/** The RateLimit-* headers of every API operation (not health or documentation, which are never limited). */
const RATE_LIMIT_HEADERS: Record<string, { $ref: string }> = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

/** Headers an error status always carries, beyond x-request-id. */
const ERROR_HEADERS: Record<number, Record<string, { $ref: string }>> = {
  405: { Allow: { $ref: '#/components/headers/Allow' } },
  429: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
  503: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
};

const JSON_TYPE = 'application/json';

/** What each tag groups, for viewers' section headings. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Jobs: 'Browse, search and read job postings (no key), create, edit and close them (a recruiter key) and apply to them (an applicant key).',
  Recruiters: "A recruiter's view of their organizations' postings and their applications (a recruiter key).",
  Applications: "An applicant's own applications: list and withdraw them (the applicant's key).",
  Webhooks:
    'Signed webhooks (Standard Webhooks): subscribe a URL to events, rotate its secret, send a test event and read the deliveries (any key; application and job events need a recruiter key).',
  'Saved searches': 'Searches kept for a user, whose new matches (jobs that start matching them) are read once each (any key).',
  Organizations: 'The organizations whose ids browse, search and create take (no key).',
  Locations: 'The locations whose ids browse, search and create take (no key).',
  Operations: 'Health, readiness and metrics of the process.',
  Documentation: 'This document and the human docs page.',
};

/**
 * The security of an operation: the API key where one is needed; the metrics bearer token for
 * an operational route that authenticates (/metrics); none (`[]`, said explicitly, so generators
 * and linters know no key is needed) for everything public.
 */
function securityOf(route: AnyRoute): Record<string, string[]>[] {
  if (route.auth === 'apiKey') return [{ apiKey: [] }];
  if (route.authenticate && !isApiOperation(route)) return [{ metricsToken: [] }];
  return [];
}

/**
 * A comma-separated list parameter (job-search COMMA_LIST) as the array of values it carries,
 * sent as one comma-joined value (style form, explode false), so generated clients type each value.
 */
function asCommaList(schema: JsonSchema): Pick<ParameterObject, 'schema' | 'style' | 'explode' | 'example'> | undefined {
  const list = schema[COMMA_LIST] as CommaListSpec | undefined;
  if (!list) return undefined;
  return {
    schema: { type: 'array', items: list.items, maxItems: list.maxItems },
    style: 'form',
    explode: false,
    ...(list.example ? { example: list.example } : {}),
  };
}

/** Keeps the first route of each method and path: the one that answers when several apps have it. */
function distinctRoutes(routes: readonly AnyRoute[]): AnyRoute[] {
  const seen = new Map<string, AnyRoute>();
  const ids = new Map<string, string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    const other = ids.get(route.operationId);
    if (other) throw new Error(`operationId "${route.operationId}" is used by both ${other} and ${key}`);
    seen.set(key, route);
    ids.set(route.operationId, key);
  }
  return [...seen.values()];
}

function objectProperties(schema: TSchema | undefined): [string, TSchema, boolean][] {
  const object = schema as TObject | undefined;
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, property]) => [name, property, required.has(name)]);
}

function parameters(route: AnyRoute, components: SchemaComponents): ParameterObject[] {
  const path = objectProperties(route.params);
  const declared = new Set(path.map(([name]) => name));
  const templated = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  for (const name of templated) if (!declared.has(name)) path.push([name, Type.String(), true]);
  const param =
    (where: 'path' | 'query') =>
    ([name, schema, required]: [string, TSchema, boolean]): ParameterObject => {
      // The description and the first example move up to the parameter, where viewers show them.
      const { description, examples, ...converted } = components.convert(schema) as ReturnType<SchemaComponents['convert']> & {
        examples?: unknown[];
      };
      // With ajv's useDefaults a parameter that has a default is never missing, whatever `required` says.
      const needed = where === 'path' || (required && converted.default === undefined);
      const list = asCommaList(converted);
      return {
        name,
        in: where,
        required: needed,
        ...(typeof description === 'string' ? { description } : {}),
        ...(Array.isArray(examples) && examples.length > 0 ? { example: examples[0] } : {}),
        ...(list ?? { schema: converted }),
      };
    };
  const headers = Object.entries(route.requestHeaders ?? {}).map(([name, header]): ParameterObject => ({
    name,
    in: 'header',
    required: false,
    description: header.description,
    schema: components.convert(header.schema),
  }));
  return [...path.map(param('path')), ...objectProperties(route.query).map(param('query')), ...headers];
}

function successResponse(response: RouteResponse, components: SchemaComponents): ResponseObject {
  const headers: ResponseObject['headers'] = { 'x-request-id': { $ref: '#/components/headers/RequestId' } };
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    headers[name] = { description: header.description, required: header.required ?? true, schema: components.convert(header.schema) };
  }
  const out: ResponseObject = { description: response.description, headers };
  if (response.schema) {
    const schema = components.convert(response.schema);
    // A string schema with contentMediaType (the HTML docs page, its assets) is served as that type.
    const type = typeof schema.contentMediaType === 'string' && schema.type === 'string' ? schema.contentMediaType : JSON_TYPE;
    const media: MediaType = { schema };
    if (response.example !== undefined) media.example = response.example;
    out.content = { [type]: media };
  }
  return out;
}

function errorResponse(status: number, codes: ErrorCode[]): ResponseObject {
  const examples: NonNullable<MediaType['examples']> = {};
  for (const code of codes) examples[code] = { summary: ERROR_CATALOGUE[code].meaning, value: ERROR_CATALOGUE[code].example().toBody() };
  // The schema pins the codes this status may carry here, so the contract tests catch any other.
  const schema: JsonSchema = { allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: codes } } }] };
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].meaning}`).join('; '),
    headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' }, ...(ERROR_HEADERS[status] ?? {}) },
    content: { [JSON_TYPE]: { schema, examples } },
  };
}

function operation(route: AnyRoute, components: SchemaComponents): OperationObject {
  const op: OperationObject = { operationId: route.operationId, summary: route.summary, tags: route.tags, responses: {} };
  if (route.description) op.description = route.description;
  const params = parameters(route, components);
  if (params.length > 0) op.parameters = params;
  if (route.body) {
    op.requestBody = {
      required: !route.bodyOptional,
      ...(route.bodyOptional ? { description: 'Optional: an absent body counts as {}.' } : {}),
      content: { [JSON_TYPE]: { schema: components.convert(route.body) } },
    };
  }
  for (const [status, response] of Object.entries(route.responses)) op.responses[status] = successResponse(response, components);
  if (route.method === 'GET') {
    op.parameters = [...(op.parameters ?? []), IF_NONE_MATCH];
    for (const response of Object.values(op.responses))
      response.headers = { ...response.headers, ETag: { $ref: '#/components/headers/ETag' } };
    op.responses['304'] = structuredClone(NOT_MODIFIED);
  }
  for (const [status, codes] of errorsByStatus(operationErrorCodes(route))) op.responses[String(status)] = errorResponse(status, codes);
  if (isApiOperation(route))
    for (const response of Object.values(op.responses)) Object.assign((response.headers ??= {}), RATE_LIMIT_HEADERS);
  op.security = securityOf(route);
  return op;
}

function pathLevelResponse(example: ApiError, description: string, extraHeaders: Record<string, { $ref: string }> = {}): ResponseObject {
  return {
    description,
    headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' }, ...extraHeaders },
    content: { [JSON_TYPE]: { schema: { $ref: '#/components/schemas/Error' }, example: example.toBody() } },
  };
}

/**
 * The OpenAPI 3.1 document of a set of routes, generated from the same definitions the services
 * mount and validate with. When several routes share a method and path the first one counts.
 */
export function buildOpenApiDocument(routes: readonly AnyRoute[], info: DocumentInfo): OpenApiDocument {
  const components = new SchemaComponents();
  components.convert(ErrorBody);
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: info.title, version: API_VERSION, description: documentDescription(info.summary) },
    servers: [{ url: '/', description: 'the server that serves this document' }],
    tags: [],
    paths: {},
    components: {
      schemas: components.schemas,
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'A key of the form jla_ followed by at least 32 base62 characters, issued by the operator of this service. Server-side use only.',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The METRICS_TOKEN the process was started with (GET /metrics only).',
        },
      },
      headers: {
        RequestId: REQUEST_ID,
        RetryAfter: RETRY_AFTER,
        Allow: ALLOW,
        ETag: ETAG,
        RateLimitLimit: rateLimitHeader(
          'Requests allowed per window (one minute) by the tightest limit that counted this request: per client address for reads; per authenticated key, per client address and per failed authentication for operations that take a key.',
        ),
        RateLimitRemaining: rateLimitHeader('Requests left in the current window.'),
        RateLimitReset: rateLimitHeader('Seconds until the current window ends.'),
      },
      responses: {
        NotFound: pathLevelResponse(errors.routeNotFound('GET', '/agents/job'), 'No operation has this path (answered on any path).'),
        MethodNotAllowed: pathLevelResponse(
          errors.methodNotAllowed('DELETE', ['GET']),
          'The path exists under other methods, listed in Allow (answered on any path).',
          {
            Allow: { $ref: '#/components/headers/Allow' },
          },
        ),
      },
    },
  };
  // The API's own operations first, then health and documentation (viewers list tags in this order).
  const ordered = distinctRoutes(routes).sort((a, b) => Number(!isApiOperation(a)) - Number(!isApiOperation(b)));
  for (const route of ordered) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    (doc.paths[route.path] ??= {})[method] = operation(route, components);
    for (const tag of route.tags) {
      if (!doc.tags.some((t) => t.name === tag))
        doc.tags.push({ name: tag, ...(TAG_DESCRIPTIONS[tag] ? { description: TAG_DESCRIPTIONS[tag] } : {}) });
    }
  }
  return doc;
}
