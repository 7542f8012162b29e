import type { RequestListener } from 'node:http';
import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import type { TextEmbedder } from '../../shared/embedding';
import { createHttpState, type HttpState } from '../../shared/http/http-state';
import type { Logger } from '../../shared/logger';
import { pingSearch } from '../../shared/search/client';
import { mcpEndpoint } from '../mcp';
import { createReadApp } from '../read';
import { createWriteApp } from '../write';
import { createGateway } from './gateway';

/** What the all-in-one process needs: both services' dependencies. */
export interface AllInOneDeps {
  config: Config;
  db: Database;
  search: Client;
  logger: Logger;
  /** Metrics and rate-limit windows of the process (else made here, one for all the apps). */
  http?: HttpState;
  /** The query embedder of hybrid and semantic search (else loaded on the first search that needs it). */
  embedder?: TextEmbedder;
}

/**
 * The whole API behind one request handler (both services' apps behind the gateway, with
 * /openapi.json and /docs, and the MCP endpoint at /mcp, a route of the gateway's app whose tools
 * call this same handler in process); listening is the caller's job, so tests build it without a
 * port. The apps share one HttpState: one /metrics for the whole API, one rate-limit window per client.
 */
export function createAllInOneApp(deps: AllInOneDeps) {
  const http = deps.http ?? createHttpState(deps.config);
  const read = createReadApp({ ...deps, http });
  const write = createWriteApp({ ...deps, http });
  // Resolved per call: the tools dispatch through the handler that serves /mcp itself.
  const api: RequestListener = (req, res) => handler(req, res);
  const handler = createGateway({
    logger: deps.logger,
    apps: [read, write],
    checks: { postgres: () => deps.db.ping(), elasticsearch: () => pingSearch(deps.search) },
    http,
    config: deps.config,
    endpoints: [mcpEndpoint(api, deps.config.corsWriteOrigins)],
  });
  return { handler, read, write, http };
}
