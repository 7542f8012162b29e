import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../shared/config';
import { createSearchClient, pingSearch } from '../../shared/search/client';
import { ensureElasticsearch } from '../../scripts/stack/elasticsearch';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../scripts/elasticsearch.sh');

/** Whether a cluster answers at the configured URL. */
async function answers(config: Config): Promise<boolean> {
  const client = createSearchClient(config);
  try {
    return await pingSearch(client);
  } finally {
    await client.close();
  }
}

/**
 * Makes sure a node answers: ELASTICSEARCH_URL's cluster must already; otherwise a node that
 * answers on ES_PORT is used as it is, and only when none does is one started with
 * scripts/elasticsearch.sh. Returns a function that stops the node again if this started it
 * (a node someone else started is never stopped).
 */
export async function ensureSearchNode(config: Config, log: (message: string) => void): Promise<() => Promise<void>> {
  if (await answers(config)) return async () => undefined;
  if (config.elasticsearchExternal) throw new Error(`no Elasticsearch answers at ELASTICSEARCH_URL=${config.elasticsearchUrl}`);
  log(`no Elasticsearch node answers at ${config.elasticsearchUrl}; starting one with scripts/elasticsearch.sh`);
  await ensureElasticsearch(config);
  const port = new URL(config.elasticsearchUrl).port || '9200';
  return async () => {
    log(`stopping the Elasticsearch node this run started (port ${port})`);
    await run('bash', [SCRIPT, 'stop'], { env: { ...process.env, ES_PORT: port }, timeout: 120_000 });
  };
}
