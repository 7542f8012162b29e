import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { loadEnv } from '../../shared/config';
import { readLocalEdgeConfig } from './edge-config';

/** Debian's nginx (scripts/test-setup.sh installs it); NGINX_PATH names another. */
export const NGINX = loadEnv(
  Type.Object({ NGINX_PATH: Type.String({ default: '/usr/sbin/nginx', description: 'the nginx program the read tier runs' }) }),
).NGINX_PATH;

export interface ReadTierOptions {
  /** Read instances to start, on readPorts (default: consecutive ports after `port`). */
  instances: number;
  /** The one address callers use: nginx listens here (127.0.0.1). */
  port: number;
  readPorts?: number[];
  /**
   * Port of an all-in-one process serving writes, /docs and /openapi.json behind the same edge
   * (its indexer on, unless RUN_INDEXER=false); undefined: none is started and those answer 502.
   */
  writerPort?: number;
  /** Environment of every process (DATABASE_URL, ELASTICSEARCH_URL, REDIS_URL, ...). */
  env?: NodeJS.ProcessEnv;
  log?: (msg: string) => void;
  /** How long each process may take to answer /readyz (default 60 s). */
  readyTimeoutMs?: number;
}

/** One process of the tier, with what it printed (for a message when it dies). */
export interface TierProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

/**
 * The service entry points as this module runs: the TypeScript sources under tsx (tests,
 * `npm run read-tier` through tsx), the compiled ones under dist/ otherwise.
 */
export function entryPoint(service: 'read' | 'all-in-one'): string[] {
  const ext = path.extname(__filename);
  const file = path.resolve(__dirname, `../../services/${service}/server${ext}`);
  return ext === '.ts' ? ['--import', 'tsx', file] : ['--enable-source-maps', file];
}

export function startProcess(name: string, port: number, args: string[], env: NodeJS.ProcessEnv): TierProcess {
  let output = '';
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { name, port, child, output: () => output };
}

export async function waitForReady(proc: TierProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.output()}`);
    const ready = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${proc.name} was not ready at ${url} within ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stopProcess(proc: TierProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(force);
}

/** nginx running a local edge configuration, and how to stop it. */
export interface Edge {
  url: string;
  process: TierProcess;
  stop(): Promise<void>;
}

/**
 * nginx on 127.0.0.1:`port` with deploy/nginx.conf, its read upstream pointed at `readPorts` and
 * writes and docs at `writerPort` (none: port 1, where nothing listens, so they answer 502 at once).
 */
export async function startEdge(options: { port: number; readPorts: number[]; writerPort?: number; timeoutMs?: number }): Promise<Edge> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not at ${NGINX}: install Debian's nginx (apt-get install nginx) or set NGINX_PATH`);
  const writer = `127.0.0.1:${options.writerPort ?? 1}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jla-edge-'));
  const conf = await readLocalEdgeConfig({
    read: options.readPorts.map((p) => `127.0.0.1:${p}`),
    write: writer,
    docs: writer,
    listen: `127.0.0.1:${options.port}`,
  });
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, conf);
  const errorLog = path.join(dir, 'error.log');
  const args = ['-p', dir, '-c', file, '-e', errorLog, '-g', `daemon off; pid ${dir}/nginx.pid;`];
  const proc: TierProcess = { name: 'nginx', port: options.port, child: spawn(NGINX, args, { stdio: 'ignore' }), output: () => '' };
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    await stopProcess(proc, 'SIGQUIT');
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (
    !(await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    ))
  ) {
    if (proc.child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(errorLog, 'utf8').catch(() => '');
      await stop();
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, process: proc, stop };
}

/**
 * N read processes behind nginx at one address, run with deploy/nginx.conf (upstreams rewritten
 * to the local ports), plus an optional all-in-one process for writes and docs. The read
 * instances run with TRUST_PROXY=true, as behind any proxy, so per-address limits see clients.
 */
export class ReadTier {
  readonly readers: TierProcess[] = [];
  writer?: TierProcess;
  edge?: Edge;

  constructor(private readonly options: ReadTierOptions) {}

  /** The one base URL. */
  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  async start(): Promise<this> {
    const { instances, port, writerPort, readyTimeoutMs = 60_000 } = this.options;
    const log = this.options.log ?? (() => undefined);
    const readPorts = this.options.readPorts ?? Array.from({ length: instances }, (_, i) => port + 1 + i);
    const env = { ...process.env, ...this.options.env, TRUST_PROXY: 'true' };
    try {
      for (const readPort of readPorts.slice(0, instances)) {
        this.readers.push(
          startProcess(`read instance on ${readPort}`, readPort, entryPoint('read'), { ...env, READ_PORT: String(readPort) }),
        );
      }
      if (writerPort !== undefined) {
        this.writer = startProcess(`all-in-one (writes, docs) on ${writerPort}`, writerPort, entryPoint('all-in-one'), {
          ...env,
          PORT: String(writerPort),
        });
      }
      const all = [...this.readers, ...(this.writer ? [this.writer] : [])];
      await Promise.all(all.map((proc) => waitForReady(proc, `http://127.0.0.1:${proc.port}/readyz`, readyTimeoutMs)));
      log(`${this.readers.length} read instance(s) ready on ports ${readPorts.slice(0, instances).join(', ')}`);
      this.edge = await startEdge({
        port,
        readPorts: readPorts.slice(0, instances),
        writerPort: this.writer?.port,
        timeoutMs: readyTimeoutMs,
      });
      log(`nginx (deploy/nginx.conf) serving at ${this.url}`);
      return this;
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  /** Ends read instance `index` at once, as a crash would (SIGKILL: no draining). */
  async killReader(index: number): Promise<void> {
    await stopProcess(this.readers[index], 'SIGKILL');
  }

  /** Stops everything it started: nginx first (no new requests), then the services, gracefully. */
  async stop(): Promise<void> {
    await this.edge?.stop();
    await Promise.all([...this.readers, ...(this.writer ? [this.writer] : [])].map((proc) => stopProcess(proc)));
  }
}
