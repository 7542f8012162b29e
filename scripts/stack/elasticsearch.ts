import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../shared/config';
import { projectRoot } from '../../shared/runtime/project-root';

const SCRIPT = path.join(projectRoot(), 'scripts/elasticsearch.sh');

/**
 * Brings up the local Elasticsearch node through scripts/elasticsearch.sh (fetch, start, wait)
 * unless ELASTICSEARCH_URL points at a cluster of the user's.
 */
export async function ensureElasticsearch(config: Config): Promise<void> {
  if (config.elasticsearchExternal) return;
  const port = new URL(config.elasticsearchUrl).port || '9200';
  await new Promise<void>((resolve, reject) => {
    const child = spawn('bash', [SCRIPT, 'start'], { env: { ...process.env, ES_PORT: port }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`scripts/elasticsearch.sh start exited with ${code}`))));
  });
}
