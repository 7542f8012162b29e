import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { errors } from '../../shared/errors';
import { defineRoute } from '../../shared/http/route';
import { buildOpenApiDocument } from '../../shared/openapi/build-document';
import { SchemaComponents } from '../../shared/openapi/json-schema';
import { operationErrorCodes } from '../../shared/openapi/operation-errors';

const Named = Type.Object({ n: Type.Integer({ minimum: 0 }) }, { $id: 'Named', additionalProperties: false });

function route(fields: Partial<Parameters<typeof defineRoute>[0]> = {}) {
  return defineRoute({
    operationId: 'op',
    method: 'GET',
    path: '/things/{id}',
    summary: 's',
    tags: ['Things'],
    responses: { 200: { description: 'ok', schema: Named, example: { n: 1 } } },
    errors: [],
    handle: () => Promise.resolve(),
    ...fields,
  });
}

describe('OpenAPI schema conversion (unit)', () => {
  it('drops TypeBox bookkeeping and keeps the JSON Schema', () => {
    const converted = new SchemaComponents().convert(Type.Object({ a: Type.Optional(Type.String({ maxLength: 3 })) }));
    expect(converted).to.deep.equal({ type: 'object', properties: { a: { type: 'string', maxLength: 3 } } });
    expect(Object.getOwnPropertySymbols(converted)).to.deep.equal([]);
  });

  it('stores a shape with $id once in components and references it everywhere', () => {
    const components = new SchemaComponents();
    const converted = components.convert(Type.Object({ one: Named, many: Type.Array(Named) }));
    expect(converted.properties).to.deep.equal({
      one: { $ref: '#/components/schemas/Named' },
      many: { type: 'array', items: { $ref: '#/components/schemas/Named' } },
    });
    expect(components.schemas).to.deep.equal({
      Named: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer', minimum: 0 } }, required: ['n'] },
    });
  });

  it('refuses two different shapes under one $id', () => {
    const components = new SchemaComponents();
    components.convert(Named);
    expect(() => components.convert(Type.Object({ other: Type.String() }, { $id: 'Named' }))).to.throw(
      'two different schemas share the $id "Named"',
    );
  });

  it('writes a union of literals as an enum, keeping its description', () => {
    const converted = new SchemaComponents().convert(Type.Union([Type.Literal('a'), Type.Literal('b')], { description: 'letters' }));
    expect(converted).to.deep.equal({ type: 'string', enum: ['a', 'b'], description: 'letters' });
    const mixed = new SchemaComponents().convert(Type.Union([Type.Literal('a'), Type.Integer()]));
    expect(mixed.anyOf).to.have.length(2);
  });

  it('adds the errors the shared machinery answers to those a route lists', () => {
    expect(operationErrorCodes(route({ errors: ['not_found'] }))).to.deep.equal([
      'invalid_request',
      'not_found',
      'rate_limited',
      'internal',
      'unavailable',
    ]);
    expect(
      operationErrorCodes(route({ method: 'POST', body: Named, auth: 'apiKey', invalidInputCode: 'invalid_argument' } as never)),
    ).to.deep.equal([
      'invalid_argument',
      'unauthenticated',
      'payload_too_large',
      'unsupported_media_type',
      'rate_limited',
      'internal',
      'unavailable',
    ]);
    expect(operationErrorCodes(route({ tags: ['Operations'] }))).to.deep.equal(['invalid_request', 'internal']);
  });

  it('builds path and query parameters, keeping the first of two routes with one method and path', () => {
    const doc = buildOpenApiDocument(
      [
        route({ query: Type.Object({ page: Type.Integer({ minimum: 1, default: 1 }), q: Type.String({ description: 'words' }) }) }),
        route({ operationId: 'shadowed' }),
      ],
      { title: 't', summary: 's' },
    );
    const op = doc.paths['/things/{id}'].get!;
    expect(op.operationId).to.equal('op');
    expect(op.parameters).to.deep.equal([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'q', in: 'query', required: true, description: 'words', schema: { type: 'string' } },
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'ETags of earlier answers: when one still matches, the answer is 304 Not Modified with no body.',
        schema: { type: 'string' },
      },
    ]);
    expect(op.responses['400'].content!['application/json'].examples!.invalid_request.value).to.deep.equal(
      errors
        .invalidRequest('Invalid query parameter: limit must be <= 100.', 'Fix the parameters named in details.', [
          { field: 'limit', message: 'must be <= 100' },
        ])
        .toBody(),
    );
  });

  it('documents request headers as optional header parameters, and response headers as required unless marked otherwise', () => {
    const doc = buildOpenApiDocument(
      [
        route({
          method: 'POST',
          path: '/things',
          requestHeaders: { 'Idempotency-Key': { description: 'retry key', schema: Type.String({ maxLength: 9 }) } },
          responses: {
            201: {
              description: 'made',
              schema: Named,
              example: { n: 1 },
              headers: {
                Location: { description: 'where', schema: Type.String() },
                'Idempotent-Replayed': { description: 'replay', schema: Type.Literal('true'), required: false },
              },
            },
          },
        }),
      ],
      { title: 't', summary: 's' },
    );
    const op = doc.paths['/things'].post!;
    expect(op.parameters).to.deep.equal([
      { name: 'Idempotency-Key', in: 'header', required: false, description: 'retry key', schema: { type: 'string', maxLength: 9 } },
    ]);
    const headers = op.responses['201'].headers as Record<string, { required?: boolean }>;
    expect([headers.Location.required, headers['Idempotent-Replayed'].required]).to.deep.equal([true, false]);
  });

  it('refuses one operationId on two operations', () => {
    expect(() => buildOpenApiDocument([route(), route({ path: '/other' })], { title: 't', summary: 's' })).to.throw(
      'operationId "op" is used by both',
    );
  });
});
