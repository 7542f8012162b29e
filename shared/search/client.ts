import { Client, SniffingTransport } from '@elastic/elasticsearch';
import type { Config } from '../config';

type TransportParams = Parameters<SniffingTransport['request']>[0];
type TransportOptions = NonNullable<Parameters<SniffingTransport['request']>[1]>;

/** Reads by path: searches, counts and multi-gets are POSTs that change nothing. */
const READ_PATHS = /\/_(search|msearch|count|mget|field_caps|validate\/query|pit)(\/|$)/;

/**
 * A request that changes nothing in the cluster: sent again to another node, it cannot apply
 * twice. Opening a point in time is a POST too, but a second one only costs a context that expires.
 */
export function isReadRequest(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  return method === 'POST' && READ_PATHS.test(path.split('?')[0]);
}

/**
 * The client's own transport, with two changes:
 * - no OpenTelemetry spans (ClientOptions cannot turn them off). No tracer is set up in this
 *   product: the span bookkeeping was 4 % of the read service's CPU under a load of gets;
 * - only reads are retried (on another node, when one refuses or drops the connection): a write
 *   whose node died may have been applied, and the write path already has its answer for that
 *   (the outbox indexes every job again, with external versions), so it is never sent twice.
 */
class ClusterTransport extends SniffingTransport {
  constructor(options: ConstructorParameters<typeof SniffingTransport>[0]) {
    super({ ...options, openTelemetry: { ...options.openTelemetry, enabled: false } });
  }

  // The base class overloads request() by `meta`; one signature that forwards both is enough here.
  override request<TResponse = unknown>(params: TransportParams, options: TransportOptions = {}): Promise<TResponse> {
    const retries: TransportOptions = isReadRequest(params.method, params.path) ? options : { ...options, maxRetries: 0 };
    return super.request<TResponse>(params, retries);
  }
}

/** How many times a read is sent again: once to each other node, so one dead node never fails it. */
export function readRetries(nodes: number, requested?: number): number {
  return requested ?? Math.max(0, nodes - 1);
}

/**
 * One Elasticsearch client per process: keep-alive connections to every node of
 * ELASTICSEARCH_URL, requests spread over them (round robin, a node that failed gets fewer until
 * it answers again), a request timeout, and no retry of a timeout (a slow cluster answers 503
 * fast instead of piling up work). A read that a node refuses or drops is retried on the next
 * node; a write never is (ClusterTransport). `maxRetries` overrides the read retries (bulk tools
 * that want more patience).
 */
export function createSearchClient(
  config: Pick<Config, 'elasticsearchUrl' | 'esRequestTimeoutMs'> & Partial<Pick<Config, 'elasticsearchNodes'>>,
  options: { maxRetries?: number } = {},
): Client {
  const nodes = config.elasticsearchNodes ?? [config.elasticsearchUrl];
  return new Client({
    nodes,
    requestTimeout: config.esRequestTimeoutMs,
    maxRetries: readRetries(nodes.length, options.maxRetries),
    compression: false,
    // The integ-test distribution has no `GET /`, so the client must not probe it.
    enableMetaHeader: false,
    // Plain JSON.parse for answers instead of secure-json-parse (2 % of the read service's CPU
    // under a load of gets): the answers come from our own cluster, and every document in it was
    // written through the strict mapping, which refuses any key outside the schema, `__proto__`
    // and `constructor` included, so there is nothing for the poisoning check to find.
    disablePrototypePoisoningProtection: true,
    Transport: ClusterTransport,
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
