import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { resetDatabase, resetIndex, testConfig, testDb, testSearch } from '../support/context';
import { createApiKey, createLocation, createOrganization, createUser } from '../support/factories';
import { freePort } from '../support/free-port';
import { startFreezableProxy, type FreezableProxy } from '../support/freezable-proxy';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(__dirname, '../..');
/** The service's sessions carry this name, so the test ends them and only them. */
const APP_NAME = 'jla-postgres-loss-test';

/** Ends every Postgres session of the service, as an admin's terminate or a failover would; returns their process ids. */
async function terminateServiceBackends(): Promise<number[]> {
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const rows = await admin.query<{ pid: number }>(
      'SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [APP_NAME],
    );
    return rows.rows.map((r) => r.pid);
  } finally {
    await admin.end();
  }
}

/** Whether any of these Postgres backends still runs. */
async function stillRunning(pids: number[]): Promise<boolean> {
  return (await testDb().query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids])).length > 0;
}

describe('losing Postgres connections (the whole API as its own process, indexer inside)', function () {
  this.timeout(180_000);
  let proxy: FreezableProxy;
  let child: ChildProcess;
  let output = '';
  let base: string;
  let key: string;
  let org: string;
  let loc: string;

  before(async () => {
    await resetDatabase();
    await resetIndex();
    org = (await createOrganization()).id;
    loc = (await createLocation()).id;
    const recruiter = await createUser({ is_recruiter: true, memberOf: [org] });
    key = (await createApiKey(recruiter.id)).key;
    const es = new URL(testConfig().elasticsearchUrl);
    proxy = await startFreezableProxy({ host: es.hostname, port: Number(es.port) });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'services/all-in-one/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        ELASTICSEARCH_URL: proxy.url,
        PGAPPNAME: APP_NAME,
        RUN_INDEXER: 'true',
        INDEXER_POLL_MS: '100',
        ES_REQUEST_TIMEOUT_MS: '2000',
        WRITE_RATE_LIMIT_PER_MINUTE: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await waitFor(async () => (await fetch(`${base}/healthz`)).ok, {
      what: () => `the API to listen; its output:\n${output}`,
      timeoutMs: 60_000,
      intervalMs: 200,
      retryErrors: true,
    });
  });

  after(async () => {
    proxy?.thaw();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await proxy?.close();
  });

  const create = (title: string, idempotencyKey?: string) =>
    fetch(`${base}/agents/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      body: JSON.stringify({ title, organization_id: org, location_id: loc, type: 'contract', salary: '1' }),
    });

  /** The jobs Postgres holds and the documents the index holds, once the outbox is drained. */
  async function settled(): Promise<{ jobs: string[]; documents: string[] }> {
    return waitFor(
      async () => {
        const [{ n }] = await testDb().query<{ n: number }>('SELECT count(*)::int AS n FROM job_index_outbox');
        if (n > 0) return undefined;
        await testSearch().indices.refresh({ index: testConfig().indexAlias });
        const jobs = (await testDb().query<{ id: string }>('SELECT id FROM jobs ORDER BY id')).map((r) => r.id);
        const hits = await testSearch().search<{ id: string }>({ index: testConfig().indexAlias, size: 1000, _source: ['id'] });
        return { jobs, documents: hits.hits.hits.map((h) => h._source!.id).sort() };
      },
      { what: 'the outbox to drain', timeoutMs: 60_000, intervalMs: 200, retryErrors: true },
    );
  }

  it('keeps serving when its sessions are ended while the indexer waits on a frozen Elasticsearch, and loses nothing', async () => {
    proxy.freeze();
    const first = await create('Frozen cluster job');
    expect(first.status).to.equal(201);
    await waitFor(() => proxy.heldRequests().includes('/_bulk'), {
      what: 'the indexer to send its bulk request to the frozen node',
      timeoutMs: 10_000,
    });
    const ended = await terminateServiceBackends();
    expect(ended, 'the service had sessions to end').to.have.length.greaterThan(0);
    await waitFor(async () => !(await stillRunning(ended)), { what: 'the ended sessions to be gone' });
    // Each session's end reached the service before this request did: a process that crashed on
    // a lost session has died before it could answer.
    const health = await fetch(`${base}/healthz`).then(
      (res) => res.status,
      (err: Error) => err.message,
    );
    expect(child.exitCode, `the process died:\n${output}`).to.equal(null);
    expect(health, `the process answers /healthz:\n${output}`).to.equal(200);
    proxy.thaw();
    const second = await create('Job after the loss');
    expect(second.status, await second.clone().text()).to.equal(201);
    const { jobs, documents } = await settled();
    expect(jobs).to.have.length(2);
    expect(documents, 'every job indexed exactly once').to.deep.equal(jobs);
  });

  it('under creates and repeated session loss: only the hit requests fail (503 with Retry-After), retries land each job exactly once', async () => {
    const before = (await settled()).jobs.length;
    let ending = true;
    const terminator = (async () => {
      while (ending) {
        await terminateServiceBackends();
        // The pace of the losses is the scenario, not a wait: a session ended every 150 ms.
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    const statuses: number[] = [];
    const createWithRetries = async (title: string) => {
      const idempotencyKey = randomUUID();
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await create(title, idempotencyKey);
        statuses.push(res.status);
        if (res.status === 201) return;
        expect(res.status, await res.text()).to.equal(503);
        expect(res.headers.get('retry-after')).to.match(/^\d+$/);
        expect(res.headers.get('content-type')).to.match(/^application\/json/);
      }
      throw new Error(`${title} never succeeded`);
    };
    try {
      await Promise.all(
        Array.from({ length: 4 }, (_, worker) =>
          (async () => {
            for (let i = 0; i < 10; i++) await createWithRetries(`Churn job ${worker}-${i}`);
          })(),
        ),
      );
    } finally {
      ending = false;
      await terminator;
    }
    expect(child.exitCode, `the process died:\n${output}`).to.equal(null);
    expect(statuses.filter((s) => s === 503).length, 'some requests met a lost session').to.be.greaterThan(0);
    const { jobs, documents } = await settled();
    expect(jobs.length - before, 'exactly one job per title').to.equal(40);
    expect(documents, 'every job indexed exactly once').to.deep.equal(jobs);
    expect((await fetch(`${base}/healthz`)).status).to.equal(200);
  });
});
