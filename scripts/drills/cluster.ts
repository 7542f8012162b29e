import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../shared/runtime/project-root';

const run = promisify(execFile);
const SCRIPT = path.join(projectRoot(), 'scripts/elasticsearch.sh');

/** Drills run their Elasticsearch nodes on 9310.. (never the ports of npm start, the tests or the benchmark). */
export const DRILL_ES_PORT = 9310;

export interface ClusterHealth {
  status: 'green' | 'yellow' | 'red';
  number_of_nodes: number;
  unassigned_shards: number;
}

/**
 * A local cluster of `nodes` Elasticsearch nodes on `basePort`.. started through
 * scripts/elasticsearch.sh --nodes, which the drills kill, restart and freeze node by node.
 */
export class DrillCluster {
  constructor(
    readonly basePort = DRILL_ES_PORT,
    readonly nodes = 3,
    private readonly heap = '512m',
  ) {}

  private async script(command: string): Promise<string> {
    const env: NodeJS.ProcessEnv = { ...process.env, ES_PORT: String(this.basePort), ES_HEAP: this.heap, ES_NODES: String(this.nodes) };
    delete env.ELASTICSEARCH_URL;
    const { stdout } = await run('bash', [SCRIPT, command, '--nodes', String(this.nodes)], { env, timeout: 600_000 });
    return stdout.trim();
  }

  get urls(): string[] {
    return Array.from({ length: this.nodes }, (_, i) => `http://127.0.0.1:${this.basePort + i}`);
  }

  /** True when every node runs and the cluster answers. */
  async isUp(): Promise<boolean> {
    return this.script('status').then(
      () => true,
      () => false,
    );
  }

  /**
   * True when any node of the cluster runs (answering or not: another drill may have frozen it):
   * then someone else started it, and whoever runs drills now must leave it running.
   */
  async anyNodeRuns(): Promise<boolean> {
    return (await this.pids()).size > 0;
  }

  /** Starts the nodes that do not run (all of them, or one that was killed) and waits for the cluster. */
  async start(): Promise<void> {
    await this.script('start');
  }

  async stop(): Promise<void> {
    await this.script('stop');
  }

  /** The running nodes' process ids by HTTP port. */
  async pids(): Promise<Map<number, number>> {
    const out = await this.script('pid').catch(() => '');
    return new Map(
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ').map(Number) as [number, number]),
    );
  }

  /** The cluster's health as any live node reports it, or undefined when none answers. */
  async health(query = ''): Promise<ClusterHealth | undefined> {
    for (const url of this.urls) {
      const res = await fetch(`${url}/_cluster/health${query}`, { signal: AbortSignal.timeout(35_000) }).catch(() => undefined);
      if (res && (res.ok || res.status === 408)) return (await res.json()) as ClusterHealth;
    }
    return undefined;
  }

  /** Waits until the cluster is green with every node in it. */
  async waitForGreen(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const health = await this.health(`?wait_for_status=green&wait_for_nodes=${this.nodes}&timeout=5s`);
      if (health?.status === 'green' && health.number_of_nodes === this.nodes) return Date.now() - started;
      if (Date.now() - started > timeoutMs) throw new Error(`the cluster is not green after ${timeoutMs} ms: ${JSON.stringify(health)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** The HTTP port of the node holding the primary copy of `index`'s first shard. */
  async primaryNodePort(index: string): Promise<number> {
    const res = await fetch(`${this.urls[0]}/_cat/shards/${index}?format=json&h=prirep,node,state`);
    const shards = (await res.json()) as { prirep: string; node: string; state: string }[];
    const primary = shards.find((shard) => shard.prirep === 'p' && shard.state === 'STARTED');
    if (!primary) throw new Error(`no started primary for ${index}: ${JSON.stringify(shards)}`);
    return Number(primary.node.replace(/^jla-/, ''));
  }

  /** Sends `signal` to the node on `port` (SIGKILL: a crash; SIGSTOP/SIGCONT: frozen and thawed). */
  async signal(port: number, signal: NodeJS.Signals): Promise<number> {
    const pid = (await this.pids()).get(port);
    if (!pid) throw new Error(`no node runs on port ${port}`);
    process.kill(pid, signal);
    return pid;
  }

  /** Sends `signal` to every running node. */
  async signalAll(signal: NodeJS.Signals): Promise<void> {
    for (const pid of (await this.pids()).values()) process.kill(pid, signal);
  }
}
