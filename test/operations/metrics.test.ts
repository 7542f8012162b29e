import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createAllInOneApp } from '../../services/all-in-one';
import { createReadApp } from '../../services/read';
import { createWriteApp } from '../../services/write';
import { startOutboxIndexer } from '../../services/indexer';
import { createJob } from '../../services/write';
import { loadConfig, type Config } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../support/context';
import { createJob as insertJobRow, createLocation, createOrganization, createUser } from '../support/factories';
import { httpClient } from '../support/http';
import { waitFor } from '../support/wait';

type Labels = Record<string, string>;

/** The samples of a Prometheus text exposition: metric name, labels, value. */
function samples(text: string): { name: string; labels: Labels; value: number }[] {
  const out = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    out.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return out;
}

/** The value of the one sample with exactly this name and these labels (undefined when absent). */
function sample(text: string, name: string, labels: Labels = {}): number | undefined {
  const found = samples(text).filter(
    (s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === JSON.stringify(Object.entries(labels).sort()),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).to.be.lessThan(2);
  return found[0]?.value;
}

const ORGANIZATIONS = '/organization.v1.OrganizationService/List';
const TOKEN = 'metrics-test-token-5f1c2a9e';
const BEARER = `Bearer ${TOKEN}`;
const withToken = (overrides: Partial<Config> = {}) => testConfig({ metricsToken: TOKEN, ...overrides });
const wholeApi = (config = withToken()) => createAllInOneApp({ config, db: testDb(), search: testSearch(), logger: testLogger });
const readApp = (config = withToken()) => createReadApp({ config, search: testSearch(), logger: testLogger });
const writeApp = (db = testDb(), config = withToken()) => createWriteApp({ config, db, search: testSearch(), logger: testLogger });

/** The metrics of the app behind `client`, scraped as Prometheus would, with the token. */
const scrape = (client: ReturnType<typeof httpClient>) => client.get('/metrics').set('Authorization', BEARER).expect(200);

const unauthenticated = {
  code: 'unauthenticated',
  message: 'Metrics need the bearer token of this process.',
  hint: 'Send Authorization: Bearer <METRICS_TOKEN>, the token the process was started with. Without METRICS_TOKEN, /metrics is closed.',
};

describe('GET /metrics (DESIGN.md 11)', () => {
  before(async () => {
    await resetDatabase();
    await resetIndex();
  });

  describe('access: only with METRICS_TOKEN as a bearer token', () => {
    const apps = {
      'the whole API at the base URL': (config?: Config) => wholeApi(config).handler,
      'the read service alone': (config?: Config) => readApp(config).app,
      'the write service alone': (config?: Config) => writeApp(testDb(), config).app,
    };

    for (const [name, build] of Object.entries(apps)) {
      it(`${name}: 401 with a Bearer challenge without the token or with another one, 200 with it`, async () => {
        const client = httpClient(build());
        for (const authorization of [undefined, 'Bearer wrong-token-0000000000', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
          const request = client.get('/metrics');
          if (authorization) request.set('Authorization', authorization);
          const res = await request.expect(401);
          expect(res.body, String(authorization)).to.deep.equal(unauthenticated);
          expect(res.headers['www-authenticate']).to.equal('Bearer realm="metrics"');
          expect(res.text).to.not.include('http_requests_total');
        }
        const res = await scrape(client);
        expect(res.text).to.include('# TYPE http_requests_total counter');
        // The refused scrapes are counted like any answer, under the route's own label.
        expect(sample(res.text, 'http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).to.equal(5);
      });
    }

    it('is closed to everyone when METRICS_TOKEN is not set (the default)', async () => {
      expect(loadConfig({}).metricsToken).to.equal(undefined);
      const client = httpClient(wholeApi(testConfig({ metricsToken: undefined })).handler);
      for (const authorization of [undefined, 'Bearer ', 'Bearer undefined', `Bearer ${TOKEN}`]) {
        const request = client.get('/metrics');
        if (authorization) request.set('Authorization', authorization);
        expect((await request.expect(401)).body).to.deep.equal(unauthenticated);
      }
      // Everything else at the base URL is unaffected.
      await client.get('/healthz').expect(200);
      await client.get('/agents/jobs?limit=1').expect(200);
    });

    it('takes the token from METRICS_TOKEN, refusing a short or spaced one at start-up', () => {
      expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).to.equal(TOKEN);
      expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).to.equal(undefined);
      expect(() => loadConfig({ METRICS_TOKEN: 'short' })).to.throw('METRICS_TOKEN must be 16 to 512 visible ASCII characters (no spaces)');
      expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces in it' })).to.throw('METRICS_TOKEN must be');
    });
  });

  it('counts and times each request by route template, method and status, in the Prometheus text format', async () => {
    const client = httpClient(wholeApi().handler);
    await client.get('/agents/jobs?limit=1').expect(200);
    await client.get('/agents/jobs?limit=2').expect(200);
    const unknownId = randomUUID();
    await client.get(`/agents/jobs/${unknownId}`).expect(404);
    await client.get('/no/such/path/42').expect(404);
    await client.delete('/agents/jobs').expect(405);
    await client.post(ORGANIZATIONS).send({}).expect(200);

    const res = await scrape(client);
    expect(res.headers['content-type']).to.equal('text/plain; version=0.0.4; charset=utf-8');
    const text = res.text;
    const requests = (method: string, route: string, status: string) => sample(text, 'http_requests_total', { method, route, status });
    expect(requests('GET', '/agents/jobs', '200')).to.equal(2);
    expect(requests('GET', '/agents/jobs/{job_id}', '404')).to.equal(1);
    expect(requests('POST', ORGANIZATIONS, '200')).to.equal(1);
    // Unknown paths share one label, whatever the path: the series stay bounded.
    expect(requests('GET', 'unmatched', '404')).to.equal(1);
    expect(requests('DELETE', 'unmatched', '405')).to.equal(1);
    expect(text).to.not.include(unknownId);
    expect(text).to.not.include('/no/such/path');
    expect(text).to.not.include('limit=');

    const browse = { method: 'GET', route: '/agents/jobs', status: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', browse)).to.equal(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...browse, le: '+Inf' })).to.equal(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...browse, le: '10' })).to.equal(2);
    expect(sample(text, 'http_request_duration_seconds_sum', browse)).to.be.greaterThan(0);
    // Process metrics and, since the write service is in this process, the outbox gauges.
    expect(sample(text, 'process_resident_memory_bytes')).to.be.greaterThan(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).to.be.a('number');
    expect(sample(text, 'jla_outbox_pending_rows')).to.be.a('number');

    // The scrape itself is counted by the next one.
    const again = await scrape(client);
    expect(sample(again.text, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).to.equal(1);
  });

  it('keeps each app on its own registry: two apps in one process do not mix their counts', async () => {
    const one = httpClient(readApp().app);
    const two = httpClient(readApp().app);
    await one.get('/agents/jobs').expect(200);
    await one.get('/healthz').expect(200);
    const mine = (await scrape(one)).text;
    const theirs = (await scrape(two)).text;
    expect(sample(mine, 'http_requests_total', { method: 'GET', route: '/agents/jobs', status: '200' })).to.equal(1);
    expect(sample(mine, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).to.equal(1);
    expect(sample(theirs, 'http_requests_total', { method: 'GET', route: '/agents/jobs', status: '200' })).to.equal(undefined);
    // The read service has no outbox: that is the write side's.
    expect(sample(mine, 'jla_outbox_pending_rows')).to.equal(undefined);
  });

  describe('on the write service', () => {
    let org: string;
    let loc: string;
    let recruiter: string;

    beforeEach(async () => {
      await resetDatabase();
      org = (await createOrganization()).id;
      loc = (await createLocation()).id;
      recruiter = (await createUser({ is_recruiter: true, memberOf: [org] })).id;
    });

    it('reports the outbox backlog as it is at scrape time: rows waiting, retrying, age of the oldest', async () => {
      const client = httpClient(writeApp().app);
      const empty = (await scrape(client)).text;
      expect([
        sample(empty, 'jla_outbox_pending_rows'),
        sample(empty, 'jla_outbox_retrying_rows'),
        sample(empty, 'jla_outbox_oldest_age_seconds'),
      ]).to.deep.equal([0, 0, 0]);

      const jobs = await Promise.all([1, 2, 3].map(() => insertJobRow({ organization_id: org, location_id: loc })));
      await testDb().query(
        `INSERT INTO job_index_outbox (job_id, job_version, created_at, attempts)
         VALUES ($1, 1, now() - interval '90 seconds', 0), ($2, 1, now(), 2), ($3, 1, now(), 0)`,
        jobs.map((j) => j.id),
      );
      const backlog = (await scrape(client)).text;
      expect(sample(backlog, 'jla_outbox_pending_rows')).to.equal(3);
      expect(sample(backlog, 'jla_outbox_retrying_rows')).to.equal(1);
      expect(sample(backlog, 'jla_outbox_oldest_age_seconds')).to.be.within(90, 150);

      await testDb().query('DELETE FROM job_index_outbox');
      expect(sample((await scrape(client)).text, 'jla_outbox_pending_rows')).to.equal(0);
    });

    it('reports the saved-search match queue and the webhook backlog as they are at scrape time', async () => {
      const client = httpClient(writeApp().app);
      const gauges = [
        'jla_matcher_queued_jobs',
        'jla_matcher_oldest_age_seconds',
        'jla_webhook_pending_deliveries',
        'jla_webhook_due_deliveries',
        'jla_webhook_oldest_due_seconds',
        'jla_webhook_disabled_subscriptions',
      ];
      const empty = (await scrape(client)).text;
      expect(gauges.map((name) => sample(empty, name))).to.deep.equal([0, 0, 0, 0, 0, 0]);

      // Two job changes wait to be matched (a job's insert queues it), the older two minutes old.
      const [older] = [
        await insertJobRow({ organization_id: org, location_id: loc }),
        await insertJobRow({ organization_id: org, location_id: loc }),
      ];
      await testDb().query(`UPDATE job_match_queue SET created_at = now() - interval '120 seconds' WHERE job_id = $1`, [older.id]);
      // One delivery due 30 s ago, one waiting an hour for its retry, one delivered; one subscription disabled.
      const subscription = async (status: string) =>
        (
          await testDb().query<{ id: string }>(
            `INSERT INTO webhook_subscriptions (user_id, url, events, secret, status) VALUES ($1, 'https://hooks.example.com/', '{job.closed}', $2, $3) RETURNING id`,
            [recruiter, `whsec_${'A'.repeat(32)}`, status],
          )
        )[0].id;
      const active = await subscription('active');
      await subscription('disabled');
      await testDb().query(
        `INSERT INTO webhook_deliveries (id, subscription_id, event_type, payload, status, next_attempt_at) VALUES
           ('msg_${'a'.repeat(24)}', $1, 'job.closed', '{}', 'pending', now() - interval '30 seconds'),
           ('msg_${'b'.repeat(24)}', $1, 'job.closed', '{}', 'pending', now() + interval '1 hour'),
           ('msg_${'c'.repeat(24)}', $1, 'job.closed', '{}', 'delivered', now() - interval '1 hour')`,
        [active],
      );
      const text = (await scrape(client)).text;
      const values = Object.fromEntries(gauges.map((name) => [name, sample(text, name)]));
      expect(values.jla_matcher_queued_jobs).to.equal(2);
      expect(values.jla_matcher_oldest_age_seconds).to.be.within(120, 180);
      expect(values.jla_webhook_pending_deliveries).to.equal(2);
      expect(values.jla_webhook_due_deliveries).to.equal(1);
      expect(values.jla_webhook_oldest_due_seconds).to.be.within(30, 90);
      expect(values.jla_webhook_disabled_subscriptions).to.equal(1);
    });

    it('still answers while Postgres is down, with the outbox gauges unknown (NaN)', async () => {
      const down = new Database(withToken({ databaseUrl: 'postgres://postgres@127.0.0.1:9/nowhere', pgConnectTimeoutMs: 500 }));
      try {
        const client = httpClient(writeApp(down).app);
        await client.post(ORGANIZATIONS).send({}).expect(503);
        const text = (await scrape(client)).text;
        expect(sample(text, 'jla_outbox_pending_rows')).to.be.NaN;
        expect(sample(text, 'jla_outbox_oldest_age_seconds')).to.be.NaN;
        expect(sample(text, 'jla_matcher_queued_jobs')).to.be.NaN;
        expect(sample(text, 'jla_webhook_pending_deliveries')).to.be.NaN;
        expect(sample(text, 'http_requests_total', { method: 'POST', route: ORGANIZATIONS, status: '503' })).to.equal(1);
      } finally {
        await down.close();
      }
    });

    it('counts the documents the running indexer indexes, on the registry of the process', async () => {
      await resetIndex();
      const { app, http } = writeApp();
      for (let i = 0; i < 3; i++)
        await createJob(testDb(), recruiter, {
          title: `Metrics job ${i}`,
          organization_id: org,
          location_id: loc,
          type: 'full_time',
          salary: '1',
        });
      const running = startOutboxIndexer(testConfig({ indexerPollMs: 20 }), testDb(), testLogger, http.metrics.registry);
      try {
        await waitFor(async () => (await testDb().query('SELECT 1 FROM job_index_outbox LIMIT 1')).length === 0, {
          what: 'the indexer to drain the outbox',
          timeoutMs: 10_000,
        });
      } finally {
        await running.stop();
      }
      const text = (await scrape(httpClient(app))).text;
      expect(sample(text, 'jla_indexer_documents_total', { outcome: 'indexed' })).to.equal(3);
      expect(sample(text, 'jla_indexer_documents_total', { outcome: 'stale' })).to.equal(0);
      expect(sample(text, 'jla_indexer_documents_total', { outcome: 'failed' })).to.equal(0);
      expect(sample(text, 'jla_indexer_batches_total')).to.be.at.least(1);
      expect(sample(text, 'jla_outbox_pending_rows')).to.equal(0);
    });
  });
});
