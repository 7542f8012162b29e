import { expect } from 'chai';
import type { Response } from 'supertest';
import { createAllInOneApp } from '../../services/all-in-one';
import { createReadApp } from '../../services/read';
import { createWriteApp } from '../../services/write';
import { applyWorld } from '../support/apply-fixtures';
import type { Config } from '../../shared/config';
import { loadConfig } from '../../shared/config';
import { generateApiKey } from '../../shared/auth/api-key';
import type { Database } from '../../shared/db/database';
import { createHttpState } from '../../shared/http/http-state';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../support/context';
import { servedDocument } from '../support/contract';
import { createApiKey, createResume, createUser } from '../support/factories';
import { httpClient } from '../support/http';

const ORGANIZATIONS = '/organization.v1.OrganizationService/List';

const rateLimited = (seconds: number) => ({ code: 'rate_limited', message: 'Too many requests.', hint: `Retry after ${seconds} seconds.` });

/** The test database, counting the queries made through it (authentication makes one per key). */
function countingDb(): { db: Database; queries: () => number } {
  let queries = 0;
  const db = new Proxy(testDb(), {
    get(target, name) {
      if (name === 'query') return (...args: Parameters<Database['query']>) => (queries++, target.query(...args));
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, queries: () => queries };
}

/** The RateLimit-* headers of a response, undefined where absent. */
const rateHeaders = (res: Response) => ({
  limit: res.headers['ratelimit-limit'],
  remaining: res.headers['ratelimit-remaining'],
  reset: res.headers['ratelimit-reset'],
});

describe('rate limits (DESIGN.md 10)', () => {
  // The in-memory limiters (rate-limiter-flexible) count on Date.now: this suite holds it at
  // `now` and moves it, so a test crosses a one-minute window without waiting.
  const realNow = Date.now;
  let now = 0;
  /** Read and per-key limits as given, the address limits off unless `more` sets them. */
  const limits = (read: number, write: number, more: Partial<Config> = {}): Config =>
    testConfig({
      readRateLimitPerMinute: read,
      writeRateLimitPerMinute: write,
      writeAddressRateLimitPerMinute: 0,
      authFailureLimitPerMinute: 0,
      trustProxy: true,
      ...more,
    });
  const readApp = (config: Config) =>
    createReadApp({ config, search: testSearch(), logger: testLogger, http: createHttpState(config) }).app;
  const writeApp = (config: Config, { db = testDb(), maxWindows }: { db?: Database; maxWindows?: number } = {}) =>
    createWriteApp({ config, db, search: testSearch(), logger: testLogger, http: createHttpState(config, { maxWindows }) }).app;

  before(async () => {
    await resetDatabase();
    await resetIndex();
  });

  beforeEach(() => {
    now = realNow();
    Date.now = () => now;
  });

  afterEach(() => {
    Date.now = realNow;
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

    it('counts only keys that authenticated: a request without a key or with a bad one is a failure of its address', async () => {
      const client = httpClient(writeApp(limits(100, 1, { authFailureLimitPerMinute: 2 })));
      const apply = () => client.post(`/agents/jobs/${world.job.id}/apply`);
      expect(rateHeaders(await apply().expect(401))).to.deep.equal({ limit: '2', remaining: '1', reset: '60' });
      expect(rateHeaders(await apply().set('x-api-key', generateApiKey()).expect(401))).to.deep.equal({
        limit: '2',
        remaining: '0',
        reset: '60',
      });
      expect((await apply().expect(429)).body).to.deep.equal(rateLimited(60));
      // Neither failure touched the key limit: the applicant's key still has its whole window.
      await apply().set('x-api-key', world.applicantKey.key).set('x-forwarded-for', '203.0.113.5').expect(201);
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

  describe('key guessing, per client address (issue 14)', () => {
    let world: Awaited<ReturnType<typeof applyWorld>>;

    beforeEach(async () => {
      await resetDatabase();
      world = await applyWorld();
    });

    it('answers 429 to 200 requests with rotating bad keys from one address once past the limit, before any database lookup', async () => {
      const { db, queries } = countingDb();
      const client = httpClient(writeApp(limits(100, 5, { authFailureLimitPerMinute: 10, writeAddressRateLimitPerMinute: 1000 }), { db }));
      const guess = () => client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', generateApiKey());
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) {
        const res = await guess();
        statuses.push(res.status);
        if (i === 9) expect(rateHeaders(res)).to.deep.equal({ limit: '10', remaining: '0', reset: '60' });
        if (i === 10) {
          expect(res.body).to.deep.equal(rateLimited(60));
          expect(res.headers['retry-after']).to.equal('60');
          expect(rateHeaders(res)).to.deep.equal({ limit: '10', remaining: '0', reset: '60' });
        }
      }
      expect(statuses).to.deep.equal([...Array(10).fill(401), ...Array(190).fill(429)]);
      expect(queries()).to.equal(10);
      // Another address is not locked out, and the address itself is free again after the window.
      await guess().set('x-forwarded-for', '203.0.113.7').expect(401);
      now += 60_000;
      await guess().expect(401);
    });

    it('keeps a key in use working from a locked-out address, but not a key it has not seen', async () => {
      const client = httpClient(writeApp(limits(100, 5, { authFailureLimitPerMinute: 3 })));
      const apply = (key: string) => client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', key);
      await apply(world.applicantKey.key).expect(201);
      for (let i = 0; i < 3; i++) await apply(generateApiKey()).expect(401);
      await apply(generateApiKey()).expect(429);
      // A guesser behind the same proxy does not lock out a key that authenticated this window...
      expect((await apply(world.applicantKey.key).expect(409)).body.code).to.equal('already_applied');
      // ...but a real key that has not is indistinguishable from a guess until the window ends.
      const other = await createUser();
      await createResume(other.id);
      const otherKey = await createApiKey(other.id);
      await apply(otherKey.key).expect(429);
      now += 60_000;
      await apply(otherKey.key).expect(201);
    });

    it('counts every keyed request of an address against its ceiling, whatever key it carries', async () => {
      const client = httpClient(writeApp(limits(100, 100, { writeAddressRateLimitPerMinute: 3 })));
      const apply = (key: string) => client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', key);
      const other = await createUser();
      await createResume(other.id);
      const otherKey = await createApiKey(other.id);
      // The headers report the tighter of the key's limit and the address ceiling.
      expect(rateHeaders(await apply(world.applicantKey.key).expect(201))).to.deep.equal({ limit: '3', remaining: '2', reset: '60' });
      expect(rateHeaders(await apply(otherKey.key).expect(201))).to.deep.equal({ limit: '3', remaining: '1', reset: '60' });
      await apply(generateApiKey()).expect(401);
      const refused = await apply(otherKey.key).expect(429);
      expect(refused.body).to.deep.equal(rateLimited(60));
      expect(rateHeaders(refused)).to.deep.equal({ limit: '3', remaining: '0', reset: '60' });
      await apply(otherKey.key).set('x-forwarded-for', '203.0.113.9').expect(409);
    });

    it('keeps bounded memory without evicting a real key: floods of made-up keys and of addresses evict only addresses', async () => {
      const client = httpClient(
        writeApp(limits(100, 2, { authFailureLimitPerMinute: 10, writeAddressRateLimitPerMinute: 1000 }), { maxWindows: 3 }),
      );
      const apply = (key: string, address: string) =>
        client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', key).set('x-forwarded-for', address);
      expect(rateHeaders(await apply(world.applicantKey.key, '203.0.113.1').expect(201))).to.deep.equal({
        limit: '2',
        remaining: '1',
        reset: '60',
      });
      for (let i = 0; i < 100; i++) await apply(generateApiKey(), `198.51.100.${i}`).expect(401);
      // With room for 3 windows per limiter, the key's window survived 100 made-up keys from 100 addresses.
      expect(rateHeaders(await apply(world.applicantKey.key, '203.0.113.1').expect(409))).to.deep.equal({
        limit: '2',
        remaining: '0',
        reset: '60',
      });
      await apply(world.applicantKey.key, '203.0.113.1').expect(429);
    });
  });

  describe('the whole API at one base URL', () => {
    const wholeApi = (config: Config) =>
      httpClient(
        createAllInOneApp({ config, db: testDb(), search: testSearch(), logger: testLogger, http: createHttpState(config) }).handler,
      );

    it('never limits health, readiness, metrics or documentation, nor unknown paths', async () => {
      const client = wholeApi(limits(1, 1));
      for (let i = 0; i < 3; i++) {
        for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']) {
          const res = await client.get(path);
          // /metrics may want a token it was not given: its 401 must not be counted either.
          expect(res.status, path).to.be.oneOf(path === '/metrics' ? [200, 401] : [200]);
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
      for (const [path, method] of [
        ['/agents/jobs', 'get'],
        ['/agents/jobs', 'post'],
        ['/agents/jobs/{job_id}/apply', 'post'],
        [ORGANIZATIONS, 'post'],
      ] as const) {
        const responses = doc.paths[path][method]!.responses;
        for (const [status, response] of Object.entries(responses))
          expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).to.include.members(names);
        expect(responses['429'].headers).to.have.property('Retry-After');
      }
      for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']) {
        for (const response of Object.values(doc.paths[path].get!.responses))
          expect(Object.keys(response.headers ?? {}), path).to.not.include.members(names.slice(0, 1));
      }
      expect(doc.components.headers.RateLimitRemaining).to.deep.include({ required: false, schema: { type: 'integer', minimum: 0 } });
    });

    it('is off by default: no limit and no RateLimit-* headers', async () => {
      expect(loadConfig({})).to.include({
        readRateLimitPerMinute: 0,
        writeRateLimitPerMinute: 0,
        writeAddressRateLimitPerMinute: 0,
        authFailureLimitPerMinute: 0,
      });
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
