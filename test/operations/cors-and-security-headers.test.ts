import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Response } from 'supertest';
import { createAllInOneApp } from '../../services/all-in-one';
import { createReadApp } from '../../services/read';
import { createWriteApp } from '../../services/write';
import { applyWorld } from '../support/apply-fixtures';
import { loadConfig, type Config } from '../../shared/config';
import { createHttpState } from '../../shared/http/http-state';
import { API_CSP } from '../../shared/http/security-headers';
import { DOCS_PAGE_CSP } from '../../shared/openapi/docs-page';
import { ensureChromium, launchChromium } from '../contract/chromium';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../support/context';
import { contractChecked, httpClient } from '../support/http';

const ORGANIZATIONS = '/organization.v1.OrganizationService/List';
const PAGE = 'https://agents.example';
const RECRUITER_SITE = 'https://recruiter.example';
const METRICS_TOKEN = 'cors-test-metrics-token-77';

const wholeApi = (overrides: Partial<Config> = {}) => {
  const config = testConfig({ metricsToken: METRICS_TOKEN, ...overrides });
  return createAllInOneApp({ config, db: testDb(), search: testSearch(), logger: testLogger, http: createHttpState(config) });
};

/** The CORS headers of an answer, undefined where absent. */
const corsHeaders = (res: Response) => ({
  origin: res.headers['access-control-allow-origin'],
  credentials: res.headers['access-control-allow-credentials'],
  methods: res.headers['access-control-allow-methods'],
  headers: res.headers['access-control-allow-headers'],
  expose: res.headers['access-control-expose-headers'],
  maxAge: res.headers['access-control-max-age'],
});

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/** A CORS preflight as browsers send it. */
const preflight = (client: ReturnType<typeof httpClient>, path: string, method: string, origin = PAGE, requestHeaders?: string) => {
  const request = client.options(path).set('Origin', origin).set('Access-Control-Request-Method', method);
  return requestHeaders ? request.set('Access-Control-Request-Headers', requestHeaders) : request;
};

