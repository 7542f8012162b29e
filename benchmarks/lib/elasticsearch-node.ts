import type { Config } from '../../shared/config';
import { createSearchClient, pingSearch } from '../../shared/search/client';
import { ensureElasticsearch, stopElasticsearch } from '../../scripts/stack/elasticsearch';

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
  if (await answers(config)) return () => Promise.resolve();
  if (config.elasticsearchExternal) throw new Error(`no Elasticsearch answers at ELASTICSEARCH_URL=${config.elasticsearchUrl}`);
  log(`no Elasticsearch node answers at ${config.elasticsearchUrl}; starting one with scripts/elasticsearch.sh`);
  await ensureElasticsearch(config);
  const port = String(config.esPort);
  return async () => {
    log(`stopping the Elasticsearch node this run started (port ${port})`);
    await stopElasticsearch(port);
  };
}
