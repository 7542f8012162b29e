import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../../../shared/config';
import { webhookHeaders } from '../../../../shared/webhooks/signing';
import { createWriteApp } from '../../index';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../../../test/support/context';
import { createApiKey, createUser } from '../../../../test/support/factories';
import { httpClient } from '../../../../test/support/http';
import { postJob, recruiterWorld, UNKNOWN_ID, writeApp, type RecruiterWorld } from '../../../../test/support/manage-fixtures';

/** The write service with a configuration of the test's own (the defaults refuse the loopback receivers used here). */
const appWith = (overrides: Partial<Config> = {}) =>
  httpClient(
    createWriteApp({
      config: testConfig({ webhookAllowPrivateAddresses: true, webhookLimit: 4, webhookSecretOverlapSeconds: 3600, ...overrides }),
      db: testDb(),
      search: testSearch(),
      logger: testLogger,
    }).app,
  );
const app = appWith();

const RECEIVER = 'https://127.0.0.1:9/hooks';
const SECRET = /^whsec_[A-Za-z0-9+/=]{20,}$/;
const MESSAGE_ID = /^msg_[A-Za-z0-9]{20,40}$/;

const create = (key: string, body: unknown, client = app) =>
  client
    .post('/agents/webhooks')
    .set('x-api-key', key)
    .send(body as object);

interface DeliveryRow {
  id: string;
  subscription_id: string;
  event_type: string;
  payload: string;
  status: string;
}

/** Every delivery of the given event type in the queue, oldest first. */
async function queued(eventType: string): Promise<DeliveryRow[]> {
  return testDb().query<DeliveryRow>(
    `SELECT id, subscription_id, event_type, payload, status FROM webhook_deliveries WHERE event_type = $1 ORDER BY created_at, id`,
    [eventType],
  );
}

