import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createAllInOneApp } from '../../services/all-in-one';
import { projectRoot } from '../../shared/runtime/project-root';
import { indexFreshJobs, jobDocument } from '../fixtures/job-documents';
import { testConfig, testDb, testLogger, testSearch } from '../support/context';
import { contractChecked } from '../support/http';

const run = promisify(execFile);
const PACKAGE = '@job-listing-agent/client';

/** What a child process prints, whether it exited 0 or not. */
interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment of this process without what would make the children behave unlike a user's
 * shell: npm's lifecycle variables (under `npm test` they name this repository as the prefix and
 * the running script) and NODE_OPTIONS (which may load tsx, so a plain .mjs would not be plain).
 */
function userShellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lifecycle = /^npm_(lifecycle_|package_|command$|config_(local_prefix|workspaces?|include_workspace_root)$)/i.test(key);
    if (!lifecycle && key !== 'NODE_OPTIONS') env[key] = value;
  }
  return env;
}

async function runIn(cwd: string, command: string, args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: userShellEnv(), maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? String(err) };
  }
}

/** `npm pack` of clients/typescript (its prepack builds dist/ first): the tarball and its file list. */
async function packClient(destination: string): Promise<{ tarball: string; files: string[] }> {
  const packed = await runIn(path.join(projectRoot(), 'clients', 'typescript'), 'npm', [
    'pack',
    '--json',
    '--pack-destination',
    destination,
  ]);
  expect(packed.code, packed.stderr).to.equal(0);
  const [entry] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  return { tarball: path.join(destination, entry.filename), files: entry.files.map((file) => file.path).sort() };
}

/** The search every consumer makes, and the one line of JSON it prints. */
const SEARCH_JS = `
const { data, error, response } = await api.GET('/agents/jobs/search', {
  params: { query: { q: 'backend engineer', job_types: ['full_time', 'contract'], fields: ['title', 'type'] } },
});
if (error) throw new Error(\`\${response.status} \${error.code}: \${error.message}\`);
console.log(JSON.stringify({ status: response.status, ids: data.jobs.map((job) => job.id), titles: data.jobs.map((job) => job.title) }));
`;

const MJS_CONSUMER = `import { createJobListingClient } from '${PACKAGE}';
const api = createJobListingClient({ baseUrl: process.argv[2] });
${SEARCH_JS}`;

// No @types/node in the consumer folder, so the base URL is written into the source instead of read from argv.
const tsConsumer = (baseUrl: string) => `import { createJobListingClient, type JobListingClient } from '${PACKAGE}';
const api: JobListingClient = createJobListingClient({ baseUrl: '${baseUrl}' });
${SEARCH_JS}`;

/** Two misuses, each on its own line, that the package's types must refuse (lines 4 and 5). */
const WRONG_CONSUMER = `import { createJobListingClient } from '${PACKAGE}';
const api = createJobListingClient({ baseUrl: 'http://127.0.0.1:9' });
await api.GET('/agents/jobs/search', { params: { query: { q: 'x',
  job_types: ['fulltime'],
  limit: 'ten',
} } });
`;

const STRICT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['ES2022', 'DOM'],
    types: [],
    strict: true,
    skipLibCheck: false,
    outDir: 'out',
  },
  files: ['search.ts'],
};

/** The `file(line,col): error TSnnnn` lines of tsc's output, as file and line. */
function tscErrors(output: string): Array<{ file: string; line: number }> {
  return [...output.matchAll(/^(\S+)\((\d+),\d+\): error TS\d+/gm)].map((m) => ({ file: m[1], line: Number(m[2]) }));
}

describe('the client package (npm pack of clients/typescript, installed outside the repository)', function () {
  this.timeout(60_000);
  const FULL = jobDocument({ title: 'Backend Engineer', type: 'full_time' });
  const PART = jobDocument({ title: 'Backend Engineer, part time', type: 'part_time' });
  const tsc = path.join(projectRoot(), 'node_modules', '.bin', 'tsc');
  let server: http.Server;
  let baseUrl: string;
  let temp: string;
  let consumer: string;
  let packedFiles: string[];

  before(async function () {
    this.timeout(120_000);
    await indexFreshJobs([FULL, PART]);
    const { handler } = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
    server = http.createServer(contractChecked(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    temp = await mkdtemp(path.join(os.tmpdir(), 'jla-client-package-'));
    // Inside the repository, Node would find the workspace link in its node_modules instead of the tarball.
    expect(path.relative(projectRoot(), temp).startsWith('..'), `${temp} is inside the repository`).to.equal(true);
    const { tarball, files } = await packClient(temp);
    packedFiles = files;
    consumer = path.join(temp, 'consumer');
    await mkdir(consumer);
    await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'client-consumer', private: true, type: 'module' }));
    // openapi-fetch comes from npm's cache when it holds it, so the test runs offline after one install.
    const installed = await runIn(consumer, 'npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts']);
    expect(installed.code, installed.stderr).to.equal(0);
  });

  after(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    if (temp) await rm(temp, { recursive: true, force: true });
  });

  it('ships the built JavaScript, its declarations and the README, and no sources', () => {
    expect(packedFiles).to.deep.equal([
      'README.md',
      'dist/api-types.d.ts',
      'dist/api-types.js',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ]);
  });

  it('searches from a plain .mjs file run by node, array filters included', async () => {
    await writeFile(path.join(consumer, 'search.mjs'), MJS_CONSUMER);
    const result = await runIn(consumer, process.execPath, ['search.mjs', baseUrl]);
    expect(result.code, result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout)).to.deep.equal({ status: 200, ids: [FULL.id], titles: [FULL.title] });
  });

  it('type-checks a strict NodeNext .ts consumer with the repository tsc, and its output searches', async () => {
    await writeFile(path.join(consumer, 'search.ts'), tsConsumer(baseUrl));
    await writeFile(path.join(consumer, 'tsconfig.json'), JSON.stringify(STRICT_TSCONFIG, null, 2));
    const checked = await runIn(consumer, tsc, ['-p', 'tsconfig.json']);
    expect(checked.stdout + checked.stderr).to.equal('');
    expect(checked.code).to.equal(0);
    const result = await runIn(consumer, process.execPath, [path.join('out', 'search.js')]);
    expect(result.code, result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout)).to.deep.equal({ status: 200, ids: [FULL.id], titles: [FULL.title] });
  });

  it('refuses a wrong parameter in the .ts consumer at type-check time, on the misused lines only', async () => {
    await writeFile(path.join(consumer, 'wrong.ts'), WRONG_CONSUMER);
    const config = { ...STRICT_TSCONFIG, compilerOptions: { ...STRICT_TSCONFIG.compilerOptions, noEmit: true }, files: ['wrong.ts'] };
    await writeFile(path.join(consumer, 'tsconfig.wrong.json'), JSON.stringify(config, null, 2));
    const checked = await runIn(consumer, tsc, ['-p', 'tsconfig.wrong.json']);
    expect(checked.code).to.not.equal(0);
    expect(tscErrors(checked.stdout), checked.stdout).to.deep.equal([
      { file: 'wrong.ts', line: 4 },
      { file: 'wrong.ts', line: 5 },
    ]);
    expect(checked.stdout).to.include('"fulltime"');
  });
});
