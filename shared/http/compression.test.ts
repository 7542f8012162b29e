import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { createAllInOneApp } from '../../services/all-in-one';
import { CATALOG } from '../../test/fixtures/catalog-jobs';
import { indexFreshJobs } from '../../test/fixtures/job-documents';
import { testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { contractChecked } from '../../test/support/http';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

interface WireResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the connection, still encoded. */
  wire: Buffer;
}

describe('response compression', () => {
  let server: http.Server;

  /** A GET with exactly these headers (supertest would add Accept-Encoding and decode the body). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<WireResponse>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, wire: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

  before(async () => {
    await indexFreshJobs(CATALOG);
    const { handler } = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
    server = http.createServer(contractChecked(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a page of jobs gzip-compressed to a client that accepts gzip, the same JSON several times smaller', async () => {
    const plain = await get('/agents/jobs?limit=100');
    const gzipped = await get('/agents/jobs?limit=100', { 'accept-encoding': 'gzip' });
    expect(plain.headers).not.to.have.property('content-encoding');
    expect(gzipped.status).to.equal(200);
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(gzipped.headers.vary).to.match(/accept-encoding/i);
    expect(gzipped.headers['x-request-id']).to.be.a('string');
    expect(json(gunzipSync(gzipped.wire))).to.deep.equal(json(plain.wire));
    expect(gzipped.wire.length * 3, `${gzipped.wire.length} gzipped bytes for ${plain.wire.length}`).to.be.below(plain.wire.length);
  });

  it('prefers br when the client accepts it too', async () => {
    const res = await get('/agents/jobs/search?q=engineer&limit=50&facets=all', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).to.equal('br');
    expect(json(brotliDecompressSync(res.wire))).to.have.keys('jobs', 'pagination', 'facets');
  });

  it('keeps the plain body for a client that refuses every encoding', async () => {
    const res = await get('/agents/jobs?limit=100', { 'accept-encoding': 'identity' });
    expect(res.headers).not.to.have.property('content-encoding');
    expect(json(res.wire).jobs).to.have.length.greaterThan(0);
  });

  it(`leaves bodies under ${COMPRESSION_THRESHOLD_BYTES} bytes alone, error objects among them`, async () => {
    const res = await get('/agents/jobs/00000000-0000-4000-8000-000000000000', { 'accept-encoding': 'gzip' });
    expect(res.status).to.equal(404);
    expect(res.headers).not.to.have.property('content-encoding');
    expect(json(res.wire).code).to.equal('not_found');
    expect(res.wire.length).to.be.below(COMPRESSION_THRESHOLD_BYTES);
  });

  it('compresses the docs page assets and the OpenAPI document', async () => {
    for (const path of ['/docs/swagger-ui-bundle.js', '/openapi.json']) {
      const plain = await get(path);
      const res = await get(path, { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding'], path).to.equal('gzip');
      expect(gunzipSync(res.wire).equals(plain.wire), path).to.equal(true);
    }
  });
});
