import { Client, SniffingTransport } from '@elastic/elasticsearch';
import type { Config } from '../config';

/**
 * The client's own transport without its OpenTelemetry spans (ClientOptions cannot turn them
 * off). No tracer is set up in this product: the span bookkeeping was 4 % of the read
 * service's CPU in a profile under a load of gets, for nothing.
 */
class UntracedTransport extends SniffingTransport {
  constructor(options: ConstructorParameters<typeof SniffingTransport>[0]) {
    super({ ...options, openTelemetry: { ...options.openTelemetry, enabled: false } });
  }
}

/**
 * One Elasticsearch client per process: keep-alive connections, a request timeout, and no
 * retries on the request path (a slow cluster answers 503 fast instead of piling up work).
 */
export function createSearchClient(config: Pick<Config, 'elasticsearchUrl' | 'esRequestTimeoutMs'>, options: { maxRetries?: number } = {}): Client {
  return new Client({
    node: config.elasticsearchUrl,
    requestTimeout: config.esRequestTimeoutMs,
    maxRetries: options.maxRetries ?? 0,
    compression: false,
    // The integ-test distribution has no `GET /`, so the client must not probe it.
    enableMetaHeader: false,
    // Plain JSON.parse for answers instead of secure-json-parse (2 % of the read service's CPU
    // under a load of gets): the answers come from our own cluster, and every document in it was
    // written through the strict mapping, which refuses any key outside the schema, `__proto__`
    // and `constructor` included, so there is nothing for the poisoning check to find.
    disablePrototypePoisoningProtection: true,
    Transport: UntracedTransport,
  });
}

/** True when the cluster answers its health API (the distribution has no `GET /`). */
export async function pingSearch(client: Client): Promise<boolean> {
  try {
    await client.cluster.health({ timeout: '2s' }, { requestTimeout: 2000 });
    return true;
  } catch {
    return false;
  }
}
