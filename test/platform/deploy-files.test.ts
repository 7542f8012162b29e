import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFile(path.join(ROOT, file), 'utf8');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The first command line of the candidates that runs (answers `probe` with exit 0), or undefined. */
function findTool(candidates: string[][], probe: string[]): string[] | undefined {
  return candidates.find(([command, ...args]) => spawnSync(command, [...args, ...probe], { stdio: 'ignore' }).status === 0);
}

function runTool([command, ...args]: string[], more: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(command, [...args, ...more], { cwd: ROOT, env, encoding: 'utf8' });
}

/** The instructions of a Dockerfile's last stage (what the running image is made of). */
function finalStage(dockerfile: string): string[] {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const from = lines
    .map((l, i) => (/^FROM /i.test(l) ? i : -1))
    .filter((i) => i >= 0)
    .pop()!;
  return lines.slice(from);
}

describe('deployment files (Docker cannot run here: read, and nginx run for real)', () => {
  it('the image: built once in stages, current Node LTS, the embedding model inside, a non-root user, a health check, node as PID 1', async () => {
    const dockerfile = await read('Dockerfile');
    const stage = finalStage(dockerfile);
    expect(stage[0]).to.match(/^FROM node:26-/);
    expect(dockerfile.match(/^FROM /gm)).to.have.length(3);
    // The embedding model is fetched in its own stage and carried into the image, not downloaded at run time.
    expect(stage).to.include('COPY --from=model /build/model ./models/bge-small-en-v15-q');
    expect(stage).to.include('ENV EMBEDDING_MODEL_DIR=models/bge-small-en-v15-q');
    expect(stage.find((l) => /^USER /.test(l))).to.match(/^USER node$/);
    expect(stage.find((l) => /^HEALTHCHECK /.test(l))).to.include('/readyz');
    const run = stage.filter((l) => /^(CMD|ENTRYPOINT) /.test(l));
    expect(run).to.have.length(1);
    expect(JSON.parse(run[0].replace(/^CMD /, ''))[0]).to.equal('node');
    expect(run.join(' ')).not.to.match(/npx|npm|tsx/);
    expect(await read('.dockerignore')).to.match(/^\*\*\/node_modules$/m);
  });

  it('compose: one build of the API image for every service, compiled commands, no install at start', async () => {
    const compose = await read('docker-compose.yml');
    expect(compose).not.to.match(/npx|tsx|apt-get/);
    expect(compose.match(/^\s+build: \.$/gm)).to.have.length(1);
    expect(compose.match(/image: \*api-image/g)).to.have.length(4);
    for (const file of [
      'dist/services/read/server.js',
      'dist/services/write/server.js',
      'dist/services/embedder/main.js',
      'dist/services/all-in-one/server.js',
      'dist/scripts/prepare.js',
    ]) {
      expect(compose).to.include(`"${file}"`);
    }
  });

  describe('checked by the tools themselves', () => {
    // docker-compose (Debian's, test-setup installs it) or the compose plugin: both parse and
    // validate without a Docker engine.
    const compose = findTool([['docker-compose'], ['docker', 'compose']], ['version']);
    const hadolint = findTool([[process.env.HADOLINT_PATH ?? 'hadolint']], ['--version']);
    const skipped = (tool: string[] | undefined, why: string) => (tool ? '' : ` (SKIPPED: ${why})`);

    it(`docker-compose config accepts the compose file${skipped(compose, 'neither docker-compose nor the docker compose plugin is installed')}`, function () {
      if (!compose) this.skip();
      const result = runTool(compose, ['-f', 'docker-compose.yml', 'config', '-q']);
      expect(result.status, result.stderr).to.equal(0);
    });

    it(`the resolved compose file seeds demo data only when SEED_DEMO=1 is given${skipped(compose, 'no docker-compose')}`, function () {
      if (!compose) this.skip();
      const seedOf = (env: NodeJS.ProcessEnv) => {
        const result = runTool(compose, ['-f', 'docker-compose.yml', 'config'], env);
        expect(result.status, result.stderr).to.equal(0);
        const services = (parseYaml(result.stdout) as { services: Record<string, { environment?: Record<string, string> }> }).services;
        return Object.fromEntries(
          Object.entries(services)
            .map(([name, s]) => [name, s.environment?.SEED_DEMO])
            .filter(([, v]) => v !== undefined),
        );
      };
      const env = { ...process.env };
      delete env.SEED_DEMO;
      expect(seedOf(env)).to.deep.equal({ setup: '0' });
      expect(seedOf({ ...env, SEED_DEMO: '1' })).to.deep.equal({ setup: '1' });
    });

    it(`hadolint finds nothing to fix in the Dockerfiles${skipped(hadolint, 'hadolint is not installed (no npm or Debian package ships it; set HADOLINT_PATH)')}`, function () {
      if (!hadolint) this.skip();
      const result = runTool(hadolint, ['Dockerfile', 'deploy/elasticsearch.Dockerfile']);
      expect(result.status, result.stdout + result.stderr).to.equal(0);
    });
  });

  describe('the nginx edge (deploy/nginx.conf, each upstream pointed at a local stand-in)', function () {
    this.timeout(30_000);
    let dir: string;
    let nginx: ChildProcess;
    /** One stand-in per upstream service, answering its own name and the request id it was given. */
    const upstreams = new Map<string, http.Server>();
    let edge: string;

    before(async () => {
      const targets = new Map<string, string>();
      for (const name of ['read', 'write', 'docs']) {
        const server = http.createServer((req, res) =>
          res.end(JSON.stringify({ service: name, received: req.headers['x-request-id'] ?? null })),
        );
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        upstreams.set(name, server);
        targets.set(name, `127.0.0.1:${(server.address() as { port: number }).port}`);
      }
      const port = await freePort();
      dir = await mkdtemp(path.join(os.tmpdir(), 'jla-nginx-'));
      const conf = (await read('deploy/nginx.conf'))
        .replace(/http:\/\/(read|write|docs):\d+/g, (_, name: string) => `http://${targets.get(name)}`)
        .replace(/server (read|write|docs):\d+/g, (_, name: string) => `server ${targets.get(name)}`)
        .replace('listen 80;', `listen 127.0.0.1:${port};`)
        .replace(/resolver [^;]+;/, '');
      await writeFile(path.join(dir, 'nginx.conf'), conf);
      nginx = spawn(
        NGINX,
        ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', `daemon off; pid ${dir}/nginx.pid;`],
        { stdio: 'ignore' },
      );
      edge = `http://127.0.0.1:${port}`;
      const answers = async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
        return fetch(`${edge}/agents/jobs`).then(
          () => true,
          () => false,
        );
      };
      await waitFor(answers, { what: 'nginx to answer', intervalMs: 100 }).catch(async (err: Error) => {
        throw new Error(`nginx did not start (${err.message}): ${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
      });
    });

    after(async () => {
      nginx?.kill('SIGTERM');
      for (const server of upstreams.values()) await new Promise((resolve) => server.close(resolve));
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('routes reads to the read tier, writes to the write service, and /docs, /openapi.json and /mcp to the all-in-one', async () => {
      const cases: [method: string, path: string, service: string][] = [
        ['GET', '/agents/jobs/search?q=nurse', 'read'],
        ['GET', '/agents/jobs', 'read'],
        ['POST', '/agents/jobs', 'write'],
        ['GET', '/agents/applications', 'write'],
        ['GET', '/docs', 'docs'],
        ['GET', '/openapi.json', 'docs'],
        ['POST', '/mcp', 'docs'],
      ];
      for (const [method, requestPath, service] of cases) {
        const res = await fetch(`${edge}${requestPath}`, { method });
        expect(((await res.json()) as { service: string }).service, `${method} ${requestPath}`).to.equal(service);
      }
    });

    it("passes a client's X-Request-Id through to the service", async () => {
      const res = await fetch(`${edge}/agents/jobs`, { headers: { 'x-request-id': 'agent-7:run.42' } });
      expect(await res.json()).to.deep.equal({ service: 'read', received: 'agent-7:run.42' });
    });

    it('makes one when the client sent none, or one that is not a plain token', async () => {
      const sent: Record<string, string>[] = [{}, { 'x-request-id': 'has spaces "and quotes"' }];
      for (const headers of sent) {
        const res = await fetch(`${edge}/agents/jobs`, { headers });
        expect(((await res.json()) as { received: string }).received).to.match(/^[0-9a-f]{32}$/);
      }
    });
  });
});
