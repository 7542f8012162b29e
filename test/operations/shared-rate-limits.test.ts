import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import pino from 'pino';
import { createReadApp } from '../../services/read';
import type { Config } from '../../shared/config';
import { createHttpState, type HttpState } from '../../shared/http/http-state';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../shared/http/rate-limit-redis';
import { resetIndex, testConfig, testLogger, testSearch } from '../support/context';
import { startFreezableProxy, type FreezableProxy } from '../support/freezable-proxy';
import { httpClient } from '../support/http';
import { waitFor } from '../support/wait';

/** The machine's Redis (REDIS_URL overrides); every test counts under keys of its own. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Log lines written at warn and above, to see what an outage logs (and that it logs once). */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('rate limits shared through Redis (REDIS_URL)', function () {
  this.timeout(30_000);
  const states: HttpState[] = [];
  const run = `jla-test:${randomUUID()}`;
  let tests = 0;
  let prefix = run;
  let admin: Redis;

  /** A read instance of its own (own app, own limiter state, own Redis connection), as another process would be. */
  function readInstance(config: Config, options: Parameters<typeof createHttpState>[1] = {}) {
    const http = createHttpState(config, { redisKeyPrefix: prefix, logger: testLogger, ...options });
    states.push(http);
    return { client: httpClient(createReadApp({ config, search: testSearch(), logger: testLogger, http }).app), http };
  }
  const limited = (limit: number, redisUrl = REDIS_URL) => testConfig({ readRateLimitPerMinute: limit, redisUrl });

  before(async () => {
    await resetIndex();
    admin = new Redis(REDIS_URL);
  });

  // Each test counts under keys of its own: its windows start empty.
  beforeEach(() => {
    prefix = `${run}:${++tests}`;
  });

  after(async () => {
    await Promise.all(states.map((state) => state.close()));
    const keys = await admin.keys(`${run}:*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it('two instances enforce one limit: limit + N requests across both answer exactly N 429s', async () => {
    const limit = 7;
    const extra = 5;
    const a = readInstance(limited(limit));
    const b = readInstance(limited(limit));
    await Promise.all([a.http.sharedLimits!.ready(), b.http.sharedLimits!.ready()]);
    const statuses: number[] = [];
    for (let i = 0; i < limit + extra; i++) {
      const res = await (i % 2 === 0 ? a : b).client.get('/agents/jobs');
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers['retry-after']).to.match(/^\d+$/);
    }
    expect(statuses.filter((s) => s === 429)).to.have.length(extra);
    expect(statuses.slice(0, limit)).to.deep.equal(Array(limit).fill(200));
    // Counted in Redis, under this test's prefix: one window for the client address.
    const keys = await admin.keys(`${prefix}:read*`);
    expect(keys).to.have.length(1);
  });

  it('the headers come from the shared window: each instance reports what is left across both', async () => {
    const a = readInstance(limited(4));
    const b = readInstance(limited(4));
    await Promise.all([a.http.sharedLimits!.ready(), b.http.sharedLimits!.ready()]);
    const remaining = [];
    for (const instance of [a, b, a, b]) remaining.push((await instance.client.get('/agents/jobs')).headers['ratelimit-remaining']);
    expect(remaining).to.deep.equal(['3', '2', '1', '0']);
  });

  it('with Redis unreachable, reads are served and counted in memory, without waiting; the outage is logged once and shows in /metrics', async () => {
    // Nothing listens on port 1: every command fails at once.
    const { logger, lines } = capturingLogger();
    const config = { ...limited(3, 'redis://127.0.0.1:1'), metricsToken: 'metrics-token-0123456789' };
    const a = readInstance(config, { logger });
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await a.client.get('/agents/jobs')).status);
    expect(statuses, 'the in-memory limit of this instance still holds').to.deep.equal([200, 200, 200, 429, 429]);
    expect(Date.now() - started, 'no request waits for Redis').to.be.below(2000);
    const warnings = lines.filter((line) => line.level >= 40);
    expect(warnings.map((line) => line.msg)).to.deep.equal([
      'the rate-limit store (Redis) does not answer: counting limits in this process until it does',
    ]);
    const metrics = await a.client.get('/metrics').set('authorization', 'Bearer metrics-token-0123456789').expect(200);
    expect(metrics.text).to.match(/^rate_limit_store_up 0$/m);
    expect(metrics.text).to.match(/^rate_limit_store_fallbacks_total\{limit="read"\} [1-9]\d*$/m);
  });

  describe('when Redis stops answering mid-way (frozen behind a proxy) and comes back', () => {
    let proxy: FreezableProxy;

    before(async () => {
      const redis = new URL(REDIS_URL);
      proxy = await startFreezableProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    });

    after(async () => {
      proxy?.thaw();
      await proxy?.close();
    });

    it('a hung Redis costs a read at most the command timeout, then the shared limit is back', async () => {
      const url = proxy.url.replace('http:', 'redis:');
      const { logger, lines } = capturingLogger();
      const a = readInstance(limited(50, url), { logger });
      await a.http.sharedLimits!.ready();
      proxy.freeze();
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const res = await a.client.get('/agents/jobs');
        expect(res.status).to.equal(200);
        expect(Date.now() - started).to.be.below(REDIS_COMMAND_TIMEOUT_MS + 1000);
      }
      expect(a.http.sharedLimits!.isUp).to.equal(false);
      proxy.thaw();
      await waitFor(async () => (await a.client.get('/agents/jobs')).status === 200 && a.http.sharedLimits!.isUp, {
        what: 'Redis to answer again',
      });
      expect(lines.map((line) => line.msg)).to.include('the rate-limit store (Redis) answers again: limits are shared by every instance');
    });
  });
});