describe('webhook subscriptions (issue 31)', () => {
  let world: RecruiterWorld;

  before(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
  });

  describe('POST /agents/webhooks', () => {
    it('answers 201 with Location and the secret, which no later answer shows again', async () => {
      const res = await create(world.keys.recruiter, { url: ` ${RECEIVER} `, events: ['application.created', 'job.closed'] });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body).to.include({ url: RECEIVER, saved_search_id: null, status: 'active', disabled_reason: null });
      expect(res.body.events).to.deep.equal(['application.created', 'job.closed']);
      expect(res.body.secret).to.match(SECRET);
      expect(res.headers.location).to.match(new RegExp(`/agents/webhooks/${res.body.id}$`));

      const got = await app.get(`/agents/webhooks/${res.body.id}`).set('x-api-key', world.keys.recruiter).expect(200);
      const { secret: _secret, ...shown } = res.body;
      expect(got.body).to.deep.equal(shown);
      const listed = await app.get('/agents/webhooks').set('x-api-key', world.keys.recruiter).expect(200);
      expect(listed.body.webhooks).to.deep.equal([shown]);
      expect(JSON.stringify(listed.body)).to.not.include('whsec_');
      expect(JSON.stringify(got.body)).to.not.include('whsec_');
      await app.delete(`/agents/webhooks/${res.body.id}`).set('x-api-key', world.keys.recruiter).expect(204);
    });

    it('gives a secret that the reference library (standardwebhooks) verifies signatures with', async () => {
      const res = await create(world.keys.applicant, { url: RECEIVER, events: ['job.matched'] }).expect(201);
      const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: {} });
      const headers = webhookHeaders([res.body.secret], 'msg_abcdefghijklmnopqrstu', Math.floor(Date.now() / 1000), body);
      expect(new Webhook(res.body.secret).verify(body, headers)).to.deep.include({ type: 'webhook.test' });
      await app.delete(`/agents/webhooks/${res.body.id}`).set('x-api-key', world.keys.applicant).expect(204);
    });

    it('refuses a body that breaks the rules with 400 invalid_request naming each problem', async () => {
      const cases: [unknown, string, string][] = [
        [{ events: ['job.matched'] }, 'url', 'is required'],
        [{ url: RECEIVER, events: [] }, 'events', 'must NOT have fewer than 1 items'],
        [
          { url: RECEIVER, events: ['job.created'] },
          'events.0',
          'must be one of: job.matched, application.created, application.withdrawn, job.closed',
        ],
        [{ url: RECEIVER, events: ['job.matched', 'job.matched'] }, 'events', 'lists "job.matched" more than once; name each event once'],
        [
          { url: RECEIVER, events: ['job.closed'], saved_search_id: UNKNOWN_ID },
          'saved_search_id',
          'is only used by job.matched, which events does not list; add job.matched or leave saved_search_id out',
        ],
        [{ url: RECEIVER, events: ['job.matched'], saved_search_id: 'nope' }, 'saved_search_id', 'must match format "uuid"'],
        [{ url: RECEIVER, events: ['job.matched'], secret: 'whsec_mine' }, 'secret', 'is not a known field'],
      ];
      for (const [body, field, message] of cases) {
        const res = await create(world.keys.recruiter, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.code).to.equal('invalid_request');
        expect(res.body.details, JSON.stringify(body)).to.deep.include({ field, message });
      }
      const unknownSearch = await create(world.keys.applicant, { url: RECEIVER, events: ['job.matched'], saved_search_id: UNKNOWN_ID });
      expect(unknownSearch.status).to.equal(400);
      expect(unknownSearch.body).to.deep.equal({
        code: 'invalid_request',
        message: `No saved search with id "${UNKNOWN_ID}" among yours.`,
        hint: 'Your saved searches and their ids are listed by GET /agents/saved-searches; leave saved_search_id out to hear of the matches of all of them.',
        details: [{ field: 'saved_search_id', message: 'is not one of your saved searches' }],
      });
    });

    it('refuses URLs it may not send to with 400 webhook_url_refused: not a URL, http, private and loopback addresses', async () => {
      const strict = appWith({ webhookAllowPrivateAddresses: false });
      const cases: [string, string][] = [
        ['not a url', 'it is not an absolute URL'],
        ['ftp://files.example.com/x', 'its scheme is ftp; only https URLs are accepted'],
        ['http://127.0.0.1:9/hooks', 'it is http; only https URLs are accepted'],
        ['https://127.0.0.1:9/hooks', 'its host is 127.0.0.1, a loopback address'],
        ['https://10.1.2.3/hooks', 'its host is 10.1.2.3, a private address'],
        ['https://169.254.169.254/latest', 'its host is 169.254.169.254, a cloud metadata address'],
        ['https://localhost/hooks', 'its host "localhost" names this machine (loopback)'],
      ];
      for (const [url, reason] of cases) {
        const res = await create(world.keys.recruiter, { url, events: ['job.closed'] }, strict);
        expect(res.status, url).to.equal(400);
        expect(res.body, url).to.deep.equal({
          code: 'webhook_url_refused',
          message: `Webhook URL "${url}" is refused: ${reason}.`,
          hint: 'Give a public https URL whose host name resolves to public addresses only.',
          details: [{ field: 'url', message: reason }],
        });
      }
      const http = await create(
        world.keys.recruiter,
        { url: 'http://127.0.0.1:9/hooks', events: ['job.closed'] },
        appWith({ webhookAllowHttp: true }),
      );
      expect(http.status, JSON.stringify(http.body)).to.equal(201);
      await app.delete(`/agents/webhooks/${http.body.id}`).set('x-api-key', world.keys.recruiter).expect(204);
    });

    it('403 for application and job events with a key that is not a recruiter; job.matched is for anyone', async () => {
      for (const event of ['application.created', 'application.withdrawn', 'job.closed']) {
        const res = await create(world.keys.applicant, { url: RECEIVER, events: ['job.matched', event] });
        expect(res.status, event).to.equal(403);
        expect(res.body).to.deep.equal({
          code: 'forbidden',
          message: `Only recruiters may subscribe to ${event}: these events are about the jobs of a recruiter's organizations.`,
          hint: 'Subscribe with the API key of a recruiter account, or ask for job.matched only (the matches of your saved searches).',
        });
      }
      const [search] = await testDb().query<{ id: string }>(`INSERT INTO saved_searches (user_id, params) VALUES ($1, '{}') RETURNING id`, [
        world.applicant.id,
      ]);
      const res = await create(world.keys.applicant, { url: RECEIVER, events: ['job.matched'], saved_search_id: search.id.toUpperCase() });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.saved_search_id).to.equal(search.id);
      // Another user's saved search is unknown to this one.
      const other = await create(world.keys.recruiter, { url: RECEIVER, events: ['job.matched'], saved_search_id: search.id });
      expect(other.status).to.equal(400);
      await app.delete(`/agents/webhooks/${res.body.id}`).set('x-api-key', world.keys.applicant).expect(204);
    });

    it('401 without a key', async () => {
      const res = await app.post('/agents/webhooks').send({ url: RECEIVER, events: ['job.matched'] });
      expect(res.status).to.equal(401);
    });

    it('keeps each user under the limit, concurrent creates included (409 limit_reached)', async () => {
      const user = await createUser();
      const key = (await createApiKey(user.id)).key;
      const answers = await Promise.all(Array.from({ length: 7 }, () => create(key, { url: RECEIVER, events: ['job.matched'] })));
      expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 201, 201, 201, 409, 409, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body).to.deep.equal({
        code: 'limit_reached',
        message: 'You already keep 4 webhook subscriptions, the most one user may.',
        hint: 'Delete one you no longer need (list them with GET /agents/webhooks), then try again.',
        details: [{ field: 'limit', message: 'at most 4 webhook subscriptions per user', limit: 4 }],
      });
      const list = await app.get('/agents/webhooks').query({ limit: 3, page: 2 }).set('x-api-key', key).expect(200);
      expect(list.body.webhooks).to.have.length(1);
      expect(list.body.pagination).to.deep.equal({ current_page: 2, total_pages: 2, total_items: 4 });
      const deep = await app.get('/agents/webhooks').query({ limit: 100, page: '100000000000000000' }).set('x-api-key', key);
      expect(deep.status, 'a page past any bigint offset is refused, not a 500').to.equal(400);
      // Deleting one makes room again.
      const first = answers.find((a) => a.status === 201)!;
      await app.delete(`/agents/webhooks/${first.body.id}`).set('x-api-key', key).expect(204);
      await create(key, { url: RECEIVER, events: ['job.matched'] }).expect(201);
    });
  });

  describe('one subscription', () => {
    let hook: { id: string; secret: string };
    const on = (method: 'get' | 'post' | 'delete', path: string, key = world.keys.recruiter) =>
      app[method](`/agents/webhooks/${hook.id}${path}`).set('x-api-key', key);

    before(async () => {
      hook = (await create(world.keys.recruiter, { url: RECEIVER, events: ['job.closed'] }).expect(201)).body;
    });

    it('rotates the secret: a new one shown once, the previous one kept until its expiry, an older one dropped', async () => {
      const res = await on('post', '/rotate-secret');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.secret).to.match(SECRET).and.not.equal(hook.secret);
      const expires = Date.parse(res.body.previous_secret_expires_at);
      expect(expires - Date.now()).to.be.within(3590_000, 3600_000);
      expect(Date.parse(res.body.updated_at)).to.be.at.least(Date.parse(res.body.created_at));
      const [stored] = await testDb().query(`SELECT secret, previous_secret FROM webhook_subscriptions WHERE id = $1`, [hook.id]);
      expect(stored).to.deep.equal({ secret: res.body.secret, previous_secret: hook.secret });
      const got = await on('get', '').expect(200);
      expect(got.body).to.not.have.property('secret');
      expect(got.body.previous_secret_expires_at).to.equal(res.body.previous_secret_expires_at);

      const again = await on('post', '/rotate-secret').expect(200);
      const [after] = await testDb().query(`SELECT secret, previous_secret FROM webhook_subscriptions WHERE id = $1`, [hook.id]);
      expect(after).to.deep.equal({ secret: again.body.secret, previous_secret: res.body.secret });

      // Without an overlap the old secret stops signing at once.
      const none = await appWith({ webhookSecretOverlapSeconds: 0 })
        .post(`/agents/webhooks/${hook.id}/rotate-secret`)
        .set('x-api-key', world.keys.recruiter)
        .expect(200);
      expect(none.body.previous_secret_expires_at).to.equal(null);
      hook.secret = none.body.secret;
    });

    it('queues a test event (202) that GET .../deliveries lists with its body', async () => {
      const res = await on('post', '/test');
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      expect(res.body).to.include({ event_type: 'webhook.test', status: 'pending', attempts: 0, delivered_at: null, last_error: null });
      expect(res.body.id).to.match(MESSAGE_ID);
      expect(res.body.payload).to.deep.include({ type: 'webhook.test' });
      expect(res.body.payload.data).to.include({ subscription_id: hook.id });
      expect(res.body.attempt_log).to.deep.equal([]);

      // An attempt as the delivery worker logs it.
      await testDb().query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, response_status, error, duration_ms) VALUES ($1, 1, 503, 'the receiver answered 503', 12)`,
        [res.body.id],
      );
      await testDb().query(`UPDATE webhook_deliveries SET attempts = 1, last_error = 'the receiver answered 503' WHERE id = $1`, [
        res.body.id,
      ]);
      const second = await on('post', '/test').expect(202);
      const list = await on('get', '/deliveries').expect(200);
      expect(list.body.deliveries.map((d: { id: string }) => d.id)).to.deep.equal([second.body.id, res.body.id]);
      expect(list.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: 2 });
      const first = list.body.deliveries[1];
      expect(first).to.deep.include({ attempts: 1, last_error: 'the receiver answered 503', payload: res.body.payload });
      expect(first.attempt_log).to.have.length(1);
      expect(first.attempt_log[0]).to.include({ attempt: 1, response_status: 503, error: 'the receiver answered 503', duration_ms: 12 });

      await testDb().query(`UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, [second.body.id]);
      const delivered = await on('get', '/deliveries?status=delivered').expect(200);
      expect(delivered.body.deliveries).to.have.length(1);
      expect(delivered.body.deliveries[0]).to.include({ id: second.body.id, status: 'delivered', next_attempt_at: null });
      const bad = await on('get', '/deliveries?status=sent');
      expect(bad.status).to.equal(400);
      expect(bad.body.code).to.equal('invalid_request');
    });

    it('disables and enables, each idempotent', async () => {
      const off = await on('post', '/disable').expect(200);
      expect(off.body).to.include({ status: 'disabled', disabled_reason: 'disabled by its owner' });
      expect((await on('post', '/disable').expect(200)).body).to.deep.equal(off.body);
      await testDb().query(`UPDATE webhook_subscriptions SET disabled_reason = 'the receiver answered 410 Gone' WHERE id = $1`, [hook.id]);
      const onAgain = await on('post', '/enable').expect(200);
      expect(onAgain.body).to.include({ status: 'active', disabled_reason: null });
      expect((await on('post', '/enable').expect(200)).body).to.deep.equal(onAgain.body);
    });

    it("404 not_found for an unknown, malformed or another user's subscription, on every operation", async () => {
      const operations: ['get' | 'post' | 'delete', string][] = [
        ['get', ''],
        ['delete', ''],
        ['post', '/rotate-secret'],
        ['post', '/test'],
        ['post', '/enable'],
        ['post', '/disable'],
        ['get', '/deliveries'],
      ];
      for (const [id, key] of [
        [UNKNOWN_ID, world.keys.recruiter],
        ['nope', world.keys.recruiter],
        [hook.id, world.keys.colleague],
      ]) {
        for (const [method, path] of operations) {
          const res = await app[method](`/agents/webhooks/${id}${path}`).set('x-api-key', key);
          expect(res.status, `${method} ${id}${path}`).to.equal(404);
          expect(res.body).to.deep.equal({
            code: 'not_found',
            message: `No webhook subscription with id "${id}" among yours.`,
            hint: 'Your webhook subscriptions and their ids are listed by GET /agents/webhooks.',
          });
        }
      }
    });

    it('deletes (204) with its deliveries; then it is gone', async () => {
      await on('delete', '').expect(204);
      await on('delete', '').expect(404);
      await on('get', '').expect(404);
      const [{ count }] = await testDb().query(`SELECT count(*)::int AS count FROM webhook_deliveries WHERE subscription_id = $1`, [
        hook.id,
      ]);
      expect(count).to.equal(0);
    });
  });

  describe('events queued with the change that caused them', () => {
    let job: { id: string };
    let hooks: { recruiter: string; colleague: string; outsider: string };

    before(async () => {
      await testDb().query(`DELETE FROM webhook_subscriptions`);
      const subscribe = async (key: string, events: string[]) =>
        (await create(key, { url: RECEIVER, events }).expect(201)).body.id as string;
      hooks = {
        recruiter: await subscribe(world.keys.recruiter, ['application.created', 'application.withdrawn', 'job.closed']),
        colleague: await subscribe(world.keys.colleague, ['job.closed']),
        outsider: await subscribe(world.keys.outsider, ['application.created', 'application.withdrawn', 'job.closed']),
      };
      // A disabled subscription gets nothing.
      const disabled = await subscribe(world.keys.colleague, ['application.created', 'job.closed']);
      await app.post(`/agents/webhooks/${disabled}/disable`).set('x-api-key', world.keys.colleague).expect(200);
      job = await postJob(world, { title: 'Night Porter' });
    });

    it('application.created: one delivery per subscribed member of the organization, with the documented body', async () => {
      const applied = await writeApp().post(`/agents/jobs/${job.id}/apply`).set('x-api-key', world.keys.applicant).expect(201);
      const rows = await queued('application.created');
      expect(rows.map((r) => r.subscription_id)).to.deep.equal([hooks.recruiter]);
      expect(rows[0].id).to.match(MESSAGE_ID);
      expect(rows[0].status).to.equal('pending');
      expect(JSON.parse(rows[0].payload)).to.deep.equal({
        type: 'application.created',
        timestamp: applied.body.created_at,
        data: {
          application_id: applied.body.id,
          job_id: job.id,
          job_title: 'Night Porter',
          organization_id: world.acme.id,
          status: 'submitted',
          applicant: { user_id: world.applicant.id, name: 'Ada Applicant' },
          created_at: applied.body.created_at,
          updated_at: applied.body.created_at,
        },
      });
      const listed = await app.get(`/agents/webhooks/${hooks.recruiter}/deliveries`).set('x-api-key', world.keys.recruiter).expect(200);
      expect(listed.body.deliveries.map((d: { id: string }) => d.id)).to.deep.equal([rows[0].id]);
    });

    it('an apply that fails queues nothing', async () => {
      await writeApp().post(`/agents/jobs/${job.id}/apply`).set('x-api-key', world.keys.applicant).expect(409);
      const noResume = await createUser();
      const key = (await createApiKey(noResume.id)).key;
      await writeApp().post(`/agents/jobs/${job.id}/apply`).set('x-api-key', key).expect(422);
      expect(await queued('application.created')).to.have.length(1);
    });

    it('application.withdrawn when the application is withdrawn, once', async () => {
      const [application] = await testDb().query<{ id: string }>(`SELECT id FROM applications WHERE job_id = $1`, [job.id]);
      const res = await writeApp()
        .post(`/agents/applications/${application.id}/withdraw`)
        .set('x-api-key', world.keys.applicant)
        .expect(200);
      await writeApp().post(`/agents/applications/${application.id}/withdraw`).set('x-api-key', world.keys.applicant).expect(200);
      const rows = await queued('application.withdrawn');
      expect(rows.map((r) => r.subscription_id)).to.deep.equal([hooks.recruiter]);
      const payload = JSON.parse(rows[0].payload);
      expect(payload).to.deep.include({ type: 'application.withdrawn', timestamp: res.body.updated_at });
      expect(payload.data).to.deep.include({ application_id: application.id, status: 'withdrawn', updated_at: res.body.updated_at });
    });

    it('job.closed when the job is closed now, not when closing it again', async () => {
      await writeApp().post(`/agents/jobs/${job.id}/close`).set('x-api-key', world.keys.recruiter).expect(200);
      await writeApp().post(`/agents/jobs/${job.id}/close`).set('x-api-key', world.keys.recruiter).expect(200);
      const rows = await queued('job.closed');
      expect(rows.map((r) => r.subscription_id).sort()).to.deep.equal([hooks.recruiter, hooks.colleague].sort());
      const [{ closed_at }] = await testDb().query<{ closed_at: Date }>(`SELECT closed_at FROM jobs WHERE id = $1`, [job.id]);
      expect(JSON.parse(rows[0].payload)).to.deep.equal({
        type: 'job.closed',
        timestamp: closed_at.toISOString(),
        data: { job_id: job.id, title: 'Night Porter', organization_id: world.acme.id, closed_at: closed_at.toISOString() },
      });
      expect(rows[0].payload).to.equal(rows[1].payload);
      expect(rows[0].id).to.not.equal(rows[1].id);
    });
  });
});
