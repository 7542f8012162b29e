import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../shared/config';
import { newMessageId, newSecret } from '../../shared/webhooks/signing';
import { resolveWebhookUrl, type LookupAll } from '../../shared/webhooks/url-policy';
import { resetDatabase, testConfig, testDb, testLogger } from '../../test/support/context';
import { createUser } from '../../test/support/factories';
import { waitFor } from '../../test/support/wait';
import { claimDue } from './queue';
import { sendWebhook } from './send';
import { startWebhookWorker, WebhookWorker, type RunningWebhookWorker, type WebhookWorkerOptions } from './worker';
import { Registry } from 'prom-client';
import { deliveryCounters } from './delivery-metrics';

// The real Postgres and real HTTP: deliveries are rows inserted as the write service and the
// matcher insert them, the receiver is a node:http server on 127.0.0.1 that checks every
// signature with the Standard Webhooks reference library.

/** One request the receiver got. */
interface Received {
  id: string;
  timestamp: number;
  signature: string;
  body: string;
  host: string | undefined;
  contentType: string | undefined;
  userAgent: string | undefined;
  /** The secrets (by name) that verify it, each alone. */
  verifiedBy: string[];
  at: number;
}

/** What the receiver answers to its n-th request (0-based): a status (with a Retry-After), or 'hang' (never answers). */
type Answer = number | { status: number; retryAfter: string } | 'hang';

class Receiver {
  readonly received: Received[] = [];
  answer: (n: number) => Answer = () => 200;
  /** Secrets the receiver knows, by name; each request is verified with each one alone. */
  secrets: Record<string, string> = {};
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  private readonly hanging = new Set<http.ServerResponse>();
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(host = '127.0.0.1', path = '/hooks'): string {
    return `http://${host}:${this.port}${path}`;
  }

  ids(): string[] {
    return this.received.map((r) => r.id);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verifiedBy = Object.entries(this.secrets)
        .filter(([, secret]) => {
          try {
            new Webhook(secret).verify(body, headers);
            return true;
          } catch {
            return false;
          }
        })
        .map(([name]) => name);
      this.received.push({
        id: headers['webhook-id'],
        timestamp: Number(headers['webhook-timestamp']),
        signature: headers['webhook-signature'],
        body,
        host: req.headers.host,
        contentType: req.headers['content-type'],
        userAgent: req.headers['user-agent'],
        verifiedBy,
        at: Date.now(),
      });
      const answer = this.answer(this.received.length - 1);
      if (answer === 'hang') {
        this.hanging.add(res);
        return;
      }
      const [status, extra] = typeof answer === 'number' ? [answer, {}] : [answer.status, { 'retry-after': answer.retryAfter }];
      res.writeHead(status, { 'content-type': 'text/plain', ...extra }).end('ok');
    });
  }
}

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
  next_attempt_at: Date;
}
interface AttemptRow {
  attempt: number;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: Date;
}

const LOCAL: Partial<Config> = {
  webhookAllowHttp: true,
  webhookAllowPrivateAddresses: true,
  webhookRetrySchedule: [1, 1],
  webhookTimeoutMs: 2_000,
  webhookPollMs: 20,
};

