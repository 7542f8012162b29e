import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, OperationObject, ResponseObject } from './document-types';

/** One response as a client received it. */
export interface ObservedResponse {
  method: string;
  /** Path and query, as requested. */
  url: string;
  status: number;
  /** Header names in lowercase. */
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

const DOCUMENT_ID = 'urn:jla:openapi';

/** One reference token of a JSON Pointer inside a URI fragment (escaped, then percent-encoded). */
function pointerToken(token: string): string {
  return encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function templateRegex(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

function header(observed: ObservedResponse, name: string): string | undefined {
  const value = observed.headers[name.toLowerCase()];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Checks responses against an OpenAPI document: the operation exists for the method and path,
 * the status is documented, required headers are there (x-request-id on every response), and the
 * body has a documented media type and validates against its schema. Unknown paths must answer
 * 404 `not_found`, known paths under another method 405 `method_not_allowed` with documented
 * methods in Allow. Returns the problems found, each naming the request.
 */
export class ResponseContract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { path: string; regex: RegExp; literal: boolean }[];

  constructor(private readonly doc: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc, DOCUMENT_ID);
    this.templates = Object.keys(doc.paths).map((path) => ({ path, regex: templateRegex(path), literal: !path.includes('{') }));
  }

  /** Problems of one response; empty when it matches the document. */
  check(observed: ObservedResponse): string[] {
    const path = observed.url.split('?')[0];
    const method = observed.method.toUpperCase();
    const problems = this.checkResponse(observed, path, method === 'HEAD' ? 'GET' : method, method === 'HEAD');
    return problems.map((p) => `${method} ${observed.url} -> ${observed.status}: ${p}`);
  }

  private checkResponse(observed: ObservedResponse, path: string, method: string, headOnly: boolean): string[] {
    const problems: string[] = [];
    if (!header(observed, 'x-request-id')) problems.push('the x-request-id header is missing');
    // CORS preflights are answered on every path by the CORS layer, not by an operation (the
    // document's description says so): 204, no body.
    if (method === 'OPTIONS' && observed.status === 204)
      return observed.body.length > 0 ? [...problems, 'a preflight answer has a body'] : problems;
    const matching = this.templates.filter((t) => t.regex.test(path));
    // A literal path wins over a template (/agents/jobs/search over /agents/jobs/{job_id}), as in the router.
    const candidates = [...matching.filter((t) => t.literal), ...matching.filter((t) => !t.literal)];
    const key = method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    // Only the literal path answers when there is one: PATCH /agents/jobs/search is that path under another method, not a job id.
    const found = (candidates[0]?.literal ? candidates.slice(0, 1) : candidates).find((t) => this.doc.paths[t.path][key]);
    if (!found)
      return [
        ...problems,
        ...this.checkUnrouted(
          observed,
          candidates.map((t) => t.path),
          headOnly,
        ),
      ];
    const operation = this.doc.paths[found.path][key] as OperationObject;
    const response = operation.responses[String(observed.status)];
    if (!response) {
      return [
        ...problems,
        `status ${observed.status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses).join(', ')})`,
      ];
    }
    problems.push(...this.checkHeaders(observed, response));
    if (!headOnly) {
      const pointer = `#/paths/${pointerToken(found.path)}/${key}/responses/${observed.status}`;
      problems.push(...this.checkBody(observed, response, pointer));
    }
    return problems;
  }

  /** No operation for this method and path: only the generic 404 and 405 answers are allowed. */
  private checkUnrouted(observed: ObservedResponse, paths: string[], headOnly: boolean): string[] {
    const documented = [...new Set(paths.flatMap((p) => Object.keys(this.doc.paths[p]).map((m) => m.toUpperCase())))].sort();
    // A HEAD answer has no body: its status stands for the code.
    const error = headOnly
      ? { code: ({ 404: 'not_found', 405: 'method_not_allowed' } as Record<number, string>)[observed.status] }
      : this.errorBody(observed);
    if (documented.length === 0) {
      if (observed.status === 404 && error?.code === 'not_found') return [];
      return [
        `no operation is documented for this path, so only 404 not_found may answer (got ${observed.status} ${error?.code ?? ''})`.trim(),
      ];
    }
    if (observed.status !== 405 || error?.code !== 'method_not_allowed') {
      return [`the path is documented only for ${documented.join(', ')}, so only 405 method_not_allowed may answer`];
    }
    const allow = (header(observed, 'allow') ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)
      .sort();
    // A service on its own lists only its own methods (the read service's Allow for /agents/jobs is GET).
    if (allow.length > 0 && allow.every((m) => documented.includes(m))) return [];
    return [`Allow is "${allow.join(', ')}" but the document has ${documented.join(', ')}`];
  }

  private errorBody(observed: ObservedResponse): { code: string } | undefined {
    const problems = this.checkJson(observed, `#/components/schemas/Error`);
    // Checked against the Error schema just above, whose code is a required string.
    return problems.length === 0 ? (JSON.parse(observed.body.toString('utf8')) as { code: string }) : undefined;
  }

  private checkHeaders(observed: ObservedResponse, response: ResponseObject): string[] {
    const problems: string[] = [];
    for (const [name, entry] of Object.entries(response.headers ?? {})) {
      if (name.toLowerCase() === 'x-request-id') continue; // checked on every response already
      const definition = '$ref' in entry ? this.doc.components.headers[entry.$ref.split('/').pop()!] : entry;
      if (definition?.required && header(observed, name) === undefined) problems.push(`the documented header ${name} is missing`);
    }
    return problems;
  }

  private checkBody(observed: ObservedResponse, response: ResponseObject, pointer: string): string[] {
    const content = response.content ?? {};
    const types = Object.keys(content);
    if (types.length === 0) return observed.body.length > 0 ? ['a body was sent but the document describes none'] : [];
    const sent = (header(observed, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
    const type = types.find((t) => t === sent);
    if (!type) return [`Content-Type "${sent}" is not documented (documented: ${types.join(', ')})`];
    if (type !== 'application/json') return observed.body.length > 0 ? [] : ['the body is empty'];
    return this.checkJson(observed, `${pointer}/content/${pointerToken(type)}/schema`);
  }

  private checkJson(observed: ObservedResponse, schemaPointer: string): string[] {
    let body: unknown;
    try {
      body = JSON.parse(observed.body.toString('utf8'));
    } catch {
      return ['the body is not JSON'];
    }
    const validate = this.validator(schemaPointer);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `body${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    );
  }

  private validator(schemaPointer: string): ValidateFunction {
    let validate = this.validators.get(schemaPointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${schemaPointer}` });
      this.validators.set(schemaPointer, validate);
    }
    return validate;
  }
}
