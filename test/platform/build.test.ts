import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { testConfig } from '../support/context';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** `npm run build`: the services compiled to JavaScript, run with plain node (tsx is a development tool). */
describe('npm run build (compiled services)', function () {
  this.timeout(120_000);
  let child: ChildProcess | undefined;

  after(() => child?.kill('SIGTERM'));

  it('compiles every entry point, with source maps', async () => {
    await run('npm', ['run', 'build'], { cwd: ROOT });
    for (const entry of [
      'scripts/start',
      'services/all-in-one/server',
      'services/read/server',
      'services/write/server',
      'services/indexer/main',
    ]) {
      expect(existsSync(path.join(ROOT, 'dist', `${entry}.js`)), entry).to.equal(true);
      expect(existsSync(path.join(ROOT, 'dist', `${entry}.js.map`)), `${entry} source map`).to.equal(true);
    }
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    for (const name of ['start', 'start:read', 'start:write', 'start:indexer'])
      expect(scripts[name], name).to.match(/^node --enable-source-maps dist\//);
  });

  it('serves from the compiled output with plain node, no tsx loaded', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--enable-source-maps', 'dist/services/read/server.js'], {
      cwd: ROOT,
      env: { ...process.env, READ_PORT: String(port), ELASTICSEARCH_URL: testConfig().elasticsearchUrl, NODE_OPTIONS: '' },
      stdio: 'ignore',
    });
    const healthz = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
    await waitFor(healthz, {
      what: 'the compiled read service to answer /healthz with 200',
      timeoutMs: 30_000,
      intervalMs: 100,
      retryErrors: true,
    });
    // No loader in the running process: its command line is node and the compiled file alone.
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).to.deep.equal(['--enable-source-maps', 'dist/services/read/server.js']);
  });
});
