import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { resetIndex, testConfig, testDb, testSearch } from '../../../test/support/context';
import { createAllInOneApp } from '../../all-in-one';

/** The request log lines a logger got, parsed. */
function capturingLogger() {
  let output = '';
  const sink = new Writable({ write: (chunk, _encoding, done) => ((output += String(chunk)), done()) });
  return {
    logger: pino({ level: 'info' }, sink),
    requestLines: () =>
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((line) => line.msg === 'request'),
  };
}

const MISSING_JOB = '00000000-0000-4000-8000-000000000000';

/** A tools/call answer, as far as these tests read it. */
type ToolAnswer = { result: { isError?: boolean; content: { text: string }[] } };

describe('/mcp as a route of the API app', function () {
  this.timeout(30_000);
  const log = capturingLogger();
  let server: http.Server;
  let mcpUrl: string;
  let metrics: () => Promise<string>;

  before(async () => {
    await resetIndex();
    const app = createAllInOneApp({
      config: testConfig({ readRateLimitPerMinute: 1 }),
      db: testDb(),
      search: testSearch(),
      logger: log.logger,
    });
    metrics = () => app.http.metrics.registry.metrics();
    server = http.createServer(app.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    mcpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
  const rpc = (method: string, params: object, requestId: string) =>
    post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), { 'x-request-id': requestId });

  it('answers with the request id and security headers, logs one line under its route, and its tool calls log under the same id', async () => {
    const res = await rpc('tools/call', { name: 'get_job', arguments: { job_id: MISSING_JOB } }, 'mcp-trace-1');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-request-id')).to.equal('mcp-trace-1');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('content-security-policy')).to.include("default-src 'none'");
    expect(((await res.json()) as ToolAnswer).result.isError).to.equal(true);
    const lines = log.requestLines().filter((line) => line.requestId === 'mcp-trace-1');
    expect(lines.map(({ route, status }) => ({ route, status }))).to.deep.equal([
      { route: '/agents/jobs/{job_id}', status: 404 },
      { route: '/mcp', status: 200 },
    ]);
    expect(await metrics()).to.match(/http_requests_total\{[^}]*route="\/mcp"[^}]*status="200"[^}]*\} 1/);
  });

  it('is not rate limited itself: only the operations its tools call count against the limit (here 1 read a minute)', async () => {
    for (const id of ['list-1', 'list-2', 'list-3']) expect((await rpc('tools/list', {}, id)).status).to.equal(200);
    const refused = (await (
      await rpc('tools/call', { name: 'get_job', arguments: { job_id: MISSING_JOB } }, 'limited')
    ).json()) as ToolAnswer;
    expect(JSON.parse(refused.result.content[0].text)).to.deep.include({ code: 'rate_limited' });
  });

  it('has the body limits of every route: over 256 KiB is 413, a body that is not JSON 415, malformed JSON 400', async () => {
    const big = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(300 * 1024) } }));
    expect(big.status).to.equal(413);
    expect(await big.json()).to.deep.include({ code: 'payload_too_large' });
    const text = await post('hello', { 'content-type': 'text/plain' });
    expect(text.status).to.equal(415);
    expect(await text.json()).to.deep.include({ code: 'unsupported_media_type' });
    const malformed = await post('{"jsonrpc":');
    expect(malformed.status).to.equal(400);
    expect(await malformed.json()).to.deep.include({ code: 'invalid_request' });
  });
});
