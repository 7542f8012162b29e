import { healthRoutes } from '../../shared/http/health-routes';
import { createHttpState } from '../../shared/http/http-state';
import { metricsRoute } from '../../shared/http/metrics-route';
import { createServiceApp } from '../../shared/http/service-app';
import { withOpenApi } from '../../shared/openapi/api-docs-routes';
import { READ_SERVICE } from '../../shared/openapi/document-info';
import { pingSearch } from '../../shared/search/client';
import type { ReadDeps } from './deps';
import { queryEmbedderOnFirstUse } from './query-embedder';
import { readRoutes } from './routes';

/** Builds the read service (browse, search, get, similar jobs) from its dependencies; listening is the caller's job. */
export function createReadApp(deps: ReadDeps) {
  const http = deps.http ?? createHttpState(deps.config);
  const routes = withOpenApi(
    [
      ...readRoutes({ ...deps, embedder: deps.embedder ?? queryEmbedderOnFirstUse(deps.config) }),
      ...healthRoutes({ elasticsearch: () => pingSearch(deps.search) }),
      metricsRoute(http.metrics, deps.config.metricsToken),
    ],
    READ_SERVICE,
  );
  return { ...createServiceApp({ logger: deps.logger, routes, http, config: deps.config }), routes, http };
}
