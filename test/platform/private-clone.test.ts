import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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
