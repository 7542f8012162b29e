import http from 'node:http';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { createAllInOneApp } from '../../services/all-in-one';
import { ConfigError, loadConfig } from '../config';
import { errors } from '../errors';
import { testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { contractChecked } from '../../test/support/http';
import { closeServer, listenOnFreePort, rawRequest, type RawResponse } from '../../test/support/raw-http';
import { clientErrorAnswer } from './client-errors';
import { createHttpServer, type HttpTimeouts } from './http-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Short enough for the suite; the defaults (15 s and 30 s) are checked on their own below. */
const FAST: HttpTimeouts = { httpHeadersTimeoutMs: 300, httpRequestTimeoutMs: 600 };

/** Asserts the JSON error answer of the HTTP layer: status, whole body, a request id, and the closed connection. */
function expectRefusal(res: RawResponse, status: number, body: object): void {
  expect(res.status, res.body).to.equal(status);
  expect(JSON.parse(res.body)).to.deep.equal(body);
  expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
  expect(Number(res.headers['content-length'])).to.equal(Buffer.byteLength(res.body));
  expect(res.headers['x-request-id']).to.match(UUID);
  expect(res.headers.connection).to.equal('close');
}

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('the HTTP server of every service', () => {
  describe("answers what Node's HTTP parser refuses with the JSON error object (clientError)", () => {
    const log = capturingLogger();
    const app = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
    const server = createHttpServer(contractChecked(app.handler), FAST, log.logger);
    let port: number;
    before(async () => (port = await listenOnFreePort(server)));
    after(() => closeServer(server));

    it('answers a 100 KB URL with 431 headers_too_large, every time', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await rawRequest(port, `GET /agents/jobs/search?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
        expectRefusal(res, 431, errors.headersTooLarge('16 KiB').toBody());
        expect(res.body).to.include('16 KiB');
      }
    });

    it('answers a 20 KB header with 431 headers_too_large', async () => {
      const res = await rawRequest(port, `GET /agents/jobs HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`);
      expectRefusal(res, 431, errors.headersTooLarge('16 KiB').toBody());
    });

    it('answers raw bytes or a space in the path with 400 invalid_request naming the problem', async () => {
      for (const bytes of [[0xc3, 0xa9], [0x7f], [0x01]]) {
        const request = Buffer.concat([
          Buffer.from('GET /agents/jobs/caf'),
          Buffer.from(bytes),
          Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
        ]);
        expectRefusal(await rawRequest(port, request), 400, errors.malformedHttp('Invalid char in url path').toBody());
      }
      const space = await rawRequest(port, 'GET /agents/jobs/a b HTTP/1.1\r\nHost: x\r\n\r\n');
      expectRefusal(space, 400, errors.malformedHttp('Expected HTTP/, RTSP/ or ICE/').toBody());
      const method = await rawRequest(port, 'G(T / HTTP/1.1\r\nHost: x\r\n\r\n');
      expectRefusal(method, 400, errors.malformedHttp('Invalid method encountered').toBody());
    });

    it('logs each refusal once, with the request id the client got', async () => {
      log.lines.length = 0;
      const res = await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`);
      const refusals = log.lines.filter((line) => line.msg === 'request refused by the HTTP layer');
      expect(refusals.map(({ requestId, status, code, cause }) => ({ requestId, status, code, cause }))).to.deep.equal([
        { requestId: res.headers['x-request-id'], status: 431, code: 'headers_too_large', cause: 'HPE_HEADER_OVERFLOW' },
      ]);
    });

    it('still serves well-formed requests on the same server', async () => {
      const res = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(res.status).to.equal(200);
      expect(res.headers['x-request-id']).to.match(UUID);
    });

    it('answers nothing where there is nobody to answer: a reset or broken connection', () => {
      for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'])
        expect(clientErrorAnswer(Object.assign(new Error(code), { code }), false, FAST)).to.equal(undefined);
    });
  });

  describe('limits how long a client may take to send its request (headersTimeout, requestTimeout)', () => {
    const app = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
    // Unchecked: once the 408 is out, the app's own late answer to the aborted request (an empty
    // 400 written to a closed socket) reaches nobody, and the contract check would judge it.
    const server = createHttpServer(app.handler, FAST, testLogger);
    let port: number;
    before(async () => (port = await listenOnFreePort(server)));
    after(() => closeServer(server));

    it('answers a client trickling its body with 408 request_timeout once the request timeout passes, and closes', async () => {
      const head =
        'POST /organization.v1.OrganizationService/List HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
      const res = await rawRequest(port, head, { piece: ' ', everyMs: 50 });
      expectRefusal(res, 408, errors.requestTimeout(0.6).toBody());
      expect(JSON.parse(res.body).message).to.equal('The request did not arrive in full within 0.6 seconds.');
      // Answered after the timeout, within one check interval (75 ms here, at most 1 s), not Node's 30 s.
      expect(res.elapsedMs).to.be.within(FAST.httpRequestTimeoutMs - 20, FAST.httpRequestTimeoutMs + 500);
      expect(res.closedAfterMs).to.be.below(FAST.httpRequestTimeoutMs + 1_500);
    });

    it('answers a client trickling its headers with 408 once the headers timeout passes', async () => {
      const res = await rawRequest(port, 'GET /agents/jobs HTTP/1.1\r\nHost: x\r\n', { piece: 'X-Slow: 1\r\n', everyMs: 50 });
      expectRefusal(res, 408, errors.requestTimeout(0.3, 'headers').toBody());
      expect(res.elapsedMs).to.be.within(FAST.httpHeadersTimeoutMs - 20, FAST.httpHeadersTimeoutMs + 500);
    });

    it('leaves idle keep-alive connections and slow handlers alone: the limits are on receiving a request', async () => {
      const slow = createHttpServer(
        (_req, res) => void setTimeout(() => res.end('done'), FAST.httpRequestTimeoutMs + 300),
        FAST,
        testLogger,
      );
      const slowPort = await listenOnFreePort(slow);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const get = () =>
        new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
          const req = http.get({ host: '127.0.0.1', port: slowPort, path: '/', agent }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body, reused: req.reusedSocket }));
          });
          req.on('error', reject);
        });
      try {
        expect(await get()).to.deep.equal({ status: 200, body: 'done', reused: false });
        // Not a wait for a condition: the test is that nothing closes the idle connection during a
        // pause longer than the request timeout, so the pause itself is what is measured.
        await new Promise((resolve) => setTimeout(resolve, FAST.httpRequestTimeoutMs + 200));
        expect(await get()).to.deep.equal({ status: 200, body: 'done', reused: true });
      } finally {
        agent.destroy();
        await closeServer(slow);
      }
    });
  });

  describe('its defaults and settings', () => {
    it('defaults to 15 s for the headers and 30 s for the whole request, and the server takes them', () => {
      const config = loadConfig({});
      expect({ headers: config.httpHeadersTimeoutMs, request: config.httpRequestTimeoutMs }).to.deep.equal({
        headers: 15_000,
        request: 30_000,
      });
      const server = createHttpServer(() => undefined, config, testLogger);
      expect(server.headersTimeout).to.be.within(15_000, 30_000);
      expect(server.requestTimeout).to.be.within(15_000, 30_000);
      expect([server.headersTimeout, server.requestTimeout]).to.deep.equal([15_000, 30_000]);
    });

    it('reads HTTP_HEADERS_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS, refusing values that cannot work', () => {
      expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '25000' })).to.include({
        httpHeadersTimeoutMs: 20_000,
        httpRequestTimeoutMs: 25_000,
      });
      const cases: [NodeJS.ProcessEnv, string][] = [
        [{ HTTP_REQUEST_TIMEOUT_MS: '30s' }, 'HTTP_REQUEST_TIMEOUT_MS must be a whole number, got "30s"'],
        [{ HTTP_HEADERS_TIMEOUT_MS: '0' }, 'HTTP_HEADERS_TIMEOUT_MS must be between 1000 and 600000, got 0'],
        [{ HTTP_HEADERS_TIMEOUT_MS: '40000' }, 'HTTP_HEADERS_TIMEOUT_MS (40000) must not be above HTTP_REQUEST_TIMEOUT_MS (30000)'],
      ];
      for (const [env, message] of cases) expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  });
});
