import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { testSearch } from '../support/context';
import { TEST_DB_NAME, TEST_PG_ADMIN_URL } from '../support/env';
import { freePort } from '../support/free-port';

const ROOT = path.resolve(__dirname, '../..');
const DB_NAME = `${TEST_DB_NAME}_start`;
const ALIAS = `${DB_NAME}_jobs`;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start` (scripts/start.ts) with its own port, database and index alias. */
function start(port: number): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DATABASE_URL: `${TEST_PG_ADMIN_URL.replace(/\/postgres$/, '')}/${DB_NAME}`,
      ES_INDEX_ALIAS: ALIAS,
      // A database named by DATABASE_URL gets the demo data only when asked.
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!started.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}"; output:\n${started.output()}`);
    if (started.child.exitCode !== null) throw new Error(`exited with ${started.child.exitCode}; output:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function dropDatabase(): Promise<void> {
  const admin = new Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`).finally(() => admin.end());
}

describe('npm start (the whole product in one process)', function () {
  this.timeout(180_000);
  let first: Started;
  let port: number;

  before(async () => {
    await dropDatabase();
    await testSearch().indices.delete({ index: `${ALIAS}_v*`, ignore_unavailable: true, allow_no_indices: true });
    port = await freePort();
    first = start(port);
    await waitFor(first, 'serving at', 150_000);
  });

  after(async () => {
    if (first?.child.exitCode === null) first.child.kill('SIGKILL');
    await dropDatabase();
    await testSearch().indices.delete({ index: `${ALIAS}_v*`, ignore_unavailable: true, allow_no_indices: true });
  });

  it('creates and seeds the database, fills the index, and answers /readyz 200 at the base URL', async () => {
    const ready = await fetch(`http://localhost:${port}/readyz`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({ status: 'ready', checks: { postgres: 'up', elasticsearch: 'up' } });
    const count = await testSearch().count({ index: ALIAS });
    expect(count.count).to.be.at.least(2000);
  });

  it('prints the base URL and the three demo keys', () => {
    expect(first.output()).to.include(`serving at http://localhost:${port}`);
    expect(first.output().match(/jla_[0-9A-Za-z]{32,}/g) ?? []).to.have.length.of.at.least(3);
  });

  it('serves browse from the seeded data', async () => {
    const res = await fetch(`http://localhost:${port}/agents/jobs?limit=5`);
    expect(res.status).to.equal(200);
    const body = (await res.json()) as { jobs: unknown[]; pagination: { total_items: number } };
    expect(body.jobs).to.have.length(5);
    expect(body.pagination.total_items).to.be.greaterThan(1000);
  });

  it('a second start on the same port fails clearly and leaves the first serving', async () => {
    const second = start(port);
    const code = await second.exited;
    expect(code).to.equal(1);
    expect(second.output()).to.include(`Port ${port} is already in use`);
    const ready = await fetch(`http://localhost:${port}/readyz`);
    expect(ready.status).to.equal(200);
  });

  it('runs the embedding worker beside the API, in a process of its own: the seeded jobs get their vectors', async () => {
    expect(first.output()).to.match(/\[start\] embedder: worker \d+ started/);
    const embedded = async () => {
      await testSearch().indices.refresh({ index: ALIAS });
      return (await testSearch().count({ index: ALIAS, query: { exists: { field: 'embedding' } } })).count;
    };
    const deadline = Date.now() + 60_000;
    while ((await embedded()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    expect(await embedded(), first.output()).to.be.greaterThan(0);
  });

  it('supervises its worker: one killed with SIGKILL is started again and the API serves again', async () => {
    // The API's worker; the embedding worker's lines say "embedder:" first.
    const pids = [...first.output().matchAll(/\[start\] worker (\d+) started/g)].map((m) => Number(m[1]));
    expect(pids, 'the worker pid is logged').to.have.length(1);
    process.kill(pids[0], 'SIGKILL');
    await waitFor(first, 'serves again', 60_000);
    expect(first.output()).to.match(/ended unexpectedly \(SIGKILL\); restarting in \d+ ms/);
    const ready = await fetch(`http://localhost:${port}/readyz`);
    expect(ready.status).to.equal(200);
    expect(first.child.exitCode, 'the supervisor itself kept running').to.equal(null);
  });

  it('a restart reuses the data (no second seed) and serves again', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).to.equal(0);
    const before = await testSearch().count({ index: ALIAS });
    first = start(port);
    await waitFor(first, 'serving at', 120_000);
    expect(first.output()).not.to.include('demo data seeded');
    const res = await fetch(`http://localhost:${port}/readyz`);
    expect(res.status).to.equal(200);
    expect((await testSearch().count({ index: ALIAS })).count).to.equal(before.count);
    first.child.kill('SIGTERM');
    expect(await first.exited).to.equal(0);
  });
});
