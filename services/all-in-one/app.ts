import type { RequestListener } from 'node:http';
import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import { createHttpState, type HttpState } from '../../shared/http/http-state';
import type { Logger } from '../../shared/logger';
import { pingSearch } from '../../shared/search/client';
import { createReadApp } from '../read';
import { createWriteApp } from '../write';
import { mcpEndpoint, MCP_PATH } from '../mcp/http-endpoint';
import { createGateway, targetPath } from './gateway';

/** What the all-in-one process needs: both services' dependencies. */
export interface AllInOneDeps {
  config: Config;
  db: Database;
  search: Client;
  logger: Logger;
  /** Metrics and rate-limit windows of the process (else made here, one for all the apps). */
  http?: HttpState;
}

/**
 * The whole API behind one request handler (both services' apps behind the gateway, with
 * /openapi.json and /docs, and the MCP endpoint at /mcp, whose tools call the gateway in process);
 * listening is the caller's job, so tests build it without a port.
 * The apps share one HttpState: one /metrics for the whole API, one rate-limit window per client.
 */
export function createAllInOneApp(deps: AllInOneDeps) {
  const http = deps.http ?? createHttpState(deps.config);
  const read = createReadApp({ ...deps, http });
  const write = createWriteApp({ ...deps, http });
  const api = createGateway({
    logger: deps.logger,
    apps: [read, write],
    checks: { postgres: () => deps.db.ping(), elasticsearch: () => pingSearch(deps.search) },
    http,
    config: deps.config,
  });
  const mcp = mcpEndpoint(api, deps.logger, deps.config.corsWriteOrigins);
  const handler: RequestListener = (req, res) => (targetPath(req.url ?? '/') === MCP_PATH ? mcp(req, res) : api(req, res));
  return { handler, read, write, http };
}
