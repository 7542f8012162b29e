import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { answers } from '../../scripts/stack/postgres';
import { nodeFilesDir, nodeIsUp, nodePid, startNode, stopNode } from '../support/elasticsearch-node';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Ctrl-C and SIGTERM on a listening stack, each run with an Elasticsearch node on a port of its
 * own (the suite's node is never touched) and the embedded PostgreSQL forced. Two runs go through
 * the real `npm start` (npm, its `sh -c`, the build, node dist/scripts/start.js), one through
 * plain node, as a process manager would start it.
 */
describe('npm start and signals', function () {
  this.timeout(300_000);
  let dir: string;
  let esPort: number;
  let pgPort: number;
  let apiPort: number;
  let run: Run | undefined;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-signals-'));
    // As root the embedded server runs as its own user, who must pass through this folder.
    await chmod(dir, 0o755);
    [esPort, pgPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  });

  afterEach(async () => {
    // After a failed test: nothing of the run may outlive it, the embedded server (a group of its own) included.
    run?.kill();
    const postmaster = await readFile(path.join(dir, 'pg', 'data', 'postmaster.pid'), 'utf8').catch(() => '');
    const pid = Number(postmaster.split('\n')[0]);
    if (pid > 0 && alive(pid)) process.kill(pid, 'SIGQUIT');
  });

  after(async () => {
    await stopNode(esPort).catch(() => undefined);
    await rm(nodeFilesDir(esPort), { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  const env = (): NodeJS.ProcessEnv => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
    delete base.DATABASE_URL;
    delete base.ELASTICSEARCH_URL;
    return {
      ...base,
      EMBEDDED_POSTGRES: '1',
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      EMBEDDED_POSTGRES_DIR: path.join(dir, 'pg'),
      ES_PORT: String(esPort),
      PORT: String(apiPort),
      BASE_URL: `http://localhost:${apiPort}`,
      LOG_LEVEL: 'warn',
    };
  };

  const listening = () => ({
    api: answers({ host: '127.0.0.1', port: apiPort }),
    postgres: answers({ host: '127.0.0.1', port: pgPort }),
  });

  it('SIGTERM to `npm start` stops everything it started: the API, the embedded PostgreSQL and the Elasticsearch node it launched', async () => {
    if (await nodeIsUp(esPort)) await stopNode(esPort);
    run = startRun('npm', ['start'], env());
    await run.ready(apiPort);
    const { postgres, es } = await serverPids(dir, esPort);
    expect(sessionOf(es), 'the node runs in a session of its own').to.not.equal(sessionOf(run.pid));
    // The fetch and start progress of scripts/elasticsearch.sh, with no escape codes.
    expect(run.output()).to.match(/\[elasticsearch\] launching the node \.\.\. done in \d+s/);
    expect(run.output()).to.not.include('\x1b');

    process.kill(run.pid, 'SIGTERM');
    await waitFor(
      async () => {
        const open = listening();
        return (
          !(await open.api) &&
          !(await open.postgres) &&
          !(await nodeIsUp(esPort)) &&
          !alive(postgres) &&
          !alive(es) &&
          processesInGroup(run!.pid).length === 0
        );
      },
      { what: () => `everything the run started to be gone; output:\n${run!.output()}`, timeoutMs: 90_000, intervalMs: 100 },
    );
    // npm ends at once by the signal, as the shell it passed it to did; start.js stops the rest.
    expect(await run.exited).to.equal(143);
    expect(run.output()).to.include('[start] SIGTERM: stopping');
  });

  it('Ctrl-C (SIGINT to the process group) stops the API and the embedded PostgreSQL, and leaves the Elasticsearch node running', async () => {
    if (await nodeIsUp(esPort)) await stopNode(esPort);
    run = startRun('npm', ['start'], env());
    await run.ready(apiPort);
    const { postgres, es } = await serverPids(dir, esPort);
    const group = processesInGroup(run.pid);
    expect(group.length, 'npm, its shell, start.js and the worker').to.be.at.least(4);

    process.kill(-run.pid, 'SIGINT');
    await waitFor(
      async () => {
        const open = listening();
        return !(await open.api) && !(await open.postgres) && !alive(postgres) && processesInGroup(run!.pid).length === 0;
      },
      { what: () => `the API and the embedded PostgreSQL to stop; output:\n${run!.output()}`, timeoutMs: 60_000, intervalMs: 100 },
    );
    // start.js exits 0 (a clean stop); npm, which got the Ctrl-C too, ends by it (128 + 2), quietly.
    expect(await run.exited).to.equal(130);
    expect(run.output()).to.not.match(/npm (error|ERR)/);
    expect(await readFile(path.join(dir, 'pg', 'server.log'), 'utf8')).to.match(
      /fast shutdown request[\s\S]*database system is shut down\s*$/,
    );
    expect(alive(es), 'the node runs on').to.equal(true);
    expect(await nodeIsUp(esPort), 'and answers').to.equal(true);
  });

  it('SIGTERM to `node dist/scripts/start.js` stops what it started and leaves a node that ran before it', async () => {
    // What `npm start` builds first (prestart), so this run never starts a stale build.
    await promisify(execFile)('npm', ['run', 'build'], { cwd: ROOT });
    await startNode(esPort);
    const es = await nodePid(esPort);
    run = startRun(process.execPath, ['--enable-source-maps', 'dist/scripts/start.js'], env());
    await run.ready(apiPort);
    const { postgres } = await serverPids(dir, esPort);

    process.kill(run.pid, 'SIGTERM');
    await waitFor(
      async () => {
        const open = listening();
        return !(await open.api) && !(await open.postgres) && !alive(postgres) && processesInGroup(run!.pid).length === 0;
      },
      { what: () => `the API and the embedded PostgreSQL to stop; output:\n${run!.output()}`, timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(await run.exited).to.equal(0);
    expect(alive(es!)).to.equal(true);
    expect(await nodeIsUp(esPort)).to.equal(true);
  });
});

interface Run {
  pid: number;
  output: () => string;
  /** The exit code, or 128 + the signal's number when it ended by a signal (as a shell reports it). */
  exited: Promise<number>;
  /** Resolves once /readyz answers 200 on the port; fails when the run ends first. */
  ready: (port: number) => Promise<void>;
  /** Ends whatever is left of the run (after a failed test). */
  kill: () => void;
}

/** Starts a run in a process group of its own, as a terminal would for a foreground command. */
function startRun(command: string, args: string[], env: NodeJS.ProcessEnv): Run {
  let output = '';
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  let ended = false;
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = true;
      resolve(code ?? 128 + os.constants.signals[signal!]);
    }),
  );
  const pid = child.pid!;
  return {
    pid,
    output: () => output,
    exited,
    ready: async (port) => {
      await waitFor(
        async () => {
          if (ended) throw new Error(`the run ended before it served; output:\n${output}`);
          return (
            (await fetch(`http://127.0.0.1:${port}/readyz`).then(
              (r) => r.status,
              () => 0,
            )) === 200
          );
        },
        { what: () => `/readyz to answer 200; output:\n${output}`, timeoutMs: 240_000, intervalMs: 200 },
      );
    },
    kill: () => {
      for (const member of processesInGroup(pid)) process.kill(member, 'SIGKILL');
    },
  };
}

/** The embedded PostgreSQL's postmaster and the node's pid. */
async function serverPids(dir: string, esPort: number): Promise<{ postgres: number; es: number }> {
  const postgres = Number((await readFile(path.join(dir, 'pg', 'data', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const es = await nodePid(esPort);
  expect(es, 'the node runs').to.be.a('number');
  return { postgres, es: es! };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Fields of /proc/<pid>/stat after the command name: state, ppid, pgrp, session, ... */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function sessionOf(pid: number): string | undefined {
  return statFields(pid)?.[3];
}

/** Live (not zombie) processes of the group. */
function processesInGroup(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && fields[2] === String(pgid) && fields[0] !== 'Z') members.push(Number(entry));
  }
  return members;
}
