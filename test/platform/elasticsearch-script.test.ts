import { expect } from 'chai';
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/elasticsearch.sh');
const ESC = '\x1b';

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function script(args: string[], env: NodeJS.ProcessEnv): Promise<Result> {
  return new Promise((resolve) => {
    execFile('bash', [SCRIPT, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A JDK as far as the script can tell: bin/java printing a version as `java -version` does, and maybe a release file. */
async function fakeJdk(dir: string, { prints, release }: { prints?: string; release?: string }): Promise<string> {
  await mkdir(path.join(dir, 'bin'), { recursive: true });
  const line = prints ? `echo 'openjdk version "${prints}" 2026-01-20' >&2` : 'echo "not a java" >&2';
  await writeFile(path.join(dir, 'bin/java'), `#!/bin/sh\n${line}\n`, { mode: 0o755 });
  if (release) await writeFile(path.join(dir, 'release'), `IMPLEMENTOR="Test"\nJAVA_VERSION="${release}"\n`);
  return dir;
}

/** The environment with no Java of the machine's: only what a test names. */
function javaEnv(jvmDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, JLA_JVM_DIR: jvmDir, ES_JAVA_HOME: '', JAVA_HOME: '', ...extra };
}

describe('scripts/elasticsearch.sh finds a JDK 21+', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-jvm-'));
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('the newest JDK 21+ of the JVM folder, by the version it reports, whatever the folder is called', async () => {
    await fakeJdk(path.join(dir, 'temurin-17-jdk-amd64'), { prints: '17.0.9' });
    await fakeJdk(path.join(dir, 'java-21-openjdk-amd64'), { release: '21.0.5' });
    await fakeJdk(path.join(dir, 'zulu25'), { prints: '25.0.1' });
    await fakeJdk(path.join(dir, 'temurin-26-jdk-amd64'), { prints: '11.0.22' });
    await mkdir(path.join(dir, 'not-a-jdk'));
    await symlink(path.join(dir, 'java-21-openjdk-amd64'), path.join(dir, 'java-1.21.0-openjdk-amd64'));
    const result = await script(['java'], javaEnv(dir));
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout.trim()).to.equal(`${dir}/zulu25 (Java 25.0.1)`);
  });

  it('of two JDKs of one major version, the later update', async () => {
    await fakeJdk(path.join(dir, 'a-jdk'), { prints: '21.0.3' });
    await fakeJdk(path.join(dir, 'b-jdk'), { release: '21.0.10' });
    await fakeJdk(path.join(dir, 'c-jdk'), { prints: '21.0.9' });
    expect((await script(['java'], javaEnv(dir))).stdout.trim()).to.equal(`${dir}/b-jdk (Java 21.0.10)`);
  });

  it("Debian's openjdk-21 alone (the folder name the script once missed)", async () => {
    await fakeJdk(path.join(dir, 'java-21-openjdk-arm64'), { release: '21.0.8' });
    expect((await script(['java'], javaEnv(dir))).stdout.trim()).to.equal(`${dir}/java-21-openjdk-arm64 (Java 21.0.8)`);
  });

  it('ES_JAVA_HOME is taken as it is, and refused with its version when older than 21', async () => {
    await fakeJdk(path.join(dir, 'jdk-25'), { prints: '25' });
    const chosen = await fakeJdk(path.join(dir, 'elsewhere-21'), { prints: '21-ea' });
    expect((await script(['java'], javaEnv(dir, { ES_JAVA_HOME: chosen }))).stdout.trim()).to.equal(`${chosen} (Java 21-ea)`);
    const old = await fakeJdk(path.join(dir, 'elsewhere-17'), { prints: '17.0.2' });
    const refused = await script(['java'], javaEnv(dir, { ES_JAVA_HOME: old }));
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include(`ES_JAVA_HOME=${old}: Java 17.0.2; Elasticsearch`);
  });

  it('JAVA_HOME when it is 21+; passed over, and named, when older', async () => {
    await fakeJdk(path.join(dir, 'jvm/temurin-17'), { prints: '17.0.9' });
    const home21 = await fakeJdk(path.join(dir, 'opt/jdk21'), { prints: '21.0.1' });
    expect((await script(['java'], javaEnv(path.join(dir, 'jvm'), { JAVA_HOME: home21 }))).stdout.trim()).to.equal(
      `${home21} (Java 21.0.1)`,
    );
    const home11 = await fakeJdk(path.join(dir, 'opt/jdk11'), { prints: '11.0.20' });
    await fakeJdk(path.join(dir, 'jvm/openjdk-22'), { prints: '22.0.2' });
    expect((await script(['java'], javaEnv(path.join(dir, 'jvm'), { JAVA_HOME: home11 }))).stdout.trim()).to.equal(
      `${dir}/jvm/openjdk-22 (Java 22.0.2)`,
    );
  });

  it('none new enough: names each JDK it found with its version, and says how to get one', async () => {
    await fakeJdk(path.join(dir, 'java-17-openjdk-amd64'), { release: '17.0.15' });
    await fakeJdk(path.join(dir, 'java-8-openjdk-amd64'), { prints: '1.8.0_402' });
    await fakeJdk(path.join(dir, 'broken'), {});
    const result = await script(['java'], javaEnv(dir));
    expect(result.code).to.equal(1);
    expect(result.stdout).to.equal('');
    for (const line of [
      'no Java 21+ found',
      'JAVA_HOME: unset',
      `${dir}/java-17-openjdk-amd64: Java 17.0.15`,
      `${dir}/java-8-openjdk-amd64: Java 1.8.0_402`,
      `${dir}/broken: version unknown`,
      'set ES_JAVA_HOME',
    ])
      expect(result.stderr).to.include(line);
  });

  it('an empty JVM folder: says so', async () => {
    const result = await script(['java'], javaEnv(dir));
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include(`${dir}: no JDK there`);
  });
});

/**
 * Fetching and starting, with a stand-in for mvn (which writes colour codes, as Maven's console
 * library does even in batch mode) and a stand-in distribution whose launcher starts a small HTTP
 * server answering the health check: every step of the script runs, in seconds.
 */
describe('scripts/elasticsearch.sh fetch and start: progress, no escape codes', function () {
  this.timeout(120_000);
  const VERSION = '0.0.0-fake';
  let dir: string;
  let port: number;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-es-script-'));
    // As root the node runs as its own user, who must pass through these folders.
    await chmod(dir, 0o755);
    port = await freePort();
    const dist = path.join(dir, 'dist', `elasticsearch-${VERSION}`, 'bin');
    await mkdir(dist, { recursive: true });
    await writeFile(
      path.join(dist, 'elasticsearch'),
      [
        '#!/bin/sh',
        'pidfile=""; port=""',
        'while [ $# -gt 0 ]; do',
        '  case "$1" in -p) pidfile="$2"; shift ;; -E) case "$2" in http.port=*) port="${2#http.port=}" ;; esac; shift ;; esac',
        '  shift',
        'done',
        'sleep "${FAKE_LAUNCH_SECONDS:-1}"',
        `node -e "require('http').createServer((q, s) => s.end('{\\"status\\":\\"green\\",\\"timed_out\\":false}')).listen($port, '127.0.0.1')" </dev/null >/dev/null 2>&1 &`,
        'echo $! >"$pidfile"',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    await promisify(execFile)('zip', ['-qr', path.join(dir, 'dist.zip'), `elasticsearch-${VERSION}`], { cwd: path.join(dir, 'dist') });
    await mkdir(path.join(dir, 'bin'));
    await writeFile(
      path.join(dir, 'bin/mvn'),
      [
        '#!/bin/sh',
        'out=""',
        'for arg in "$@"; do case "$arg" in -DoutputDirectory=*) out="${arg#-DoutputDirectory=}" ;; esac; done',
        `printf '\\033[0m\\033[1m[INFO] resolving\\033[m\\n'`,
        'sleep 2.5',
        `if [ -n "\${FAKE_MVN_FAIL:-}" ]; then printf '\\033[1;31m[ERROR] Failed to resolve the artifact\\033[m\\n'; exit 1; fi`,
        `cp "${dir}/dist.zip" "$out/elasticsearch-${VERSION}.zip"`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    await fakeJdk(path.join(dir, 'jvm/jdk-21'), { release: '21.0.6' });
    env = {
      ...process.env,
      PATH: `${dir}/bin:${process.env.PATH}`,
      ES_VERSION: VERSION,
      ES_PORT: String(port),
      ES_NODE_DIR: path.join(dir, 'nodes'),
      ES_PROGRESS_EVERY: '1',
      ELASTICSEARCH_URL: '',
      ES_JAVA_HOME: '',
      JAVA_HOME: '',
      JLA_JVM_DIR: path.join(dir, 'jvm'),
      JLA_CREATED_USERS_FILE: path.join(dir, 'created-users'),
    };
  });

  after(async () => {
    await script(['stop'], env);
    await rm(dir, { recursive: true, force: true });
    // As another user than root, the distribution is unpacked in the clone's .cache.
    await rm(path.join(ROOT, '.cache/elasticsearch', `elasticsearch-${VERSION}`), { recursive: true, force: true });
  });

  it("a failed fetch shows mvn's last lines, without their colour codes", async () => {
    const result = await script(['fetch'], { ...env, FAKE_MVN_FAIL: '1' });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/\[elasticsearch\] fetching Elasticsearch 0\.0\.0-fake with mvn \.\.\. failed after \d+s \(exit 1\)/);
    expect(result.stderr).to.include('[ERROR] Failed to resolve the artifact');
    expect(result.stderr).to.not.include(ESC);
  });

  it('start: fetches, unpacks, launches and waits, saying so with the seconds, in plain lines when not on a terminal', async () => {
    const result = await script(['start'], env);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout.trim()).to.equal(`http://127.0.0.1:${port}`);
    const lines = result.stderr.trim().split('\n');
    expect(result.stderr).to.not.include(ESC);
    expect(result.stderr).to.not.include('\r');
    for (const expected of [
      /^\[elasticsearch\] fetching Elasticsearch 0\.0\.0-fake with mvn \.\.\.$/,
      /^\[elasticsearch\] fetching Elasticsearch 0\.0\.0-fake with mvn \.\.\. \d+s$/,
      /^\[elasticsearch\] fetching Elasticsearch 0\.0\.0-fake with mvn \.\.\. done in \d+s$/,
      /^\[elasticsearch\] unpacking it into .* \.\.\. done in \d+s$/,
      /^\[elasticsearch\] Elasticsearch 0\.0\.0-fake on http:\/\/127\.0\.0\.1:\d+: heap 512m, Java 21\.0\.6 from .*\/jvm\/jdk-21, logs in /,
      /^\[elasticsearch\] launching the node \.\.\. done in \d+s$/,
      /^\[elasticsearch\] waiting for it to answer \.\.\. answered after \d+s$/,
      /^\[elasticsearch\] ready at http:\/\/127\.0\.0\.1:\d+ after \d+s$/,
    ])
      expect(
        lines.some((line) => expected.test(line)),
        `${expected} in:\n${result.stderr}`,
      ).to.equal(true);
  });

  it("the node runs in a session of its own, out of reach of a terminal's Ctrl-C", async () => {
    const pid = Number((await script(['pid'], env)).stdout.trim());
    const session = (p: number | string) => {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3];
    };
    expect(pid).to.be.greaterThan(0);
    expect(session(pid)).to.not.equal(session('self'));
  });

  it('on a terminal: one line rewritten in place, still no escape codes', async () => {
    await script(['stop'], env);
    const ttyEnv = { ...env, ES_NODE_DIR: path.join(dir, 'nodes-tty') };
    // script(1) gives the command a pseudo-terminal.
    const result = await promisify(execFile)('script', ['-qec', `bash ${SCRIPT} fetch`, '/dev/null'], { env: ttyEnv });
    expect(result.stdout).to.match(/\r\[elasticsearch\] fetching Elasticsearch 0\.0\.0-fake with mvn \.\.\. \d+s /);
    expect(result.stdout).to.match(/\r\[elasticsearch\] fetching Elasticsearch 0\.0\.0-fake with mvn \.\.\. done in \d+s/);
    expect(result.stdout).to.not.include(ESC);
  });

  it('SIGTERM during the launch: the launch completes, the node it launched is stopped, exit 143', async () => {
    await script(['stop'], env);
    const child = spawn('bash', [SCRIPT, 'start'], { env: { ...env, FAKE_LAUNCH_SECONDS: '2' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await waitFor(() => stderr.includes('launching the node'), {
      what: () => `the launch to begin; output:\n${stderr}`,
      timeoutMs: 30_000,
    });
    child.kill('SIGTERM');
    expect(await exited).to.equal(143);
    expect(stderr, stderr).to.include('SIGTERM: stopping the node this start launched');
    expect((await script(['status'], env)).code, 'nothing answers on the port').to.equal(1);
    expect((await script(['pid'], env)).code, 'no node runs').to.equal(1);
  });
});