describe('webhook delivery worker', function () {
  this.timeout(30_000);
  let receiver: Receiver;
  let userId: string;
  const workers: RunningWebhookWorker[] = [];

  const config = (overrides: Partial<Config> = {}) => testConfig({ ...LOCAL, ...overrides });
  const start = (overrides: Partial<Config> = {}, options: WebhookWorkerOptions = {}) => {
    const running = startWebhookWorker(config(overrides), testDb(), testLogger, { leaseMarginMs: 500, ...options });
    workers.push(running);
    return running;
  };

  async function subscribe(
    fields: { url?: string; secret?: string; previous?: { secret: string; expiresInSeconds: number } } = {},
  ): Promise<{ id: string; secret: string }> {
    const secret = fields.secret ?? newSecret();
    const [row] = await testDb().query<{ id: string }>(
      `INSERT INTO webhook_subscriptions (user_id, url, events, secret, previous_secret, previous_secret_expires_at)
       VALUES ($1, $2, '{job.matched}', $3, $4, now() + $5 * interval '1 second') RETURNING id`,
      [userId, fields.url ?? receiver.url(), secret, fields.previous?.secret ?? null, fields.previous?.expiresInSeconds ?? null],
    );
    return { id: row.id, secret };
  }

  async function enqueue(
    subscriptionId: string,
    payload = JSON.stringify({ type: 'job.matched', data: { n: Math.random() } }),
  ): Promise<string> {
    const id = newMessageId();
    await testDb().query(`INSERT INTO webhook_deliveries (id, subscription_id, event_type, payload) VALUES ($1, $2, 'job.matched', $3)`, [
      id,
      subscriptionId,
      payload,
    ]);
    return id;
  }

  const delivery = async (id: string) => (await testDb().query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = $1', [id]))[0];
  const attempts = (id: string) =>
    testDb().query<AttemptRow>('SELECT * FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt', [id]);
  const settled = (id: string, timeoutMs = 10_000) =>
    waitFor(
      async () => {
        const d = await delivery(id);
        return d.status !== 'pending' && d;
      },
      { what: `delivery ${id} to be delivered or failed`, timeoutMs },
    );

  beforeEach(async () => {
    await resetDatabase();
    userId = (await createUser()).id;
    receiver = await new Receiver().start();
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await receiver.close();
  });

  it('POSTs the stored payload exactly, signed as the reference library verifies, and records the delivery', async () => {
    const sub = await subscribe();
    receiver.secrets = { current: sub.secret, other: newSecret() };
    const payload = '{"type":"job.matched","timestamp":"2026-01-01T00:00:00Z","data":{"title":"Ünïcödé ✓","n":1.50}}';
    const id = await enqueue(sub.id, payload);
    const worker = new WebhookWorker(config(), testDb(), testLogger);
    expect(await worker.deliverDue()).to.equal(1);

    const [got] = receiver.received;
    expect(got).to.include({ id, body: payload, contentType: 'application/json', host: `127.0.0.1:${receiver.port}` });
    expect(got.verifiedBy).to.deep.equal(['current']);
    expect(got.userAgent).to.match(/Webhooks/);
    expect(Math.abs(got.timestamp - Date.now() / 1000)).to.be.below(5);
    const row = await delivery(id);
    expect(row).to.include({ status: 'delivered', attempts: 1, last_error: null });
    expect(row.delivered_at).to.be.instanceOf(Date);
    const [attempt] = await attempts(id);
    expect(attempt).to.include({ attempt: 1, response_status: 200, error: null });
    expect(attempt.duration_ms).to.be.within(0, 2_000);
    expect(await worker.deliverDue(), 'nothing is due any more').to.equal(0);
  });

  it('retries a 500 on the schedule with the same webhook-id, and lists every attempt', async () => {
    const sub = await subscribe();
    receiver.secrets = { current: sub.secret };
    receiver.answer = (n) => (n === 0 ? 500 : 200);
    const id = await enqueue(sub.id);
    start();

    const row = await settled(id);
    expect(row).to.include({ status: 'delivered', attempts: 2, last_error: null });
    expect(receiver.ids()).to.deep.equal([id, id]);
    expect(receiver.received.every((r) => r.verifiedBy.includes('current'))).to.equal(true);
    const gap = receiver.received[1].at - receiver.received[0].at;
    expect(gap, 'the first retry waits its 1 s (plus at most 10 % jitter)').to.be.within(950, 1_100 + 500);
    expect((await attempts(id)).map((a) => [a.attempt, a.response_status, a.error])).to.deep.equal([
      [1, 500, null],
      [2, 200, null],
    ]);
  });

  it('counts its attempts by outcome, and their time, on the registry of its process', async () => {
    const registry = new Registry();
    const sub = await subscribe();
    receiver.answer = (n) => [500, 200, 404][n];
    // The first is answered 500, then (made due again at once, behind the second, answered 200) 404.
    const [first, second] = [await enqueue(sub.id), await enqueue(sub.id)];
    const worker = new WebhookWorker(config(), testDb(), testLogger, { counters: deliveryCounters(registry) });
    expect(await worker.deliverDue(1)).to.equal(1);
    await testDb().query('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1', [first]);
    expect(await worker.deliverDue(1)).to.equal(1);
    expect(await worker.deliverDue(1)).to.equal(1);
    expect([(await delivery(first)).status, (await delivery(second)).status]).to.deep.equal(['failed', 'delivered']);
    const metric = await registry.getSingleMetricAsString('jla_webhook_attempts_total');
    for (const outcome of ['delivered', 'retry', 'failed']) expect(metric).to.include(`jla_webhook_attempts_total{outcome="${outcome}"} 1`);
    const took = (await registry.getMetricsAsJSON()).find((m) => m.name === 'jla_webhook_attempt_seconds_total') as {
      values: { value: number }[];
    };
    expect(took.values[0].value).to.be.within(0, 5);
  });

  it('disables the subscription on 410, makes no more attempts, and sends none of its other events', async () => {
    const sub = await subscribe();
    receiver.answer = () => 410;
    const first = await enqueue(sub.id);
    start();
    expect(await settled(first)).to.include({ status: 'failed', attempts: 1 });
    expect((await delivery(first)).last_error).to.match(/410 \(Gone\): the subscription is disabled/);
    const [subscription] = await testDb().query<{ status: string; disabled_reason: string }>(
      'SELECT status, disabled_reason FROM webhook_subscriptions WHERE id = $1',
      [sub.id],
    );
    expect(subscription.status).to.equal('disabled');
    expect(subscription.disabled_reason).to.match(/410 Gone/);

    const second = await enqueue(sub.id);
    expect(await settled(second)).to.include({
      status: 'failed',
      attempts: 0,
      last_error: 'the subscription is disabled; the event was not sent',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(receiver.ids(), 'one request in all: no retry of the 410, nothing sent for the second event').to.deep.equal([first]);
    expect(await attempts(second)).to.deep.equal([]);
  });

  for (const status of [401, 403, 404, 405]) {
    it(`fails on ${status} without a retry`, async () => {
      const sub = await subscribe();
      receiver.answer = () => status;
      const id = await enqueue(sub.id);
      start();
      expect(await settled(id)).to.include({
        status: 'failed',
        attempts: 1,
        last_error: `the receiver answered ${status}, which is not retried`,
      });
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(receiver.ids()).to.deep.equal([id]);
      const [subscription] = await testDb().query<{ status: string }>('SELECT status FROM webhook_subscriptions WHERE id = $1', [sub.id]);
      expect(subscription.status, 'only a 410 disables').to.equal('active');
    });
  }

  it('gives no subscription more than two attempts in flight: a receiver that hangs does not hold up the others', async () => {
    const slow = await new Receiver().start();
    slow.answer = () => 'hang';
    try {
      const hanging = await subscribe({ url: slow.url() });
      const fine = await subscribe();
      // The hanging receiver's events are the oldest: without the cap they would take every slot.
      for (let i = 0; i < 6; i++) await enqueue(hanging.id);
      const quick = [await enqueue(fine.id), await enqueue(fine.id), await enqueue(fine.id)];
      start({ webhookTimeoutMs: 5_000 }, { concurrency: 4 });
      await waitFor(async () => (await Promise.all(quick.map(delivery))).every((d) => d.status === 'delivered'), {
        what: "the other receiver's events, while the first hangs",
        timeoutMs: 3_000,
      });
      expect(slow.received, 'two attempts at a time to the hanging receiver').to.have.length(2);
    } finally {
      await slow.close();
    }
  });

  it('counts an answer later than the timeout as a failure, and fails the delivery once the schedule is spent', async () => {
    const sub = await subscribe();
    receiver.answer = () => 'hang';
    const id = await enqueue(sub.id);
    start({ webhookTimeoutMs: 300 });

    const row = await settled(id);
    expect(row).to.include({ status: 'failed', attempts: 3 });
    expect(row.last_error).to.equal('no answer within 300 ms; gave up after 3 attempts');
    expect(receiver.ids()).to.deep.equal([id, id, id]);
    const rows = await attempts(id);
    expect(rows.map((a) => [a.attempt, a.response_status, a.error])).to.deep.equal([
      [1, null, 'no answer within 300 ms'],
      [2, null, 'no answer within 300 ms'],
      [3, null, 'no answer within 300 ms'],
    ]);
    for (const a of rows) expect(a.duration_ms).to.be.within(290, 1_000);
  });

  it("waits as long as a 429's Retry-After asks (seconds or a date), and keeps the schedule when it asks less", async () => {
    const subs = [await subscribe(), await subscribe(), await subscribe()];
    const asked = ['120', new Date(Date.now() + 600_000).toUTCString(), '0'];
    receiver.answer = (n) => ({ status: 429, retryAfter: asked[n] });
    const ids: string[] = [];
    for (const sub of subs) ids.push(await enqueue(sub.id));
    const worker = new WebhookWorker(config(), testDb(), testLogger);
    // One at a time, so the n-th answer goes to the n-th delivery.
    for (let i = 0; i < ids.length; i++) expect(await worker.deliverDue(1)).to.equal(1);
    const dueIn = async (id: string) => (await delivery(id)).next_attempt_at.getTime() - Date.now();
    expect(await dueIn(ids[0])).to.be.within(115_000, 121_000);
    expect(await delivery(ids[0])).to.include({ status: 'pending', last_error: 'the receiver answered 429 (Retry-After 120 s)' });
    expect(await dueIn(ids[1]), 'an HTTP date').to.be.within(590_000, 601_000);
    expect(await dueIn(ids[2]), 'Retry-After 0: the schedule').to.be.within(500, 1_150);
  });

  it('retries a refused connection and a 3xx (redirects are not followed)', async () => {
    const closed = await new Receiver().start();
    await closed.close();
    const down = await subscribe({ url: closed.url() });
    const redirecting = await subscribe();
    receiver.answer = () => 302;
    const [a, b] = [await enqueue(down.id), await enqueue(redirecting.id)];
    const worker = new WebhookWorker(config(), testDb(), testLogger);
    expect(await worker.deliverDue()).to.equal(2);
    expect(await delivery(a)).to.include({ status: 'pending', attempts: 1, last_error: 'connection refused (ECONNREFUSED)' });
    expect(await delivery(b)).to.include({ status: 'pending', attempts: 1, last_error: 'the receiver answered 302' });
    expect(receiver.received).to.have.length(1);
    const due = (await delivery(a)).next_attempt_at.getTime() - Date.now();
    expect(due, 'due again after the first delay of the schedule').to.be.within(500, 1_150);
  });

  describe('SSRF at delivery time', () => {
    it('refuses a loopback address when private addresses are not allowed: attempt recorded, nothing sent', async () => {
      const sub = await subscribe();
      const id = await enqueue(sub.id);
      const worker = new WebhookWorker(config({ webhookAllowPrivateAddresses: false }), testDb(), testLogger);
      await worker.deliverDue();
      expect(receiver.received).to.deep.equal([]);
      const [attempt] = await attempts(id);
      expect(attempt).to.include({ attempt: 1, response_status: null, error: 'refused: its host is 127.0.0.1, a loopback address' });
      expect(await delivery(id)).to.include({ status: 'pending', last_error: 'refused: its host is 127.0.0.1, a loopback address' });
    });

    it('refuses a name that resolved to a public address at subscription and rebinds to 127.0.0.1 at delivery', async () => {
      let asked = 0;
      const rebinding: LookupAll = () => Promise.resolve([{ address: asked++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }]);
      const url = receiver.url('hooks.rebind.test');
      const strict = { allowHttp: true, allowPrivateAddresses: false };
      const checked = await resolveWebhookUrl(url, strict, rebinding);
      expect(checked.addresses, 'accepted at subscription').to.deep.equal([{ address: '93.184.215.14', family: 4 }]);
      const sub = await subscribe({ url });
      const id = await enqueue(sub.id);

      const worker = new WebhookWorker(config({ webhookAllowPrivateAddresses: false }), testDb(), testLogger, { lookup: rebinding });
      await worker.deliverDue();
      expect(receiver.received).to.deep.equal([]);
      expect((await attempts(id))[0].error).to.equal('refused: its host resolves to 127.0.0.1, a loopback address');
    });

    it('connects to the address it checked, never to a second answer of the resolver, with the name as Host', async () => {
      // hooks.pinned.test exists only in this lookup: had the connection asked the system
      // resolver again, it would have failed with ENOTFOUND.
      const lookup: LookupAll = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      const sub = await subscribe({ url: receiver.url('hooks.pinned.test') });
      receiver.secrets = { current: sub.secret };
      const id = await enqueue(sub.id);
      const worker = new WebhookWorker(config(), testDb(), testLogger, { lookup });
      await worker.deliverDue();
      expect(receiver.received).to.have.length(1);
      expect(receiver.received[0]).to.include({ id, host: `hooks.pinned.test:${receiver.port}` });
      expect(receiver.received[0].verifiedBy).to.deep.equal(['current']);
      expect(await delivery(id)).to.include({ status: 'delivered' });
    });

    it('records a URL that no longer parses as a refused attempt, not a crash', async () => {
      const sub = await subscribe({ url: 'not a url at all' });
      const id = await enqueue(sub.id);
      await new WebhookWorker(config(), testDb(), testLogger).deliverDue();
      expect(await delivery(id)).to.include({ status: 'pending', attempts: 1, last_error: 'refused: it is not an absolute URL' });
    });
  });

  it('signs with the old and the new secret during a rotation, each verifying alone, and with the new alone after it', async () => {
    const [oldSecret, newSecretValue] = [newSecret(), newSecret()];
    const rotating = await subscribe({ secret: newSecretValue, previous: { secret: oldSecret, expiresInSeconds: 3600 } });
    const rotated = await subscribe({ secret: newSecretValue, previous: { secret: oldSecret, expiresInSeconds: -1 } });
    receiver.secrets = { old: oldSecret, new: newSecretValue };
    const during = await enqueue(rotating.id);
    await new WebhookWorker(config(), testDb(), testLogger).deliverDue();
    const after = await enqueue(rotated.id);
    await new WebhookWorker(config(), testDb(), testLogger).deliverDue();

    const [first, second] = receiver.received;
    expect(first.id).to.equal(during);
    expect(first.signature.split(' ')).to.have.length(2);
    expect(first.verifiedBy).to.deep.equal(['old', 'new']);
    expect(second.id).to.equal(after);
    expect(second.signature.split(' ')).to.have.length(1);
    expect(second.verifiedBy).to.deep.equal(['new']);
  });

  describe('crashes and several workers', () => {
    it('a worker that dies after claiming, before sending: another sends it when the lease ends', async () => {
      const sub = await subscribe();
      const id = await enqueue(sub.id);
      const [claimed] = await claimDue(testDb(), 10, 600);
      expect(claimed.id).to.equal(id);
      // ...and the worker dies here. A second worker finds nothing due until the lease ends.
      const started = Date.now();
      start();
      await settled(id);
      expect(Date.now() - started).to.be.above(400);
      expect(receiver.ids()).to.deep.equal([id]);
      expect((await delivery(id)).attempts, 'the lost claim counts as an attempt').to.equal(2);
      expect((await attempts(id)).map((a) => [a.attempt, a.response_status])).to.deep.equal([[2, 200]]);
    });

    it('a worker that dies after sending, before recording: sent again with the same webhook-id, nothing lost', async () => {
      const sub = await subscribe();
      receiver.secrets = { current: sub.secret };
      const ids = [await enqueue(sub.id), await enqueue(sub.id), await enqueue(sub.id)];
      const claimed = await claimDue(testDb(), 10, 600);
      expect(claimed).to.have.length(3);
      // The dying worker got its requests out, then died before writing a single outcome.
      const policy = { allowHttp: true, allowPrivateAddresses: true };
      await Promise.all(
        claimed.map((d) => sendWebhook({ url: d.url, body: d.payload, headers: { 'webhook-id': d.id }, timeoutMs: 2_000, policy })),
      );
      start();
      await Promise.all(ids.map((id) => settled(id)));
      const counts = new Map<string, number>();
      for (const got of receiver.ids()) counts.set(got, (counts.get(got) ?? 0) + 1);
      expect([...counts.keys()].sort()).to.deep.equal([...ids].sort());
      expect([...counts.values()], 'each event at most twice, the repeat under its own webhook-id').to.deep.equal([2, 2, 2]);
      for (const id of ids) expect(await delivery(id)).to.include({ status: 'delivered', attempts: 2 });
    });

    it('two workers share a queue without sending an event twice', async () => {
      const sub = await subscribe();
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push(await enqueue(sub.id));
      start({}, { concurrency: 4 });
      start({}, { concurrency: 4 });
      await Promise.all(ids.map((id) => settled(id)));
      expect(receiver.ids().sort()).to.deep.equal([...ids].sort());
      const totals = workers.map((w) => w.worker.totals.delivered);
      expect(totals.reduce((a, b) => a + b, 0)).to.equal(40);
    });

    it('stop() waits for the attempts in flight and records them', async () => {
      const slow = http.createServer((_req, res) => setTimeout(() => res.writeHead(204).end(), 400));
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      try {
        const slowSub = await subscribe({ url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/` });
        const id = await enqueue(slowSub.id);
        const running = start();
        await waitFor(async () => (await delivery(id)).attempts === 1, { what: 'the attempt to be claimed' });
        await running.stop();
        expect(await delivery(id)).to.include({ status: 'delivered', attempts: 1 });
      } finally {
        slow.closeAllConnections();
        await new Promise<void>((resolve) => slow.close(() => resolve()));
      }
    });
  });
});
