import type http from 'node:http';
import type Koa from 'koa';
import { expect } from 'chai';
import { createAllInOneApp } from '../../services/all-in-one';
import { createWriteApp } from '../../services/write';
import { Database } from '../../shared/db/database';
import { errors } from '../../shared/errors';
import { resetDatabase, testConfig, testDb, testLogger, testSearch } from '../support/context';
import { createApiKey, createOrganization, createUser } from '../support/factories';
import { httpClient } from '../support/http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ORGANIZATIONS = '/organization.v1.OrganizationService/List';
const LOCATIONS = '/location.v1.LocationService/List';
/** One byte over the 256 KiB limit, as valid JSON. */
const OVERSIZED = JSON.stringify({ description: 'x'.repeat(256 * 1024) });

function allowed(res: { headers: Record<string, string> }): string[] {
  return res.headers.allow
    .split(',')
    .map((m) => m.trim())
    .sort();
}

describe('JSON errors on every path, through the one error boundary', () => {
  const app = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
  const targets: { name: string; handler: Koa | http.RequestListener; methods: Record<string, string[]>; bodies: boolean }[] = [
    {
      name: 'the all-in-one base URL',
      handler: app.handler,
      methods: { '/agents/jobs': ['GET', 'POST'], [ORGANIZATIONS]: ['POST'] },
      bodies: true,
    },
    {
      name: 'the read service',
      handler: app.read.app,
      methods: { '/agents/jobs': ['GET'], '/agents/jobs/search': ['GET'] },
      bodies: false,
    },
    {
      name: 'the write service',
      handler: app.write.app,
      methods: { '/agents/jobs': ['POST'], [LOCATIONS]: ['POST'] },
      bodies: true,
    },
  ];
  let recruiterKey: string;

  before(async () => {
    await resetDatabase();
    const organization = await createOrganization();
    const recruiter = await createUser({ is_recruiter: true, memberOf: [organization.id] });
    recruiterKey = (await createApiKey(recruiter.id)).key;
  });

  for (const target of targets) {
    describe(target.name, () => {
      const client = () => httpClient(target.handler);

      it('answers an unknown route with 404 not_found, as JSON, with a new request id', async () => {
        for (const path of ['/no/such/path', '/agents', '/%', '/agents/jobs/x/y/z']) {
          const res = await client()
            .get(path)
            .expect(404)
            .expect('content-type', /^application\/json/);
          expect(res.body).to.deep.equal(errors.routeNotFound('GET', path).toBody());
          expect(res.headers['x-request-id']).to.match(UUID);
        }
        const head = await client().head('/no/such/path').expect(404);
        expect(head.headers['x-request-id']).to.match(UUID);
      });

      it('answers a known path under another method with 405 method_not_allowed and Allow', async () => {
        for (const [path, methods] of Object.entries(target.methods)) {
          for (const method of ['put', 'delete', 'patch', 'options'] as const) {
            const request = client();
            const res = await request[method](path)
              .expect(405)
              .expect('content-type', /^application\/json/);
            expect(allowed(res), `${method} ${path}`).to.deep.equal(methods);
            expect(res.body).to.deep.equal(errors.methodNotAllowed(method.toUpperCase(), res.headers.allow.split(', ')).toBody());
          }
        }
      });

      it('echoes a sane x-request-id and replaces one that is not', async () => {
        const echoed = await client().get('/healthz').set('x-request-id', 'agent-7.run:42').expect(200);
        expect(echoed.headers['x-request-id']).to.equal('agent-7.run:42');
        const replaced = await client().get('/no/such/path').set('x-request-id', 'has spaces <and> brackets').expect(404);
        expect(replaced.headers['x-request-id']).to.match(UUID);
      });

      it('answers an unknown query parameter with 400 invalid_request naming it', async () => {
        const res = await client().get('/healthz?verbose=1').expect(400);
        expect(res.body).to.deep.equal({
          code: 'invalid_request',
          message: 'Unknown query parameter "verbose".',
          hint: 'Known parameters: none.',
          details: [{ field: 'verbose', message: 'is not a known parameter' }],
        });
      });

      if (!target.bodies) return;

      it('answers a body that is not JSON with 415 unsupported_media_type, before reading it', async () => {
        const rpc = await client().post(ORGANIZATIONS).set('content-type', 'text/plain').send('page=1').expect(415);
        expect(rpc.body).to.deep.equal(errors.unsupportedMediaType('text/plain').toBody());
        const form = await client().post('/agents/jobs').set('x-api-key', recruiterKey).type('form').send({ title: 'x' }).expect(415);
        expect(form.body).to.deep.equal(errors.unsupportedMediaType('application/x-www-form-urlencoded').toBody());
      });

      it('answers a body over 256 KiB with 413 payload_too_large', async () => {
        for (const path of [ORGANIZATIONS, '/agents/jobs']) {
          const res = await client()
            .post(path)
            .set('x-api-key', recruiterKey)
            .set('content-type', 'application/json')
            .send(OVERSIZED)
            .expect(413);
          expect(res.body).to.deep.equal(errors.payloadTooLarge('256 KiB').toBody());
        }
      });

      it('answers malformed JSON with 400 in the code of the operation (invalid_argument for RPC)', async () => {
        const rpc = await client().post(ORGANIZATIONS).set('content-type', 'application/json').send('{"pagination": ').expect(400);
        expect(rpc.body).to.deep.equal({ code: 'invalid_argument', message: 'The request body is not valid JSON.', hint: rpc.body.hint });
        expect(rpc.body.hint).to.match(/^Send a JSON object/);
        const create = await client()
          .post('/agents/jobs')
          .set('x-api-key', recruiterKey)
          .set('content-type', 'application/json')
          .send('{"title": "x",}')
          .expect(400);
        expect(create.body).to.deep.equal({
          code: 'invalid_request',
          message: 'The request body is not valid JSON.',
          hint: create.body.hint,
        });
        expect(create.body.hint).to.match(/^Send a JSON object/);
      });
    });
  }

  describe('a dependency that is down', () => {
    // Postgres on a port where nothing listens: the write service must answer 503, never 500.
    const down = new Database(testConfig({ databaseUrl: 'postgres://postgres@127.0.0.1:9/nowhere', pgConnectTimeoutMs: 500 }));
    const write = createWriteApp({ config: testConfig(), db: down, search: testSearch(), logger: testLogger });
    after(() => down.close());

    it('answers 503 unavailable with Retry-After, as JSON', async () => {
      for (const path of [ORGANIZATIONS, LOCATIONS]) {
        const res = await httpClient(write.app).post(path).expect(503).expect('retry-after', '5');
        expect(res.body).to.deep.equal(errors.unavailable('PostgreSQL').toBody());
      }
      const ready = await httpClient(write.app).get('/readyz').expect(503);
      expect(ready.body).to.deep.equal(errors.unavailable('postgres').toBody());
    });
  });
});
