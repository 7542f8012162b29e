import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Config } from '../../shared/config';
import { projectRoot } from '../../shared/runtime/project-root';

const run = promisify(execFile);
const SCRIPT = path.join(projectRoot(), 'scripts/elasticsearch.sh');

/** The local node scripts/elasticsearch.sh runs on a port. */
export interface LocalNode {
  port: string;
  /** True when this start launched it; false when one was already running there. */
  launchedHere: boolean;
  /** Stops it through the script (whoever launched it). */
  stop: () => Promise<void>;
}

/** A start of the local node in progress. */
export interface ElasticsearchStarting {
  /** Undefined when ELASTICSEARCH_URL names the user's own cluster. */
  done: Promise<LocalNode | undefined>;
  /**
   * Passes a signal to the script and what it runs (mvn, curl): SIGINT leaves a node it already
   * launched running, SIGTERM makes it stop that node before it exits.
   */
  interrupt: (signal: NodeJS.Signals) => void;
}

/**
 * Brings up the local Elasticsearch node through scripts/elasticsearch.sh (fetch, start, wait)
 * unless ELASTICSEARCH_URL points at a cluster of the user's. With `ownProcessGroup` the script
 * runs in a process group of its own, reached only through `interrupt`: the caller then decides
 * what a terminal's Ctrl-C does to it. The node itself always runs in a session of its own.
 */
export function startElasticsearch(config: Config, { ownProcessGroup = false } = {}): ElasticsearchStarting {
  if (config.elasticsearchExternal) return { done: Promise.resolve(undefined), interrupt: () => undefined };
  const port = String(config.esPort);
  const child = spawn('bash', [SCRIPT, 'start'], {
    // The script reads its settings from the environment: the configuration's port and heap.
    env: { ...process.env, ES_PORT: port, ...(config.esHeap ? { ES_HEAP: config.esHeap } : {}), ES_LAUNCH_REPORT_FD: '3' },
    // fd 3: the script says there when it launched a node (the node is then this run's to stop).
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
    detached: ownProcessGroup,
  });
  let report = '';
  (child.stdio[3] as Readable).on('data', (chunk) => (report += chunk));
  const done = new Promise<LocalNode>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0) return reject(new Error(`scripts/elasticsearch.sh start ${signal ? `ended by ${signal}` : `exited with ${code}`}`));
      resolve({ port, launchedHere: /^launched /m.test(report), stop: () => stopElasticsearch(port) });
    });
  });
  const interrupt = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(ownProcessGroup ? -child.pid : child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  return { done, interrupt };
}

/** Starts (or finds) the local node and resolves once it answers; see startElasticsearch. */
export async function ensureElasticsearch(config: Config): Promise<LocalNode | undefined> {
  return startElasticsearch(config).done;
}

/** Stops the node the script runs on the port. */
export async function stopElasticsearch(port: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, ES_PORT: port };
  delete env.ELASTICSEARCH_URL;
  await run('bash', [SCRIPT, 'stop'], { env, timeout: 120_000 });
}
