import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { Redis } from 'ioredis';
import { testConfig } from '../../test/support/context';
import { indexFreshJobs, jobDocument } from '../../test/fixtures/job-documents';
import { freePort } from '../../test/support/free-port';
import { EDGE_CONFIG, localEdgeConfig } from './edge-config';
import { ReadTier } from './read-tier';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'read-tier-test-metrics-token';

/** GET from another loopback address (127.0.0.x): to the edge, another client with a rate-limit window of its own. */
function getFrom(localAddress: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

describe('the local read tier (npm run read-tier): deploy/nginx.conf in front of N read processes', function () {
  this.timeout(120_000);

  describe('the edge configuration', () => {
    it('is deploy/nginx.conf with only its upstream servers and listen address rewritten', async () => {
      const template = await readFile(EDGE_CONFIG, 'utf8');
      const conf = localEdgeConfig(template, {
        read: ['127.0.0.1:4001', '127.0.0.1:4002'],
        write: '127.0.0.1:4009',
        docs: '127.0.0.1:4009',
        listen: '127.0.0.1:4000',
      });
      expect(conf).to.include(
        '    server 127.0.0.1:4001 max_fails=2 fail_timeout=5s;\n    server 127.0.0.1:4002 max_fails=2 fail_timeout=5s;',
      );
      expect(conf).to.include('listen 127.0.0.1:4000;');
      expect(conf).not.to.match(/server (read|write|docs):/);
      // What makes the loss of an instance invisible: passive health checks, reads retried, keep-alive.
      for (const line of [
        'proxy_next_upstream error timeout http_502;',
        'keepalive 32;',
        'proxy_http_version 1.1;',
        'proxy_set_header Connection "";',
      ]) {
        expect(conf).to.include(line);
      }
      const removed = (a: string) => a.split('\n').filter((line) => !conf.includes(line));
      expect(removed(template).filter((line) => !/server (read|write|docs):|listen 80;/.test(line))).to.deep.equal([]);
    });

    it('refuses a template that lost a line it rewrites, rather than drifting from it', () => {
      expect(() => localEdgeConfig('events {}', { read: ['a:1'], write: 'b:1', docs: 'c:1', listen: 'd:1' })).to.throw(/server read/);
    });
  });

  describe('two read instances with REDIS_URL behind nginx', () => {
    let tier: ReadTier;
    const prefix = `jla-test:read-tier:${randomUUID()}`;
    const limit = 30;

    before(async () => {
      await indexFreshJobs([jobDocument({ title: 'Read tier engineer' })]);
      const port = await freePort();
      const config = testConfig();
      tier = await new ReadTier({
        instances: 2,
        port,
        readPorts: [await freePort(), await freePort()],
        env: {
          ELASTICSEARCH_URL: config.elasticsearchNodes.join(','),
          REDIS_URL,
          REDIS_KEY_PREFIX: prefix,
          READ_RATE_LIMIT_PER_MINUTE: String(limit),
          METRICS_TOKEN,
          LOG_LEVEL: 'warn',
        },
      }).start();
    });

    after(async () => {
      await tier?.stop();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    const served = async (port: number) => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const line = (await res.text())
        .split('\n')
        .find((l) => l.startsWith('http_requests_total{') && l.includes('route="/agents/jobs"') && l.includes('status="200"'));
      return Number(line?.split(' ').pop() ?? 0);
    };

    it('answers at one address, spreads reads over both instances, and enforces one shared limit per client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < limit + 6; i++) {
        const res = await getFrom('127.0.0.2', `${tier.url}/agents/jobs`);
        statuses.push(res.status);
        if (i === 0) expect((JSON.parse(res.body) as { jobs: { title: string }[] }).jobs[0].title).to.equal('Read tier engineer');
      }
      expect(
        statuses.filter((s) => s === 429),
        'limit + 6 requests over both instances: exactly 6 refused',
      ).to.have.length(6);
      const [a, b] = await Promise.all(tier.readers.map((reader) => served(reader.port)));
      expect(a + b).to.equal(limit);
      expect(a, 'each instance served some').to.be.greaterThan(0);
      expect(b, 'each instance served some').to.be.greaterThan(0);
    });

    it('keeps answering every GET when one instance is killed (nginx sends the failed request to the other)', async () => {
      await tier.killReader(0);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await getFrom('127.0.0.3', `${tier.url}/agents/jobs/search?q=engineer`);
        statuses.push(res.status);
      }
      expect(statuses).to.deep.equal(Array(20).fill(200));
    });
  });
});
