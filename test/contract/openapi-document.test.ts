import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { createAllInOneApp } from '../../services/all-in-one';
import { TOOLS } from '../../services/mcp';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import { COMMA_LIST, type CommaListSpec } from '../../shared/schemas/job-search';
import type { AnyRoute } from '../../shared/http/route';
import type { OpenApiDocument, OperationObject, ParameterObject } from '../../shared/openapi/document-types';
import { testConfig, testDb, testLogger, testSearch } from '../support/context';
import { servedDocument } from '../support/contract';
import { httpClient } from '../support/http';

function operations(doc: OpenApiDocument): [string, string, OperationObject][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [method.toUpperCase(), path, op] as [string, string, OperationObject]),
  );
}

function opFor(doc: OpenApiDocument, route: AnyRoute): OperationObject | undefined {
  return doc.paths[route.path]?.[route.method.toLowerCase() as 'get' | 'post'];
}

/** Bounds and choices a parameter schema can carry; the document must keep each one. */
const CONSTRAINTS = ['type', 'minimum', 'maximum', 'minLength', 'maxLength', 'default', 'enum', 'format', 'pattern'];

describe('the OpenAPI document', () => {
  let doc: OpenApiDocument;
  let app: ReturnType<typeof createAllInOneApp>;
  const apiRoutes = () => [...app.read.routes, ...app.write.routes];

  before(async () => {
    doc = await servedDocument();
    app = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
  });

  it('is valid OpenAPI 3.1 (checked against the official schema)', async () => {
    const spec: Record<string, unknown> = { ...doc };
    const result = await new Validator().validate(spec);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).to.equal(undefined);
    expect(result.valid).to.equal(true);
    expect(doc.openapi).to.match(/^3\.1\.\d+$/);
  });

  it('states version 1.0.0 and the error catalogue', () => {
    expect(doc.info.version).to.equal('1.0.0');
    expect(doc.info.title).to.equal('Job Listing Agent API');
    for (const [code, status] of Object.entries(ERROR_STATUS)) expect(doc.info.description).to.include(`| ${status} | \`${code}\` |`);
  });

  it('names every MCP tool the server lists', () => {
    expect(TOOLS.length).to.be.greaterThan(0);
    for (const tool of TOOLS) expect(doc.info.description, tool.name).to.include(`\`${tool.name}\``);
  });

  it('lists every operation both services register, with its operationId', () => {
    const listed = new Set(operations(doc).map(([m, p, op]) => `${m} ${p} ${op.operationId}`));
    const routes = apiRoutes();
    expect(routes.length).to.be.greaterThan(0);
    for (const route of routes)
      expect(listed, `${route.method} ${route.path}`).to.include(`${route.method} ${route.path} ${route.operationId}`);
    for (const path of ['/openapi.json', '/docs', '/healthz', '/readyz']) expect(doc.paths).to.have.property(path);
  });

  it('documents every parameter with its type, bounds, default and enum, as validated', () => {
    for (const route of apiRoutes()) {
      const op = opFor(doc, route)!;
      for (const where of ['query', 'params'] as const) {
        const properties = (route[where] as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties ?? {};
        for (const [name, source] of Object.entries(properties)) {
          const param = op.parameters?.find((p) => p.name === name) as ParameterObject;
          expect(param, `${route.operationId} ${name}`).to.not.equal(undefined);
          expect(param.in).to.equal(where === 'query' ? 'query' : 'path');
          const list = source[COMMA_LIST] as CommaListSpec | undefined;
          if (list) {
            // A comma list is documented as the array of its values, sent comma-joined.
            expect(param, `${route.operationId} ${name}`).to.deep.include({ style: 'form', explode: false });
            expect(param.schema, `${route.operationId} ${name}`).to.deep.equal({
              type: 'array',
              items: list.items,
              maxItems: list.maxItems,
            });
            continue;
          }
          const flat: Record<string, unknown> = { ...source, ...(Array.isArray(source.anyOf) ? { type: 'string' } : {}) };
          for (const key of CONSTRAINTS)
            if (key in flat && key !== 'type') expect(param.schema[key], `${route.operationId} ${name}.${key}`).to.deep.equal(flat[key]);
          expect(param.schema.type ?? param.schema.$ref, `${route.operationId} ${name} type`).to.not.equal(undefined);
        }
      }
    }
  });

  it('documents the paging, facet and field parameters of browse and search, each with an example', () => {
    for (const operationId of ['browseJobs', 'searchJobs']) {
      const op = operations(doc).find(([, , o]) => o.operationId === operationId)![2];
      for (const name of ['cursor', 'facets', 'fields', 'page']) {
        const param = op.parameters?.find((p) => p.name === name) as ParameterObject;
        expect(param, `${operationId} ${name}`).to.include({ in: 'query', required: false });
        expect(param.example, `${operationId} ${name} example`).to.not.equal(undefined);
        expect(param.description, `${operationId} ${name}`).to.be.a('string');
      }
      expect(op.description).to.match(/next_cursor/);
    }
  });

  it('marks query parameters with a default as optional and path parameters as required', () => {
    for (const [, , op] of operations(doc)) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') expect(p.required, `${op.operationId} ${p.name}`).to.equal(true);
        if (p.schema.default !== undefined) expect(p.required, `${op.operationId} ${p.name}`).to.equal(false);
      }
    }
  });

  it('documents conditional requests on every GET operation: If-None-Match, ETag on success, 304', () => {
    const gets = operations(doc).filter(([method]) => method === 'GET');
    expect(gets.length).to.be.greaterThan(5);
    for (const [, path, op] of gets) {
      expect(
        op.parameters?.map((p) => `${p.in} ${p.name}`),
        path,
      ).to.include('header If-None-Match');
      expect(op.responses['200'].headers, path).to.have.property('ETag');
      expect(op.responses, path).to.have.property('304');
    }
    for (const [method, path, op] of operations(doc).filter(([m]) => m !== 'GET'))
      expect(op.responses, `${method} ${path}`).not.to.have.property('304');
  });

  it('gives every response a schema and an example that validates against it', () => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'urn:test:openapi');
    for (const [method, path, op] of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        const where = `${method} ${path} ${status}`;
        if (status === '304') {
          // Not Modified carries no body, only the tag.
          expect(method, where).to.equal('GET');
          expect(response.content, where).to.equal(undefined);
          expect(response.headers, where).to.have.property('ETag');
          continue;
        }
        if (status === '204') {
          // No Content (a DELETE): no body to describe.
          expect(response.content, where).to.equal(undefined);
          continue;
        }
        expect(response.content, where).to.be.an('object');
        for (const [type, media] of Object.entries(response.content!)) {
          expect(media.schema, where).to.be.an('object');
          const examples = media.examples ? Object.values(media.examples).map((e) => e.value) : [media.example];
          expect(examples.length, where).to.be.greaterThan(0);
          if (type !== 'application/json') {
            for (const example of examples) expect(example, where).to.be.a('string');
            continue;
          }
          const pointer = `#/paths/${encodeURIComponent(path.replace(/~/g, '~0').replace(/\//g, '~1'))}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
          const validate = ajv.compile({ $ref: `urn:test:openapi${pointer}` });
          for (const example of examples) expect(validate(example), `${where}: ${JSON.stringify(validate.errors)}`).to.equal(true);
        }
      }
    }
  });

  it('lists each error code an operation declares under its status, and only codes of that status', () => {
    for (const route of apiRoutes()) {
      const op = opFor(doc, route)!;
      for (const code of route.errors) {
        const response = op.responses[String(ERROR_STATUS[code])];
        expect(response, `${route.operationId} ${code}`).to.not.equal(undefined);
        expect(Object.keys(response.content!['application/json'].examples!), `${route.operationId} ${code}`).to.include(code);
      }
    }
    for (const [, , op] of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        for (const code of Object.keys(response.content!['application/json'].examples!))
          expect(ERROR_STATUS[code as ErrorCode]).to.equal(Number(status));
      }
    }
  });

  it('documents the errors the shared machinery answers: 415/413 with a body, 429/503/500 on API operations', () => {
    const create = doc.paths['/agents/jobs'].post!;
    expect(Object.keys(create.responses)).to.include.members(['400', '401', '413', '415', '429', '500', '503']);
    const browse = doc.paths['/agents/jobs'].get!;
    expect(Object.keys(browse.responses)).to.include.members(['200', '400', '429', '500', '503']);
    expect(Object.keys(browse.responses)).to.not.include.members(['413', '415']);
    const health = doc.paths['/healthz'].get!;
    expect(Object.keys(health.responses)).to.not.include('429');
    expect(health.responses['500']).to.not.equal(undefined);
    expect(doc.components.responses).to.have.keys(['NotFound', 'MethodNotAllowed']);
    expect(browse.responses['429'].headers).to.have.property('Retry-After');
    expect(browse.responses['503'].headers).to.have.property('Retry-After');
  });

  it('puts the x-api-key scheme on exactly the operations that need a key, and says `security: []` on the public ones', () => {
    expect(doc.components.securitySchemes.apiKey).to.deep.include({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    for (const route of apiRoutes()) {
      const op = opFor(doc, route)!;
      if (route.auth === 'apiKey') expect(op.security, route.operationId).to.deep.equal([{ apiKey: [] }]);
      else if (route.operationId !== 'getMetrics') expect(op.security, route.operationId).to.deep.equal([]);
    }
    expect(doc.paths['/metrics'].get!.security).to.deep.equal([{ metricsToken: [] }]);
    expect(doc.paths['/healthz'].get!.security).to.deep.equal([]);
    expect(doc.paths['/agents/jobs'].post!.security).to.deep.equal([{ apiKey: [] }]);
    expect(doc.paths['/agents/jobs/{job_id}/apply'].post!.security).to.deep.equal([{ apiKey: [] }]);
  });

  it('keeps each named shape once in components.schemas, referenced by $ref, with no TypeBox leftovers', () => {
    for (const name of ['Job', 'Error', 'Pagination', 'Application']) expect(doc.components.schemas).to.have.property(name);
    const text = JSON.stringify(doc);
    expect(text).to.not.include('"$id"');
    expect(text).to.not.match(/"(TypeBox\.\w+|\[?Kind\]?|\[?OptionalKind\]?)":/);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    expect(refs.length).to.be.greaterThan(0);
    for (const [, kind, name] of refs)
      expect((doc.components as Record<string, Record<string, unknown>>)[kind], `${kind}/${name}`).to.have.property(name);
  });

  it('is served by each service for its own part, and whole at the base URL', async () => {
    const whole = new Set(operations(doc).map(([m, p]) => `${m} ${p}`));
    for (const service of [app.read, app.write]) {
      const res = await httpClient(service.app).get('/openapi.json').expect(200);
      const part = res.body as OpenApiDocument;
      expect(part.info.version).to.equal('1.0.0');
      const paths = operations(part).map(([m, p]) => `${m} ${p}`);
      expect(paths).to.have.members([...service.routes.map((r) => `${r.method} ${r.path}`)]);
      for (const p of paths) expect(whole).to.include(p);
    }
    const base = await httpClient(app.handler).get('/openapi.json').expect(200);
    expect(base.body).to.deep.equal(doc);
    expect(base.headers['content-type']).to.match(/^application\/json/);
  });
});
