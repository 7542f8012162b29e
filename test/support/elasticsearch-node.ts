import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../scripts/elasticsearch.sh');

/** True when the tests run against a cluster they did not start (ELASTICSEARCH_URL given). */
export const externalCluster = Boolean(process.env.ELASTICSEARCH_URL?.trim());

/** Port of the main test node (the one every suite shares). */
export const MAIN_PORT = Number(process.env.ES_PORT ?? 9200);

async function script(command: 'start' | 'stop' | 'status' | 'pid', port = MAIN_PORT): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, ES_PORT: String(port) };
  if (port !== MAIN_PORT) delete env.ELASTICSEARCH_URL;
  const { stdout } = await run('bash', [SCRIPT, command], { env, timeout: 600_000, maxBuffer: 1 << 20 });
  return stdout.trim();
}

/** True when a node answers on the port. */
export async function nodeIsUp(port = MAIN_PORT): Promise<boolean> {
  return script('status', port).then(
    () => true,
    () => false,
  );
}

/**
 * Starts a node on the port (or reuses a healthy one); resolves with its URL when the cluster
 * answers. Outage tests start their own node on another port and stop it, so the shared node
 * stays up for every other suite.
 */
export async function startNode(port = MAIN_PORT): Promise<string> {
  await script('start', port);
  return `http://127.0.0.1:${port}`;
}

/** Stops the node the project's script started on the port. */
export async function stopNode(port = MAIN_PORT): Promise<void> {
  if (externalCluster && port === MAIN_PORT) throw new Error('cannot stop an external cluster (ELASTICSEARCH_URL is set)');
  await script('stop', port);
}

/** Pid of the node the project's script runs on the port, if one runs. */
export async function nodePid(port: number): Promise<number | undefined> {
  return script('pid', port).then(
    (out) => Number(out),
    () => undefined,
  );
}

/**
 * The folder of a lone node's data and logs, as scripts/elasticsearch.sh lays them out: as root
 * outside the clone (ES_NODE_DIR, under a name taken from the clone's path), else in .cache.
 */
export function nodeFilesDir(port: number): string {
  const root = path.resolve(__dirname, '../..');
  if (process.getuid?.() !== 0) return path.join(root, '.cache/elasticsearch', `run-${port}`);
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return path.join(process.env.ES_NODE_DIR ?? '/var/tmp/jla-elasticsearch', hash, `run-${port}`);
}
