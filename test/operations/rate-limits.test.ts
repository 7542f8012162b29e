import { expect } from 'chai';
import type { Response } from 'supertest';
import { createAllInOneApp } from '../../services/all-in-one/app';
import { createReadApp } from '../../services/read/app';
import { createWriteApp } from '../../services/write/app';
import { applyWorld } from '../../services/write/routes/apply/apply-fixtures';
import type { Config } from '../../shared/config';
import { loadConfig } from '../../shared/config';
import { createHttpState } from '../../shared/http/http-state';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../support/context';
import { servedDocument } from '../support/contract';
import { createApiKey, createResume, createUser } from '../support/factories';
import { httpClient } from '../support/http';

const ORGANIZATIONS = '/organization.v1.OrganizationService/List';

const rateLimited = (seconds: number) => ({ code: 'rate_limited', message: 'Too many requests.', hint: `Retry after ${seconds} seconds.` });

/** The RateLimit-* headers of a response, undefined where absent. */
const rateHeaders = (res: Response) => ({
  limit: res.headers['ratelimit-limit'],
  remaining: res.headers['ratelimit-remaining'],
  reset: res.headers['ratelimit-reset'],
});

describe('rate limits (DESIGN.md 10)', () => {
  // The limiters run on this clock, so a test crosses a one-minute window without waiting.
  let now = 0;
  const clock = () => now;
  const limits = (read: number, write: number): Config => testConfig({ readRateLimitPerMinute: read, writeRateLimitPerMinute: write, trustProxy: true });
  const readApp = (config: Config) => createReadApp({ config, search: testSearch(), logger: testLogger, http: createHttpState(config, { now: clock }) }).app;
  const writeApp = (config: Config) => createWriteApp({ config, db: testDb(), search: testSearch(), logger: testLogger, http: createHttpState(config, { now: clock }) }).app;

  before(async () => {
    await resetDatabase();
    await resetIndex();
  });

  beforeEach(() => {
    now = 1_000_000;
  });

  describe('reads, per client address', () => {
    it('answers 429 rate_limited with Retry-After and RateLimit-* once the window is used up', async () => {
      const client = httpClient(readApp(limits(3, 0)));
      for (const remaining of ['2', '1', '0']) {
        const res = await client.get('/agents/jobs').expect(200);
        expect(rateHeaders(res)).to.deep.equal({ limit: '3', remaining, reset: '60' });
      }
      now += 15_000;
      // Every read counts against the same window: search is refused too.
      const res = await client.get('/agents/jobs/search?q=engineer').expect(429);
      expect(res.body).to.deep.equal(rateLimited(45));
      expect(res.headers['retry-after']).to.equal('45');
      expect(rateHeaders(res)).to.deep.equal({ limit: '3', remaining: '0', reset: '45' });
      expect(res.headers['x-request-id']).to.be.a('string');
    });

    it('leaves other addresses alone', async () => {
      const client = httpClient(readApp(limits(1, 0)));
      await client.get('/agents/jobs').expect(200);
      await client.get('/agents/jobs').expect(429);
      const other = await client.get('/agents/jobs').set('x-forwarded-for', '203.0.113.7').expect(200);
      expect(rateHeaders(other)).to.deep.equal({ limit: '1', remaining: '0', reset: '60' });
      // Behind the proxy the address it appended counts, not what the client put before it.
      await client.get('/agents/jobs').set('x-forwarded-for', '198.51.100.1, 203.0.113.7').expect(429);
      await client.get('/agents/jobs').set('x-forwarded-for', '203.0.113.7, 198.51.100.1').expect(200);
    });

    it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
      const config = testConfig({ readRateLimitPerMinute: 1, trustProxy: false });
      const client = httpClient(readApp(config));
      await client.get('/agents/jobs').expect(200);
      // A client exposed directly cannot pick a fresh address per request.
      await client.get('/agents/jobs').set('x-forwarded-for', '203.0.113.9').expect(429);
    });

    it('opens a new window once the minute is over', async () => {
      const client = httpClient(readApp(limits(2, 0)));
      await client.get('/agents/jobs').expect(200);
      now += 30_000;
      await client.get('/agents/jobs').expect(200);
      now += 29_999;
      expect(rateHeaders(await client.get('/agents/jobs').expect(429))).to.deep.equal({ limit: '2', remaining: '0', reset: '1' });
      now += 1;
      expect(rateHeaders(await client.get('/agents/jobs').expect(200))).to.deep.equal({ limit: '2', remaining: '1', reset: '60' });
    });

    it('counts the RPC list calls per address under the read limit, whatever key they carry', async () => {
      const client = httpClient(writeApp(limits(2, 100)));
      const list = (key: string) => client.post(ORGANIZATIONS).set('x-api-key', key).send({});
      expect(rateHeaders(await list('jla_one').expect(200))).to.deep.equal({ limit: '2', remaining: '1', reset: '60' });
      await list('jla_two').expect(200);
      expect((await list('jla_three').expect(429)).body).to.deep.equal(rateLimited(60));
      await client.post(ORGANIZATIONS).set('x-forwarded-for', '203.0.113.8').send({}).expect(200);
    });
  });

  describe('writes, per API key', () => {
    let world: Awaited<ReturnType<typeof applyWorld>>;

    beforeEach(async () => {
      await resetDatabase();
      world = await applyWorld();
    });

    it('answers 429 after the limit on every answer of the operation, errors included, and leaves other keys alone', async () => {
      const client = httpClient(writeApp(limits(100, 2)));
      const apply = (key: string) => client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', key);
      expect(rateHeaders(await apply(world.applicantKey.key).expect(201))).to.deep.equal({ limit: '2', remaining: '1', reset: '60' });
      expect(rateHeaders(await apply(world.applicantKey.key).expect(409))).to.deep.equal({ limit: '2', remaining: '0', reset: '60' });
      now += 10_000;
      const refused = await apply(world.applicantKey.key).expect(429);
      expect(refused.body).to.deep.equal(rateLimited(50));
      expect(refused.headers['retry-after']).to.equal('50');
      expect(rateHeaders(refused)).to.deep.equal({ limit: '2', remaining: '0', reset: '50' });

      const other = await createUser();
      await createResume(other.id);
      const otherKey = await createApiKey(other.id);
      expect(rateHeaders(await apply(otherKey.key).expect(201))).to.deep.equal({ limit: '2', remaining: '1', reset: '60' });
      // The same key on create counts in the same window as apply: the limit is per key.
      await client.post('/agents/jobs').set('x-api-key', world.applicantKey.key).send({}).expect(429);
    });

    it('counts requests without a key against their address, before authentication', async () => {
      const client = httpClient(writeApp(limits(100, 1)));
      const anonymous = await client.post(`/agents/jobs/${world.job.id}/apply`).expect(401);
      expect(rateHeaders(anonymous)).to.deep.equal({ limit: '1', remaining: '0', reset: '60' });
      expect((await client.post(`/agents/jobs/${world.job.id}/apply`).expect(429)).body).to.deep.equal(rateLimited(60));
      // A key has its own window.
      await client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key).expect(201);
    });

    it('opens a new window for the key once the minute is over', async () => {
      const client = httpClient(writeApp(limits(100, 1)));
      const apply = () => client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key);
      await apply().expect(201);
      await apply().expect(429);
      now += 60_000;
      const again = await apply().expect(409);
      expect(again.body.code).to.equal('already_applied');
      expect(rateHeaders(again)).to.deep.equal({ limit: '1', remaining: '0', reset: '60' });
    });
  });

  describe('the whole API at one base URL', () => {
    const wholeApi = (config: Config) =>
      httpClient(createAllInOneApp({ config, db: testDb(), search: testSearch(), logger: testLogger, http: createHttpState(config, { now: clock }) }).handler);

    it('never limits health, readiness, metrics or documentation, nor unknown paths', async () => {
      const client = wholeApi(limits(1, 1));
      for (let i = 0; i < 3; i++) {
        for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']) {
          const res = await client.get(path).expect(200);
          expect(rateHeaders(res), path).to.deep.equal({ limit: undefined, remaining: undefined, reset: undefined });
        }
        expect(rateHeaders(await client.get('/agents/nothing').expect(404)).limit).to.equal(undefined);
      }
      // ...while the API operations of the same process are limited.
      await client.get('/agents/jobs').expect(200);
      await client.get('/agents/jobs').expect(429);
    });

    it('keeps one window per address for the reads and the RPC calls of both services', async () => {
      const client = wholeApi(limits(2, 0));
      await client.get('/agents/jobs').expect(200);
      expect(rateHeaders(await client.post(ORGANIZATIONS).send({}).expect(200)).remaining).to.equal('0');
      await client.get('/agents/jobs').expect(429);
    });

    it('documents RateLimit-* on every response of the API operations, and on no health, metrics or docs operation', async () => {
      const doc = await servedDocument();
      const names = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
      for (const [path, method] of [['/agents/jobs', 'get'], ['/agents/jobs', 'post'], ['/agents/jobs/{job_id}/apply', 'post'], [ORGANIZATIONS, 'post']] as const) {
        const responses = doc.paths[path][method]!.responses;
        for (const [status, response] of Object.entries(responses)) expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).to.include.members(names);
        expect(responses['429'].headers).to.have.property('Retry-After');
      }
      for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']) {
        for (const response of Object.values(doc.paths[path].get!.responses)) expect(Object.keys(response.headers ?? {}), path).to.not.include.members(names.slice(0, 1));
      }
      expect(doc.components.headers.RateLimitRemaining).to.deep.include({ required: false, schema: { type: 'integer', minimum: 0 } });
    });

    it('is off by default: no limit and no RateLimit-* headers', async () => {
      expect(loadConfig({})).to.include({ readRateLimitPerMinute: 0, writeRateLimitPerMinute: 0 });
      const world = await applyWorld();
      const client = wholeApi(limits(0, 0));
      for (let i = 0; i < 20; i++) expect(rateHeaders(await client.get('/agents/jobs').expect(200)).limit).to.equal(undefined);
      await client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key).expect(201);
      for (let i = 0; i < 5; i++) {
        const res = await client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key).expect(409);
        expect(rateHeaders(res).limit).to.equal(undefined);
      }
    });
  });
});
