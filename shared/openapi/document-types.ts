/** The parts of an OpenAPI 3.1 document this project writes (a plain JSON object once built). */

/** A JSON Schema (2020-12) as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** The body of a response or request in one media type. */
export interface MediaType {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

/** A response header. */
export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

/** One response status of an operation. */
export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: Record<string, MediaType>;
}

/** A path or query parameter. */
export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description?: string;
  example?: unknown;
  schema: JsonSchema;
  /** For array parameters: `form` with `explode: false` is one comma-separated value (a=1,2). */
  style?: 'form' | 'simple';
  explode?: boolean;
}

/** One method on one path. */
export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}

/** The operations of one path, by method. */
export type PathItem = Partial<Record<'get' | 'post' | 'patch' | 'delete', OperationObject>>;

/** The whole document. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
    headers: Record<string, HeaderObject>;
    responses: Record<string, ResponseObject>;
  };
}

/** The API's version (DESIGN.md 12): responses may gain fields, never lose or rename them. */
export const API_VERSION = '1.0.0';
