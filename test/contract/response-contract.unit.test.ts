import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { errors, type ApiError } from '../../shared/errors';
import { defineRoute } from '../../shared/http/route';
import { buildOpenApiDocument } from '../../shared/openapi/build-document';
import { ResponseContract, type ObservedResponse } from '../../shared/openapi/response-contract';

const Thing = Type.Object(
  { id: Type.String({ format: 'uuid' }), size: Type.Integer({ minimum: 0 }) },
  { $id: 'Thing', additionalProperties: false },
);
const ID = '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70';

const route = (operationId: string, path: string, extra: object = {}) =>
  defineRoute({
    operationId,
    method: 'GET',
    path,
    summary: operationId,
    tags: ['Things'],
    responses: { 200: { description: 'ok', schema: Thing, example: { id: ID, size: 1 } } },
    errors: ['not_found'],
    handle: () => Promise.resolve(),
    ...extra,
  });

const contract = new ResponseContract(
  buildOpenApiDocument(
    [
      route('getThing', '/things/{thing_id}'),
      route('searchThings', '/things/search', { errors: [] }),
      route('makeThing', '/things', {
        method: 'POST',
        body: Thing,
        responses: { 201: { description: 'made', schema: Thing, example: { id: ID, size: 1 } } },
      }),
      route('page', '/page', {
        responses: { 200: { description: 'html', schema: Type.String({ contentMediaType: 'text/html' }), example: '<p>' } },
      }),
    ],
    { title: 't', summary: 's' },
  ),
);

function json(method: string, url: string, status: number, body: unknown, headers: Record<string, string> = {}): ObservedResponse {
  return {
    method,
    url,
    status,
    headers: {
      'x-request-id': 'r1',
      'content-type': 'application/json; charset=utf-8',
      ...(method === 'GET' || method === 'HEAD' ? { etag: 'W/"5-x"' } : {}),
      ...headers,
    },
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  };
}

/** Headers as Node reports them: names in lowercase. */
const error = (method: string, url: string, e: ApiError) =>
  json(method, url, e.status, e.toBody(), Object.fromEntries(Object.entries(e.headers).map(([k, v]) => [k.toLowerCase(), v])));

describe('the response contract check (unit)', () => {
  it('accepts a response that matches its operation', () => {
    expect(contract.check(json('GET', `/things/${ID}?x=1`, 200, { id: ID, size: 2 }))).to.deep.equal([]);
    expect(contract.check(error('GET', '/things/nope', errors.jobNotFound('nope')))).to.deep.equal([]);
  });

  it('reports a body that breaks the schema, naming the field', () => {
    const problems = contract.check(json('GET', `/things/${ID}`, 200, { id: 'not-a-uuid', size: -1, extra: true }));
    expect(problems.join('\n'))
      .to.include('body/id must match format "uuid"')
      .and.include('body/size must be >= 0')
      .and.include('must NOT have additional properties');
    expect(problems[0]).to.match(/^GET \/things\/\S+ -> 200: /);
  });

  it('reports an undocumented status, and an error code the status may not carry there', () => {
    expect(contract.check(json('GET', `/things/${ID}`, 201, { id: ID, size: 2 }))).to.deep.equal([
      `GET /things/${ID} -> 201: status 201 is not documented for getThing (documented: 200, 304, 400, 404, 429, 500, 503)`,
    ]);
    expect(contract.check(error('GET', '/things/search', errors.jobNotFound('x')))[0]).to.include(
      'status 404 is not documented for searchThings',
    );
    const wrongCode = contract.check(error('GET', '/things/search', errors.unknownLocation(ID)));
    expect(wrongCode.join('\n')).to.include('body/code must be equal to one of the allowed values');
  });

  it('requires x-request-id on every response and the headers a status documents', () => {
    const bare = {
      ...json('GET', `/things/${ID}`, 200, { id: ID, size: 2 }),
      headers: { 'content-type': 'application/json', etag: 'W/"1"' },
    };
    expect(contract.check(bare)).to.deep.equal([`GET /things/${ID} -> 200: the x-request-id header is missing`]);
    const untagged = {
      ...json('GET', `/things/${ID}`, 200, { id: ID, size: 2 }),
      headers: { 'x-request-id': 'r', 'content-type': 'application/json' },
    };
    expect(contract.check(untagged)).to.deep.equal([`GET /things/${ID} -> 200: the documented header ETag is missing`]);
    const unavailable = errors.unavailable('Elasticsearch');
    expect(contract.check(json('GET', `/things/${ID}`, 503, unavailable.toBody()))).to.deep.equal([
      `GET /things/${ID} -> 503: the documented header Retry-After is missing`,
    ]);
    expect(contract.check(error('GET', `/things/${ID}`, unavailable))).to.deep.equal([]);
  });

  it('prefers a literal path over a template, as the router does', () => {
    expect(contract.check(json('GET', '/things/search', 200, { id: ID, size: 0 }))).to.deep.equal([]);
    expect(contract.check(error('GET', '/things/search', errors.jobNotFound('search')))[0]).to.include('searchThings');
  });

  it('allows only 404 not_found on unknown paths, and 405 with the documented methods in Allow on known ones', () => {
    expect(contract.check(error('GET', '/nowhere', errors.routeNotFound('GET', '/nowhere')))).to.deep.equal([]);
    expect(contract.check(json('GET', '/nowhere', 200, {}))[0]).to.include('no operation is documented for this path');
    expect(contract.check(error('DELETE', '/things', errors.methodNotAllowed('DELETE', ['POST'])))).to.deep.equal([]);
    expect(contract.check(error('DELETE', '/things', errors.methodNotAllowed('DELETE', ['POST', 'PUT'])))).to.deep.equal([
      'DELETE /things -> 405: Allow is "POST, PUT" but the document has POST',
    ]);
    expect(contract.check(error('DELETE', '/things', errors.methodNotAllowed('DELETE', [])))[0]).to.include('Allow is ""');
    expect(contract.check(error('DELETE', '/things', errors.routeNotFound('DELETE', '/things')))[0]).to.include(
      'only 405 method_not_allowed may answer',
    );
  });

  it('checks the media type, and JSON bodies that are not JSON', () => {
    const html = {
      ...json('GET', '/page', 200, '<p>hi</p>'),
      headers: { 'x-request-id': 'r', etag: 'W/"1"', 'content-type': 'text/html; charset=utf-8' },
    };
    expect(contract.check(html)).to.deep.equal([]);
    expect(contract.check(json('GET', '/page', 200, '"<p>"'))[0]).to.include(
      'Content-Type "application/json" is not documented (documented: text/html)',
    );
    expect(contract.check(json('GET', `/things/${ID}`, 200, '{not json'))[0]).to.include('the body is not JSON');
  });

  it('checks only status and headers of HEAD answers', () => {
    expect(contract.check({ ...json('HEAD', `/things/${ID}`, 200, ''), body: Buffer.alloc(0) })).to.deep.equal([]);
  });

  it('accepts 304 Not Modified on GET operations, without a body and with the ETag', () => {
    const notModified = { ...json('GET', `/things/${ID}`, 304, ''), body: Buffer.alloc(0) };
    expect(contract.check(notModified)).to.deep.equal([]);
    expect(contract.check({ ...notModified, body: Buffer.from('{}') })).to.deep.equal([
      `GET /things/${ID} -> 304: a body was sent but the document describes none`,
    ]);
    expect(contract.check(json('POST', '/things', 304, ''))[0]).to.include('status 304 is not documented for makeThing');
  });
});
