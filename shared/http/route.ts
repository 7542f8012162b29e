import type { Context, Middleware } from 'koa';
import type { default as Router, RouterMiddleware } from '@koa/router';
import bodyParser from 'koa-bodyparser';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { errors, type ErrorCode, type ErrorDetail, type InvalidInputCode, ApiError } from '../errors';
import { bodyProblems, describeErrors, validatorFor } from '../schemas/ajv';
import { isJsonMediaType } from './media-type';
import { queryReader } from './query-input';

/** A header of a request or response, as the OpenAPI document shows it. */
export interface RouteHeader {
  description: string;
  schema: TSchema;
  /** Response headers are always sent unless this says false; request headers are always optional. */
  required?: boolean;
}

/** A success response of an operation, as the OpenAPI document shows it. */
export interface RouteResponse {
  description: string;
  schema?: TSchema;
  example?: unknown;
  headers?: Record<string, RouteHeader>;
}

/** What a route's handler gets: its validated query, path parameters, body and headers, and its auth result. */
export interface RouteInput<Q extends TSchema, P extends TSchema, B extends TSchema, A = undefined> {
  query: Static<Q>;
  params: Static<P>;
  body: Static<B>;
  /** The values of the route's `requestHeaders` that the request sent, by their declared names. */
  headers: Record<string, string | undefined>;
  /** What the route's `authenticate` hook returned (undefined when it has none). */
  auth: A;
}

/**
 * One operation of the API: method, path, input schemas, responses and handler together. The
 * services mount these, and the OpenAPI document is generated from the same objects, so the
 * document cannot drift from what the code validates.
 */
export interface RouteDefinition<Q extends TSchema = TSchema, P extends TSchema = TSchema, B extends TSchema = TSchema, A = unknown> {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI-style path, e.g. /agents/jobs/{job_id}. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Operations that need the x-api-key header. */
  auth?: 'apiKey';
  /**
   * Runs before the body is read, so a bad or missing key answers 401 (or 403) before any
   * 415/413/400 about the body (DESIGN.md 6). Its result reaches the handler as `input.auth`.
   */
  authenticate?(ctx: Context): Promise<A>;
  query?: Q;
  params?: P;
  body?: B;
  /** Body of the request is optional (an absent body validates as {}). */
  bodyOptional?: boolean;
  /** Optional request headers the handler reads (besides x-api-key), validated before it runs. */
  requestHeaders?: Record<string, RouteHeader>;
  /**
   * Normalizes the parsed JSON object in place before schema validation (e.g. trims strings) and
   * returns the problems a schema cannot express (e.g. a date in the past); they are reported
   * together with the schema's problems in one 400.
   */
  prepareBody?: (body: Record<string, unknown>) => ErrorDetail[];
  /** The code used when the input fails validation: RPC calls answer invalid_argument. */
  invalidInputCode?: InvalidInputCode;
  /** Success responses by status. */
  responses: Record<number, RouteResponse>;
  /** Every error code this operation can answer, for the OpenAPI document. */
  errors: ErrorCode[];
  // A method, not a function property: methods compare their parameters bivariantly, so a route
  // of specific schemas is also an AnyRoute, and a list of routes needs no `any`.
  handle(ctx: Context, input: RouteInput<Q, P, B, A>): Promise<void>;
}

/** Any route, whatever its schemas: what lists of routes (a service's table, the OpenAPI document) hold. */
export type AnyRoute = RouteDefinition;

declare module 'koa' {
  /**
   * What the shared middleware leaves on `ctx.state` for the middleware after it (Koa types the
   * state as `any` unless told): the request id (requestId), the route that will answer
   * (matchRoute) and the result of the route's `authenticate` hook (mountRoutes).
   */
  interface DefaultState {
    requestId?: string;
    route?: AnyRoute;
    auth?: unknown;
  }
}

/** Identity function that keeps the schema types of a route definition. */
export function defineRoute<
  Q extends TSchema = TObject<Record<string, never>>,
  P extends TSchema = TObject<Record<string, never>>,
  B extends TSchema = TObject<Record<string, never>>,
  A = undefined,
>(route: RouteDefinition<Q, P, B, A>): RouteDefinition<Q, P, B, A> {
  return route;
}

/** /agents/jobs/{job_id} -> /agents/jobs/:job_id */
function toKoaPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Largest request body, after decompression: as the parser reads it, and in words for the 413. */
const MAX_BODY = { parser: '256kb', text: '256 KiB' };

/** An input error in the route's own code (invalid_argument for RPC calls). */
function invalid(route: RouteDefinition, message: string, hint: string, details?: ErrorDetail[]): ApiError {
  return new ApiError(route.invalidInputCode ?? 'invalid_request', message, { hint, details });
}

function hasBody(ctx: Context): boolean {
  return Boolean(ctx.request.length) || ctx.get('transfer-encoding') !== '';
}

/** One line of JSON in the shape of the route's body, for hints: the schema's first example, else its first required field. */
function bodyExample(route: RouteDefinition): string {
  const schema = route.body as TObject | undefined;
  const example =
    (schema?.examples as unknown[] | undefined)?.[0] ??
    Object.fromEntries((schema?.required ?? []).slice(0, 1).map((name) => [name, '...']));
  // {"a": {"b": 1}} rather than {"a":{"b":1}}: readable in one line.
  return JSON.stringify(example, null, 1)
    .replace(/\n\s*/g, ' ')
    .replace(/([[{]) /g, '$1')
    .replace(/ ([\]}])/g, '$1');
}