describe('security headers and CORS (issue 14, item 5)', () => {
  let world: Awaited<ReturnType<typeof applyWorld>>;

  before(async () => {
    await resetDatabase();
    await resetIndex();
    world = await applyWorld();
  });

  describe('security headers', () => {
    const expectHardened = (res: Response, what: string) => {
      expect(res.headers['x-content-type-options'], what).to.equal('nosniff');
      expect(res.headers['x-frame-options'], what).to.equal('DENY');
      expect(res.headers['referrer-policy'], what).to.equal('no-referrer');
      expect(res.headers['content-security-policy'], what).to.equal(API_CSP);
    };

    it('are on every answer of the whole API: successes, errors, metrics, docs files and preflights', async () => {
      const client = httpClient(wholeApi().handler);
      const answers: [string, Response][] = [
        ['browse', await client.get('/agents/jobs?limit=1').expect(200)],
        ['get, 404', await client.get('/agents/jobs/00000000-0000-4000-8000-000000000000').expect(404)],
        ['bad query', await client.get('/agents/jobs?limit=0').expect(400)],
        ['unknown path', await client.get('/no/such/path').expect(404)],
        ['wrong method', await client.delete('/agents/jobs').expect(405)],
        ['create without key', await client.post('/agents/jobs').send({}).expect(401)],
        ['apply', await client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key).expect(201)],
        ['RPC', await client.post(ORGANIZATIONS).send({}).expect(200)],
        ['metrics refused', await client.get('/metrics').expect(401)],
        ['metrics', await client.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)],
        ['document', await client.get('/openapi.json').expect(200)],
        ['docs script', await client.get('/docs/swagger-ui-bundle.js').expect(200)],
        ['health', await client.get('/healthz').expect(200)],
        ['preflight', await preflight(client, '/agents/jobs', 'GET').expect(204)],
      ];
      for (const [what, res] of answers) expectHardened(res, what);
    });

    it('are on the answers of each service alone too', async () => {
      const read = httpClient(createReadApp({ config: testConfig(), search: testSearch(), logger: testLogger }).app);
      const write = httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app);
      expectHardened(await read.get('/agents/jobs?limit=1').expect(200), 'read: browse');
      expectHardened(await read.get('/agents/jobs?nope=1').expect(400), 'read: 400');
      expectHardened(await write.post(ORGANIZATIONS).send({}).expect(200), 'write: RPC');
      expectHardened(await write.post('/agents/jobs').set('x-api-key', 'jla_nope').send({}).expect(401), 'write: 401');
    });

    it('give the docs page a policy of its own: local scripts only, its inline style by hash, no framing', async () => {
      const res = await httpClient(wholeApi().handler).get('/docs').expect(200);
      const csp = res.headers['content-security-policy'];
      expect(csp).to.equal(DOCS_PAGE_CSP);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d: string) => d.trim().split(/\s+/))
          .map(([name, ...values]: string[]) => [name, values]),
      );
      expect(directives['default-src']).to.deep.equal(["'none'"]);
      expect(directives['script-src']).to.deep.equal(["'self'"]);
      expect(directives['connect-src']).to.deep.equal(["'self'"]);
      expect(directives['frame-ancestors']).to.deep.equal(["'none'"]);
      expect(csp).to.not.include('unsafe-inline').and.not.include('unsafe-eval');
      // The hash in the policy is that of the page's one inline style, so the browser applies it.
      const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
      expect(styles).to.have.length(1);
      expect(directives['style-src']).to.deep.equal(["'self'", `'sha256-${createHash('sha256').update(styles[0]).digest('base64')}'`]);
      expect(res.text).to.not.include('<script>');
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      expect(res.headers['x-frame-options']).to.equal('DENY');
    });
  });

  describe('CORS for the operations that take no key', () => {
    it('lets a page of any origin read the answers, errors included, without credentials', async () => {
      const client = httpClient(wholeApi().handler);
      const answers = [
        await client.get('/agents/jobs?limit=1').set('Origin', PAGE).expect(200),
        await client.get('/agents/jobs/search?q=engineer').set('Origin', 'http://localhost:8080').expect(200),
        await client.get('/agents/jobs/00000000-0000-4000-8000-000000000000').set('Origin', PAGE).expect(404),
        await client.get('/agents/jobs?limit=0').set('Origin', PAGE).expect(400),
        await client.post(ORGANIZATIONS).set('Origin', PAGE).send({}).expect(200),
        await client.get('/openapi.json').set('Origin', PAGE).expect(200),
      ];
      for (const [i, res] of answers.entries()) {
        const cors = corsHeaders(res);
        expect(cors.origin, `answer ${i}`).to.equal('*');
        expect(cors.credentials).to.equal(undefined);
        // A page can read the request id, the tag and the limits, which browsers hide unless listed.
        expect(list(cors.expose)).to.include.members([
          'x-request-id',
          'etag',
          'retry-after',
          'ratelimit-limit',
          'ratelimit-remaining',
          'ratelimit-reset',
        ]);
      }
    });

    it('answers the preflight of a read and of an RPC call 204, with the methods and headers a page may use', async () => {
      const client = httpClient(wholeApi().handler);
      const read = await preflight(client, '/agents/jobs/search?q=engineer', 'GET', PAGE, 'if-none-match, x-request-id').expect(204);
      expect(corsHeaders(read)).to.deep.include({ origin: '*', credentials: undefined, maxAge: '600' });
      expect(list(corsHeaders(read).methods)).to.include.members(['get', 'head']);
      expect(list(corsHeaders(read).headers)).to.include.members(['if-none-match', 'x-request-id', 'content-type']);
      expect(read.text).to.equal('');
      expect(read.headers['x-request-id']).to.be.a('string');

      const rpc = await preflight(client, ORGANIZATIONS, 'POST', PAGE, 'content-type').expect(204);
      expect(corsHeaders(rpc).origin).to.equal('*');
      expect(list(corsHeaders(rpc).methods)).to.include('post');
      expect(list(corsHeaders(rpc).headers)).to.include('content-type');
      // The API key is no header of a public operation.
      expect(list(corsHeaders(rpc).headers)).to.not.include('x-api-key');
    });

    it('answers a preflight on each service alone too (the docker edge sends it to the service that serves the asked method)', async () => {
      const read = httpClient(createReadApp({ config: testConfig(), search: testSearch(), logger: testLogger }).app);
      const write = httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app);
      expect(corsHeaders(await preflight(read, '/agents/jobs', 'GET').expect(204)).origin).to.equal('*');
      expect(corsHeaders(await preflight(write, ORGANIZATIONS, 'POST').expect(204)).origin).to.equal('*');
    });

    it('never rate limits a preflight, nor counts it as an error: it is a 204 in the metrics', async () => {
      const client = httpClient(wholeApi({ readRateLimitPerMinute: 1, writeRateLimitPerMinute: 1 }).handler);
      for (let i = 0; i < 5; i++) {
        for (const [path, method] of [
          ['/agents/jobs', 'GET'],
          [ORGANIZATIONS, 'POST'],
          ['/agents/jobs', 'POST'],
          [`/agents/jobs/${world.job.id}/apply`, 'POST'],
        ]) {
          const res = await preflight(client, path, method).expect(204);
          expect(res.headers['ratelimit-limit']).to.equal(undefined);
        }
      }
      // The one read of the window is still there after 20 preflights.
      const first = await client.get('/agents/jobs').set('Origin', PAGE).expect(200);
      expect(first.headers['ratelimit-remaining']).to.equal('0');
      const metrics = (await client.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)).text;
      expect(metrics).to.include('http_requests_total{method="OPTIONS",route="unmatched",status="204"} 20');
      expect(metrics).to.not.match(/method="OPTIONS"[^\n]*status="4\d\d"/);
    });

    it('leaves OPTIONS without the preflight headers to the routes: 405 as for any other method', async () => {
      const client = httpClient(wholeApi().handler);
      const res = await client.options('/agents/jobs').expect(405);
      expect(res.body.code).to.equal('method_not_allowed');
      // A preflight for a method no operation has gets no permission (the browser stops there).
      const none = await preflight(client, '/agents/jobs', 'DELETE').expect(204);
      expect(corsHeaders(none)).to.deep.include({ origin: undefined, methods: undefined });
    });
  });

  describe('CORS for the operations that take a key', () => {
    it('exposes none to browsers by default: the preflight grants nothing and answers carry no Allow-Origin', async () => {
      expect(loadConfig({}).corsWriteOrigins).to.deep.equal([]);
      const client = httpClient(wholeApi().handler);
      for (const path of ['/agents/jobs', `/agents/jobs/${world.job.id}/apply`]) {
        const res = await preflight(client, path, 'POST', PAGE, 'content-type, x-api-key').expect(204);
        expect(corsHeaders(res), path).to.deep.include({ origin: undefined, methods: undefined, headers: undefined });
      }
      const create = await client.post('/agents/jobs').set('Origin', PAGE).set('x-api-key', world.recruiterKey.key).send({}).expect(400);
      expect(corsHeaders(create).origin).to.equal(undefined);
    });

    it('exposes them to the origins of CORS_WRITE_ORIGINS only, with the key and Idempotency-Key headers allowed', async () => {
      const client = httpClient(wholeApi({ corsWriteOrigins: [RECRUITER_SITE] }).handler);
      const allowed = await preflight(client, '/agents/jobs', 'POST', RECRUITER_SITE, 'content-type, x-api-key, idempotency-key').expect(
        204,
      );
      expect(corsHeaders(allowed)).to.deep.include({ origin: RECRUITER_SITE, credentials: undefined, maxAge: '600' });
      // Every method of the operations that take a key: create and apply (POST), edit (PATCH), the recruiter's and applicant's lists (GET),
      // deleting a saved search or a webhook subscription (DELETE).
      expect(list(corsHeaders(allowed).methods)).to.have.members(['post', 'patch', 'get', 'head', 'delete']);
      expect(list(corsHeaders(allowed).headers)).to.include.members(['content-type', 'x-api-key', 'idempotency-key']);
      expect(list(allowed.headers.vary)).to.include('origin');

      const other = await preflight(client, '/agents/jobs', 'POST', PAGE, 'content-type, x-api-key').expect(204);
      expect(corsHeaders(other).origin).to.equal(undefined);

      const body = {
        title: 'CORS Engineer',
        organization_id: world.organization.id,
        location_id: world.location.id,
        type: 'full_time',
        salary: '1',
      };
      const created = await client
        .post('/agents/jobs')
        .set('Origin', RECRUITER_SITE)
        .set('x-api-key', world.recruiterKey.key)
        .send(body)
        .expect(201);
      expect(corsHeaders(created).origin).to.equal(RECRUITER_SITE);
      expect(list(corsHeaders(created).expose)).to.include.members(['location', 'idempotent-replayed', 'x-request-id']);
      const refused = await client.post('/agents/jobs').set('Origin', PAGE).set('x-api-key', world.recruiterKey.key).send({}).expect(400);
      expect(corsHeaders(refused).origin).to.equal(undefined);
      // The public operations stay open to every origin.
      expect(corsHeaders(await client.get('/agents/jobs').set('Origin', PAGE).expect(200)).origin).to.equal('*');
    });

    it('takes CORS_WRITE_ORIGINS as a comma list of exact origins, refusing anything else at start-up', () => {
      expect(loadConfig({ CORS_WRITE_ORIGINS: ' https://a.example, http://localhost:8080 ' }).corsWriteOrigins).to.deep.equal([
        'https://a.example',
        'http://localhost:8080',
      ]);
      for (const bad of ['https://a.example/', 'https://a.example/app', '*', 'a.example', 'ftp://a.example', 'https://A.example']) {
        expect(() => loadConfig({ CORS_WRITE_ORIGINS: bad }), bad).to.throw(
          `CORS_WRITE_ORIGINS must list origins such as https://app.example.com (no path, no trailing slash), got "${bad}"`,
        );
      }
    });
  });

  it('never exposes /metrics to pages, whatever the origin', async () => {
    const client = httpClient(wholeApi({ corsWriteOrigins: [RECRUITER_SITE] }).handler);
    for (const origin of [PAGE, RECRUITER_SITE]) {
      expect(corsHeaders(await preflight(client, '/metrics', 'GET', origin, 'authorization').expect(204)).origin).to.equal(undefined);
      const res = await client.get('/metrics').set('Origin', origin).set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      expect(corsHeaders(res).origin).to.equal(undefined);
    }
  });

  describe('in a real browser, from a page of another origin', function () {
    this.timeout(60_000);
    const servers: http.Server[] = [];
    let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;

    /** Listens on a free loopback port; each port is an origin of its own. */
    const listen = async (handler: http.RequestListener) => {
      const server = http.createServer(handler);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };

    before(async function () {
      this.timeout(900_000); // a new machine installs chromium first
      await ensureChromium();
      browser = await launchChromium();
    });

    after(async () => {
      await browser?.close();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    });

    /** What fetch in the page at `pageOrigin` gets from the API: the answer, or the error that stopped it. */
    const fetchFromPage = async (
      pageOrigin: string,
      url: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) => {
      const page = await browser!.context.newPage();
      try {
        await page.goto(`${pageOrigin}/`);
        return await page.evaluate(
          async ({ url, init }) => {
            try {
              const res = await fetch(url, init);
              const body = (await res.json()) as { jobs?: unknown };
              return { status: res.status, requestId: res.headers.get('x-request-id'), location: res.headers.get('location'), body };
            } catch (err) {
              return { error: String(err) };
            }
          },
          { url, init },
        );
      } finally {
        await page.close();
      }
    };

    it('reads the public operations, and creates a job only from a configured origin', async () => {
      const pageOrigin = await listen((_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>agent</title>'),
      );
      const closedApi = await listen(contractChecked(wholeApi().handler));
      const openApi = await listen(contractChecked(wholeApi({ corsWriteOrigins: [pageOrigin] }).handler));

      const browse = await fetchFromPage(pageOrigin, `${closedApi}/agents/jobs?limit=1`, {
        headers: { 'If-None-Match': '"x"', 'X-Request-Id': 'from-the-page' },
      });
      expect(browse).to.deep.include({ status: 200, requestId: 'from-the-page' });
      expect(browse.body?.jobs).to.be.an('array');
      const rpc = await fetchFromPage(pageOrigin, `${closedApi}${ORGANIZATIONS}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(rpc).to.deep.include({ status: 200 });

      const create = (api: string, title: string) =>
        fetchFromPage(pageOrigin, `${api}/agents/jobs`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-api-key': world.recruiterKey.key, 'Idempotency-Key': title.replace(/ /g, '-') },
          body: JSON.stringify({
            title,
            organization_id: world.organization.id,
            location_id: world.location.id,
            type: 'full_time',
            salary: '1',
          }),
        });
      const blocked = await create(closedApi, 'Blocked by CORS');
      expect(blocked.error).to.include('Failed to fetch');
      const made = await create(openApi, 'Created from a page');
      expect(made).to.deep.include({ status: 201 });
      expect(made.location).to.match(/\/agents\/jobs\/[0-9a-f-]{36}$/);
      // The refused create never reached the handler: the browser stopped at the preflight.
      const titles = await testDb().query<{ title: string }>(
        "SELECT title FROM jobs WHERE title IN ('Blocked by CORS', 'Created from a page')",
      );
      expect(titles.map((t) => t.title)).to.deep.equal(['Created from a page']);
    });
  });
});
