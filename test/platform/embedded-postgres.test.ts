import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../scripts/stack/embedded-postgres';
import { answers } from '../../scripts/stack/postgres';
import { testSearch } from '../support/context';
import { TEST_DB_NAME } from '../support/env';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(__dirname, '../..');
const ALIAS = `${TEST_DB_NAME}_embedded_jobs`;

/** A port of the range kept for this suite's extra servers on which nothing listens. */
async function freeEmbeddedPort(): Promise<number> {
  for (let port = 5460; port <= 5469; port++) if (!(await answers({ host: '127.0.0.1', port }, 300))) return port;
  throw new Error('ports 5460-5469 are all taken');
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start with the embedded PostgreSQL (EMBEDDED_POSTGRES=1, no DATABASE_URL)', function () {
  this.timeout(180_000);
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let base: string;
  let pgPort: number;
  let exited: Promise<number | null>;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-embedded-pg-'));
    // mkdtemp makes it private; as root the server runs as another user, who must pass through it.
    await chmod(dir, 0o755);
    pgPort = await freeEmbeddedPort();
    const port = await freePort();
    base = `http://localhost:${port}`;
    await testSearch().indices.delete({ index: `${ALIAS}_v*`, ignore_unavailable: true, allow_no_indices: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      EMBEDDED_POSTGRES: '1',
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      EMBEDDED_POSTGRES_DIR: path.join(dir, 'postgres'),
      PORT: String(port),
      BASE_URL: base,
      ES_INDEX_ALIAS: ALIAS,
      LOG_LEVEL: 'warn',
    };
    // The test environment names its own database; the product must find its server without one.
    delete env.DATABASE_URL;
    delete env.SEED_DEMO;
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const serving = () => {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before serving; output:\n${output}`);
      return output.includes('serving at');
    };
    await waitFor(serving, { what: () => `npm start to serve; output:\n${output}`, timeoutMs: 150_000, intervalMs: 200 });
  });

  after(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await testSearch().indices.delete({ index: `${ALIAS}_v*`, ignore_unavailable: true, allow_no_indices: true });
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const key = (holder: string) => output.match(new RegExp(`${holder}: +(jla_[0-9A-Za-z]{40})`))![1];
  const printedUrl = () => output.match(/DATABASE_URL='([^']+)'/)![1];

  it('says in its banner that it runs the embedded server, where, and how other commands reach it', async () => {
    expect(output).to.match(new RegExp(`database: +embedded PostgreSQL 16\\.\\d+\\.\\d+ on 127\\.0\\.0\\.1:${pgPort}`));
    const db = new Client({ connectionString: printedUrl() });
    await db.connect();
    try {
      const { rows } = await db.query<{ port: string; dir: string }>(
        `SELECT current_setting('port') AS port, current_setting('data_directory') AS dir`,
      );
      expect(rows[0]).to.deep.equal({ port: String(pgPort), dir: path.join(dir, 'postgres', 'data') });
    } finally {
      await db.end();
    }
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).to.equal(200);
  });

  it('serves browse and search from the demo data it seeded', async () => {
    const browse = await fetch(`${base}/agents/jobs?limit=5`);
    expect(browse.status).to.equal(200);
    expect(((await browse.json()) as { jobs: unknown[] }).jobs).to.have.length(5);
    const search = await fetch(`${base}/agents/jobs/search?q=engineer&limit=3`);
    expect(search.status).to.equal(200);
    expect(((await search.json()) as { jobs: unknown[] }).jobs).to.have.length(3);
  });

  it('serves create and apply with the demo keys it printed, writing to the embedded server', async () => {
    const rpc = (what: string) =>
      fetch(`${base}/${what}.v1.${what[0].toUpperCase()}${what.slice(1)}Service/List`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    const [{ organizations }, { locations }] = (await Promise.all(
      [rpc('organization'), rpc('location')].map(async (r) => (await r).json()),
    )) as [{ organizations: { id: string }[] }, { locations: { id: string }[] }];
    const created = await fetch(`${base}/agents/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key('recruiter') },
      body: JSON.stringify({
        title: 'Embedded Database Engineer',
        organization_id: organizations[0].id,
        location_id: locations[0].id,
        type: 'full_time',
        salary: '€80,000',
      }),
    });
    expect(created.status).to.equal(201);
    const job = (await created.json()) as { id: string };
    const applied = await fetch(`${base}/agents/jobs/${job.id}/apply`, {
      method: 'POST',
      headers: { 'x-api-key': key('applicant \\(with resume\\)') },
    });
    expect(applied.status).to.equal(201);
    const db = new Client({ connectionString: printedUrl() });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT 1 FROM applications WHERE job_id = $1', [job.id]);
      expect(rows).to.have.length(1);
    } finally {
      await db.end();
    }
  });

  it('stops the embedded server when npm start ends', async () => {
    const pidFile = path.join(dir, 'postgres', 'data', 'postmaster.pid');
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(isAlive(pid)).to.equal(true);
    child.kill('SIGTERM');
    expect(await exited).to.equal(0);
    await waitFor(() => !isAlive(pid), { what: `the embedded server (pid ${pid}) to be gone`, intervalMs: 100 });
    expect(existsSync(pidFile), 'a clean shutdown removes its pid file').to.equal(false);
  });
});

describe('the embedded PostgreSQL left behind', function () {
  this.timeout(90_000);
  let dir: string;
  let holder: ChildProcess | undefined;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-embedded-pg-'));
    await chmod(dir, 0o755);
  });

  after(async () => {
    holder?.kill('SIGKILL');
    // Only when the test failed half-way is a server still running here.
    const pidFile = path.join(dir, 'postgres', 'data', 'postmaster.pid');
    if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
    await rm(dir, { recursive: true, force: true });
  });

  it('is left alone while the start that runs it lives, and stopped by the next start once that start was killed', async () => {
    const port = await freeEmbeddedPort();
    const options = { port, dir: path.join(dir, 'postgres'), log: () => undefined };
    // Another "npm start": a process that runs the server and stays.
    const script =
      `require('./scripts/stack/embedded-postgres').startEmbeddedPostgres(${JSON.stringify(options).replace(/}$/, ', log: () => {} }')})` +
      `.then(() => console.log('up'), (e) => { console.error(e); process.exit(1); }); setInterval(() => {}, 1000);`;
    holder = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      holder!.stdout!.on('data', (d) => String(d).includes('up') && resolve());
      holder!.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    });
    const first = Number(readFileSync(path.join(dir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

    const refused = await startEmbeddedPostgres(options).then(
      () => null,
      (err: Error) => err,
    );
    expect(refused?.message).to.include(`is run by another npm start (pid ${holder.pid})`);
    expect(isAlive(first)).to.equal(true);

    holder.kill('SIGKILL');
    await new Promise((r) => holder!.once('exit', r));
    expect(isAlive(first), 'the killed start could not stop its server').to.equal(true);
    const server = await startEmbeddedPostgres(options);
    try {
      expect(isAlive(first), 'the next start stopped the one left behind').to.equal(false);
      const db = new Client({ connectionString: server.url('postgres') });
      await db.connect();
      expect((await db.query('SELECT 1 AS one')).rows).to.deep.equal([{ one: 1 }]);
      await db.end();
    } finally {
      await server.stop();
    }
  });
});