/**
 * What the client sees when the body parser refuses the body. koa-bodyparser's errors carry an
 * HTTP status (http-errors), except those of a compressed body that does not decompress (zlib's
 * own). A body over the limit is 413; a Content-Encoding the parser cannot undo, 415; malformed
 * JSON or a body that does not decompress is the route's own invalid-input error, so RPC routes
 * answer invalid_argument like for any other bad input. Anything else goes on to the boundary.
 */
function parseFailure(ctx: Context, route: RouteDefinition, err: unknown): unknown {
  const status = (err as { status?: unknown })?.status;
  const encoding = ctx.get('content-encoding');
  if (status === 413) return errors.payloadTooLarge(MAX_BODY.text);
  if (status === 415)
    return encoding ? errors.unsupportedContentEncoding(encoding) : errors.unsupportedMediaType(ctx.get('content-type') || undefined);
  if (status === 400)
    return invalid(route, 'The request body is not valid JSON.', `Send a JSON object, for example ${bodyExample(route)}.`);
  if (status === undefined && encoding) {
    return invalid(
      route,
      `The request body does not decompress as Content-Encoding "${encoding}" says.`,
      'Send it compressed that way, or uncompressed without a Content-Encoding header.',
    );
  }
  return err;
}

/**
 * JSON bodies only (application/json or application/*+json), at most 256 KiB; other types get 415
 * before anything is read. The parser is told the same rule: its own list of JSON types misses
 * most +json ones, and it leaves a body it does not recognize unparsed, as if it were `{}`.
 */
function jsonBody(route: RouteDefinition): Middleware[] {
  const isJson = (ctx: Context) => isJsonMediaType(ctx.get('content-type'));
  const requireJson: Middleware = async (ctx, next) => {
    const type = ctx.get('content-type');
    if ((type || hasBody(ctx)) && !isJson(ctx)) throw errors.unsupportedMediaType(type || undefined);
    await next();
  };
  const parse = bodyParser({
    enableTypes: ['json'],
    detectJSON: isJson,
    jsonLimit: MAX_BODY.parser,
    strict: true,
    onerror: (err, ctx) => {
      throw parseFailure(ctx, route, err);
    },
  });
  return route.body ? [requireJson, parse] : [];
}

function validateBody(ctx: Context, route: RouteDefinition): unknown {
  if (!route.body) return undefined;
  const empty = !hasBody(ctx);
  if (empty && !route.bodyOptional) throw invalid(route, 'The request body is missing.', 'Send a JSON object.');
  const body: unknown = empty ? {} : ctx.request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.bodyNotAnObject(route.invalidInputCode);
  const details = bodyProblems(route.body, body as Record<string, unknown>, route.prepareBody);
  if (details.length > 0) throw errors.invalidBody(details, route.invalidInputCode);
  return body;
}

/** The declared request headers the request sent, each checked against its schema. */
function validateHeaders(ctx: Context, route: RouteDefinition): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  const details: ErrorDetail[] = [];
  for (const [name, header] of Object.entries(route.requestHeaders ?? {})) {
    const value = ctx.get(name);
    if (value === '') continue;
    const validate = validatorFor(header.schema);
    if (validate(value)) values[name] = value;
    else details.push(...describeErrors(validate.errors).map((d) => ({ ...d, field: name })));
  }
  if (details.length > 0) {
    throw invalid(
      route,
      `Invalid header${details.length > 1 ? 's' : ''}: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}.`,
      'Fix the headers named in details.',
      details,
    );
  }
  return values;
}

/** Registers each route on the router with its body parsing and input validation. */
export function mountRoutes(router: Router, routes: readonly AnyRoute[]): void {
  for (const route of routes) {
    const readQuery = queryReader(route.query as TObject | undefined, route.invalidInputCode);
    const handler: RouterMiddleware = async (ctx) => {
      const input: RouteInput<TSchema, TSchema, TSchema, unknown> = {
        query: readQuery(ctx.query),
        params: { ...ctx.params },
        body: validateBody(ctx, route),
        headers: validateHeaders(ctx, route),
        auth: ctx.state.auth,
      };
      await route.handle(ctx, input);
    };
    const authenticate: Middleware[] = route.authenticate
      ? [
          async (ctx, next) => {
            ctx.state.auth = await route.authenticate!(ctx);
            await next();
          },
        ]
      : [];
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    router[method](route.operationId, toKoaPath(route.path), ...authenticate, ...jsonBody(route), handler);
  }
}

/**
 * The answer when no route matched: 405 with Allow when the path exists under another method
 * (in any of the routers), otherwise 404. Mounted after the routes.
 */
export function routeFallback(routers: readonly Router[]): Middleware {
  return (ctx) => {
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.match(ctx.path, ctx.method).path) for (const m of layer.methods) if (m !== 'HEAD') allowed.add(m);
    }
    return Promise.reject(
      allowed.size > 0 ? errors.methodNotAllowed(ctx.method, [...allowed]) : errors.routeNotFound(ctx.method, ctx.path),
    );
  };
}
