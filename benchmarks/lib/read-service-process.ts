/**
 * The read service as a process of its own, started as ops run it (compiled with `npm run build`,
 * then `node --enable-source-maps dist/services/read/server.js`, as `npm run start:read` and the
 * container image do): its memory is then its own to measure, and it does not share an event loop
 * with the load the benchmark generates.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../shared/config';
import { freePort } from '../../test/support/free-port';
import { onInterrupt } from './cleanup';

const ROOT = path.resolve(__dirname, '../..');
const READY_TIMEOUT_MS = 60_000;
/** Lines of the service's output kept to explain a failed start. */
const OUTPUT_LINES = 40;

/** A running read service. */
export interface ReadServiceProcess {
  base: string;
  pid: number;
  /** Its resident memory now (VmRSS), in MB; undefined where /proc is not available. */
  rssMb: () => number | undefined;
  /** The most it has held resident since it started (VmHWM), in MB. */
  peakRssMb: () => number | undefined;
  /** Its last lines of output (warnings and errors at LOG_LEVEL=warn). */
  output: () => string;
  /** SIGTERM (its graceful shutdown), then SIGKILL if it has not exited after 10 s. */
  stop: () => Promise<void>;
}

/** A field of /proc/<pid>/status in MB (the kernel gives kB). */
function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

let built = false;
/** Compiles once per run, so the run measures the code of the working tree, not an older dist/ (scale-out starts several instances). */
function buildOnce(): void {
  if (built) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}

/**
 * Starts the read service on the world's database and alias and waits until GET /readyz answers
 * 200; `settings` are environment variables of its own (EMBEDDING_QUERY_CACHE_SIZE=0, say).
 */
export async function startReadServiceProcess(config: Config, settings: NodeJS.ProcessEnv = {}): Promise<ReadServiceProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    READ_PORT: String(port),
    ES_INDEX_ALIAS: config.indexAlias,
    DATABASE_URL: config.databaseUrl,
    // As the configuration found the cluster: a user's ELASTICSEARCH_URL, else the node on ES_PORT.
    ...(config.elasticsearchExternal ? { ELASTICSEARCH_URL: config.elasticsearchUrl } : { ES_PORT: String(config.esPort) }),
    LOG_LEVEL: 'warn',
    // A rate limit in the operator's environment would turn the load phases into 429s.
    READ_RATE_LIMIT_PER_MINUTE: '0',
    ...settings,
  };
  buildOnce();
  return startServiceProcess('the read service', ['--enable-source-maps', 'dist/services/read/server.js'], env, port, '/readyz');
}

/**
 * The pass-through hop (./pass-through-hop-server) in front of the world's alias: the floor of
 * what any Node HTTP service adds to a GET, measured beside the read service.
 */
export async function startPassThroughHop(config: Config): Promise<ReadServiceProcess> {
  const port = await freePort();
  const env = {
    ...process.env,
    HOP_PORT: String(port),
    HOP_ELASTICSEARCH_URL: new URL(config.elasticsearchUrl).origin,
    HOP_INDEX: config.indexAlias,
  };
  return startServiceProcess(
    'the pass-through hop',
    ['--import', 'tsx', 'benchmarks/lib/pass-through-hop-server.ts'],
    env,
    port,
    '/healthz',
  );
}

/** Spawns a node process that serves HTTP on `port` and waits until `readyPath` answers 200. */
async function startServiceProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
): Promise<ReadServiceProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async () => {
    if (gone) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const forget = onInterrupt(stop);
  const base = `http://127.0.0.1:${port}`;
  const output = () => lines.join('\n');

  const started = Date.now();
  for (;;) {
    if (gone) {
      forget();
      throw new Error(`${name} exited before it was ready:\n${output()}`);
    }
    const ready = await fetch(`${base}${readyPath}`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stop();
      forget();
      throw new Error(`${name} was not ready after ${READY_TIMEOUT_MS / 1000}s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid!,
    rssMb: () => procStatusMb(child.pid!, 'VmRSS'),
    peakRssMb: () => procStatusMb(child.pid!, 'VmHWM'),
    output,
    stop: async () => {
      forget();
      await stop();
    },
  };
}
